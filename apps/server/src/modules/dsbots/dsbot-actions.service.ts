// Start, stop, force-stop, pause, resume and "Gelöst" (the bot protection solved): each a status change
// plus a word to the runner or the bot. Start and stop name the runner through one of its bot-user connections of this bot.
import type { RunnerCommand } from "@dsbot/protocol";
import { botLogMessages, errorMessages } from "@dsbot/protocol";
import type { BotContext } from "../../platform/app-context.js";
import type { DsbotRow, UserRow } from "../../db/schema.js";
import { badRequest, HttpError } from "../../http/errors.js";
import { changeStatus, runningStatuses } from "./dsbot-status.service.js";
import { findVisibleBot } from "../../policies/dsbots.policy.js";
import { botConnections, findConnection } from "./websocket-connections.service.js";
import { closePlayerTabRequests } from "../tab-requests/index.js";

/** The runner socket (and its token) behind a bot-user connection of this bot, whose user may still see the bot. */
async function runnerSocketFor(ctx: BotContext, bot: DsbotRow, connectionId: number): Promise<{ socketId: string; runnerTokenId: number }> {
  const connection = await findConnection(ctx.db, connectionId);
  if (!connection || connection.origin !== "bot-user" || connection.dsbotId !== bot.id) {
    const message = errorMessages.connectionNotOfBot;
    throw badRequest(message, [{ path: "websocketConnectionId", message }]);
  }
  if (!(await findVisibleBot(ctx.db, connection.runnerUser, bot.id))) {
    throw new HttpError(403, "forbidden", errorMessages.connectionNotAllowed);
  }
  return { socketId: connection.socketId, runnerTokenId: connection.runnerTokenId };
}

export async function startBot(ctx: BotContext, actor: UserRow, bot: DsbotRow, connectionId: number): Promise<DsbotRow> {
  const { socketId, runnerTokenId } = await runnerSocketFor(ctx, bot, connectionId);
  // The runner told to start the bot is the only one whose bot socket is accepted (handshake.ts).
  const started = await changeStatus(ctx, bot.id, {
    from: ["offline"],
    to: "starting",
    message: botLogMessages.startRequested,
    userId: actor.id,
    conflictMessage: errorMessages.botAlreadyStarted,
    startedBy: runnerTokenId,
  });
  await ctx.realtime.runnerCommand({ socketIds: [socketId] }, { action: "start", dsbotId: bot.id });
  return started;
}

/**
 * Stopping asks the runner (and the bot) to stop; the bot socket closing then makes it offline
 * ("Gestoppt"). A bot without a bot socket at the time of the request has nothing to close, so it
 * goes offline at once. That is decided before the runner hears of it: a fast runner may close the
 * socket before this request is done, and that must not look like "never connected".
 */
export async function stopBot(ctx: BotContext, actor: UserRow, bot: DsbotRow, connectionId: number): Promise<DsbotRow> {
  const { socketId } = await runnerSocketFor(ctx, bot, connectionId);
  let stopped = await changeStatus(ctx, bot.id, {
    from: ["starting", "online", "paused"],
    to: "stopping",
    message: botLogMessages.stopRequested,
    userId: actor.id,
    conflictMessage: bot.status === "stopping" ? errorMessages.botStopping : errorMessages.botNotStarted,
  });
  const connected = (await botConnections(ctx.db, bot.id, "bot")).length > 0;
  await ctx.realtime.runnerCommand({ socketIds: [socketId] }, { action: "stop", dsbotId: bot.id });
  await ctx.realtime.botControl(bot.id, { action: "stop" });
  if (!connected) {
    stopped = await changeStatus(ctx, bot.id, {
      from: ["stopping"],
      to: "offline",
      message: botLogMessages.stopped,
      userId: actor.id,
      conflictMessage: errorMessages.botNotStarted,
    });
  }
  return stopped;
}

/** Offline at once: the bot socket is cut and every runner that may run it hears force-stop. */
export async function forceStopBot(ctx: BotContext, actor: UserRow, bot: DsbotRow): Promise<DsbotRow> {
  const stopped = await changeStatus(ctx, bot.id, {
    from: runningStatuses,
    to: "offline",
    message: botLogMessages.forceStopped,
    level: "warn",
    userId: actor.id,
    conflictMessage: errorMessages.botNotStarted,
  });
  const connections = await botConnections(ctx.db, bot.id);
  const command: RunnerCommand = { action: "force-stop", dsbotId: bot.id };
  await ctx.realtime.runnerCommand(
    {
      socketIds: connections.filter((c) => c.origin === "bot-user").map((c) => c.socketId),
      runnerTokenIds: connections.filter((c) => c.origin === "bot").map((c) => c.runnerTokenId),
    },
    command,
  );
  await ctx.events.emit("bot.forced-offline", { dsbotId: bot.id });
  return stopped;
}

export async function pauseBot(ctx: BotContext, actor: UserRow, bot: DsbotRow): Promise<DsbotRow> {
  const paused = await changeStatus(ctx, bot.id, {
    from: ["online"],
    to: "paused",
    message: botLogMessages.paused,
    userId: actor.id,
    conflictMessage: errorMessages.botNotOnline,
  });
  await ctx.realtime.botControl(bot.id, { action: "pause" });
  return paused;
}

export async function resumeBot(ctx: BotContext, actor: UserRow, bot: DsbotRow): Promise<DsbotRow> {
  const resumed = await changeStatus(ctx, bot.id, {
    from: ["paused"],
    to: "online",
    message: botLogMessages.resumed,
    userId: actor.id,
    conflictMessage: errorMessages.botNotPaused,
  });
  await ctx.realtime.botControl(bot.id, { action: "resume" });
  return resumed;
}

/**
 * "Gelöst": the player solved the game's bot protection in their own game tab. The bot goes on (online,
 * the protection cleared) and hears "solved"; the open "Bot braucht dich" request for it is done.
 */
export async function solveBotProtection(ctx: BotContext, actor: UserRow, bot: DsbotRow): Promise<DsbotRow> {
  const resumed = await changeStatus(ctx, bot.id, {
    from: ["paused"],
    to: "online",
    whileProtected: true,
    message: botLogMessages.protectionSolved,
    userId: actor.id,
    conflictMessage: errorMessages.botNotProtected,
  });
  await ctx.realtime.botControl(bot.id, { action: "solved" });
  await closePlayerTabRequests(ctx.db, bot.id, "bot_protection");
  return resumed;
}
