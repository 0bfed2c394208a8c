// The bot socket's own events of a bot: its status, log lines, a call for its player, the server's
// clock, its request budget and what it did today.
import type { BotProtectionReport, BotStatus } from "@dsbot/protocol";
import { botLogMessages, botLogReportSchema, botNeedsPlayerSchema, botProtectionReportSchema, botStatusReportSchema, botUsageSchema, botActivitySchema, errorMessages } from "@dsbot/protocol";
import type { BotContext } from "../../platform/app-context.js";
import { conflict, notFound } from "../../http/errors.js";
import { botEvent } from "../../platform/bot-events.js";
import { reportNeedsPlayer } from "./bot-notifications.js";
import { addBotLog } from "./dsbot-logs.service.js";
import { tryChangeStatus } from "./dsbot-status.service.js";
import { storeBotUsage } from "./dsbot-usage.service.js";
import { storeBotActivity } from "./dsbot-activity.service.js";
import { getBotRow } from "./dsbots.service.js";

const reportableFrom = ["starting", "online", "paused"] as const satisfies readonly BotStatus[];

/**
 * A bot reporting its status: online or paused, while the dashboard has it starting, online or
 * paused. The change is tried first and the bot read only when it does not apply (hot path: one query).
 */
async function reportStatus(
  ctx: BotContext,
  dsbotId: number,
  status: "online" | "paused",
  runnerUserId: number,
  requireAccess: () => Promise<void>,
): Promise<BotStatus> {
  // The access check rides in the change's statement; only when nothing changed is it asked alone,
  // to tell a lost access (404, the socket is cut) from a bot that is not in a reportable state.
  // The hot path of every runner: its commit does not wait for the disk (liveDb). A start or stop
  // from the dashboard still does.
  const changed = await tryChangeStatus({ ...ctx, db: ctx.liveDb ?? ctx.db }, dsbotId, {
    from: reportableFrom.filter((s) => s !== status),
    to: status,
    message: status === "online" ? botLogMessages.online : botLogMessages.pausedByBot,
    userId: null,
    visibleTo: runnerUserId,
  });
  if (changed) return status;
  await requireAccess();
  const bot = await getBotRow(ctx.db, dsbotId);
  if (!bot) throw notFound(errorMessages.botNotFound);
  if (bot.status === status) return status;
  throw conflict(bot.status === "stopping" ? errorMessages.botStopping : errorMessages.botNotStarted);
}

/** bot:protection: the pause with its time, then the call for the player (once per protection). */
async function reportProtection(ctx: BotContext, dsbotId: number, report: BotProtectionReport, runnerUserId: number, requireAccess: () => Promise<void>): Promise<number> {
  const paused = await tryChangeStatus(ctx, dsbotId, {
    from: ["starting", "online", "paused"],
    to: "paused",
    protection: true,
    message: botLogMessages.protection,
    level: "warn",
    userId: null,
    visibleTo: runnerUserId,
  });
  if (!paused) {
    await requireAccess();
    throw conflict(errorMessages.botNotStarted);
  }
  await reportNeedsPlayer(ctx, dsbotId, { reason: "bot_protection", ...(report.message ? { message: report.message } : {}) });
  return (paused.protectedSince ?? new Date()).getTime();
}

export const dsbotSocketEvents = [
  botEvent({
    event: "bot:status",
    schema: botStatusReportSchema,
    queued: true,
    checksAccess: true,
    handle: async ({ status }, bot) => ({ status: await reportStatus(bot.ctx, bot.dsbotId, status, bot.runnerUserId, bot.requireAccess) }),
  }),
  botEvent({
    event: "bot:log",
    schema: botLogReportSchema,
    handle: async (entry, bot) => {
      const id = await addBotLog(bot.ctx.db, { dsbotId: bot.dsbotId, ...entry, userId: null });
      await bot.ctx.events.emit("bot.logged", { dsbotId: bot.dsbotId });
      return { id };
    },
  }),
  botEvent({
    event: "bot:needs-player",
    schema: botNeedsPlayerSchema,
    handle: async (report, bot) => ({ notified: await reportNeedsPlayer(bot.ctx, bot.dsbotId, report) }),
  }),
  /**
   * The game's bot protection met the bot during play: paused with "Bot-Schutz" since now (a repeat keeps
   * the first time), and its audience alerted as for bot:needs-player (a notification on every channel
   * its rules allow, and the owner's "Bot braucht dich" request).
   */
  botEvent({
    event: "bot:protection",
    schema: botProtectionReportSchema,
    queued: true,
    checksAccess: true,
    handle: async (report, bot) => ({ since: await reportProtection(bot.ctx, bot.dsbotId, report, bot.runnerUserId, bot.requireAccess) }),
  }),
  /** The server's clock, for the runner's clock offset. */
  botEvent({
    event: "bot:time",
    handle: async () => ({ serverTime: Date.now() }),
  }),
  /** The bot's request budget report (each minute it runs): kept as its latest, and to the bot's audience. */
  botEvent({
    event: "bot:usage",
    schema: botUsageSchema,
    queued: true,
    handle: async (report, bot) => {
      const usage = await storeBotUsage(bot.ctx.db, bot.dsbotId, report);
      await bot.ctx.events.emit("bot.usage-reported", { dsbotId: bot.dsbotId, usage });
      return {};
    },
  }),
  /** What the bot did today, as its runner session counted it (each minute it runs): for the daily report. */
  botEvent({
    event: "bot:activity",
    schema: botActivitySchema,
    queued: true,
    handle: async (report, bot) => {
      await storeBotActivity(bot.ctx.db, bot.dsbotId, report);
      return {};
    },
  }),
];
