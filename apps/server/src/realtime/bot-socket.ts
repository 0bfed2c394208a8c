// A bot's socket (origin bot): it gets its full config on connect, reports its status, log lines, its
// troops and when it needs its player, and when it drops the bot goes offline ("Gestoppt" after a stop,
// otherwise a lost connection, which also notifies everyone who may see the bot).
import type { BotStatus } from "@dsbot/protocol";
import type { AttackStatus, BotAttack, BotTemplate } from "@dsbot/protocol";
import {
  botAttackResultSchema,
  botAttacksRequestSchema,
  botLogMessages,
  botLogReportSchema,
  botNeedsPlayerSchema,
  botStatusReportSchema,
  botIncomingsReportSchema,
  botTemplatesRequestSchema,
  botUsageSchema,
  botVillagesReportSchema,
  botTroopsReportSchema,
  errorMessages,
  realtimeMessage,
} from "@dsbot/protocol";
import type { FastifyBaseLogger } from "fastify";
import type { BotContext } from "../app-context.js";
import { conflict, HttpError, notFound } from "../http/errors.js";
import type { BotRun } from "../modules/attack-execution/bot-attacks.js";
import { claimBotAttacks, reportBotAttack } from "../modules/attack-execution/bot-attacks.js";
import { botTemplates } from "../modules/account-manager/builder-templates.service.js";
import { replaceBotTroops } from "../modules/bot-troops/bot-troops.service.js";
import { storeBotVillages } from "../modules/bot-troops/bot-villages.service.js";
import { storeBotUsage } from "../modules/dsbots/dsbot-usage.service.js";
import { replaceBotIncomings } from "../modules/war-room/bot-incomings.service.js";
import { notifyBotOffline, reportNeedsPlayer } from "../modules/dsbots/bot-notifications.js";
import { announceConnections } from "../modules/dsbots/connection-events.js";
import { addBotLog } from "../modules/dsbots/dsbot-logs.service.js";
import { tryChangeStatus } from "../modules/dsbots/dsbot-status.service.js";
import { botsVisibleTo } from "../modules/dsbots/dsbots.policy.js";
import { presentBotConfig } from "../modules/dsbots/dsbots.presenter.js";
import { getBotRow } from "../modules/dsbots/dsbots.service.js";
import { addConnections, botConnections, removeSocketConnections } from "../modules/dsbots/websocket-connections.service.js";
import { worldZoneOf } from "../modules/worlds/world-zone.js";
import type { RealtimeSocket, ServerLifecycle } from "./types.js";
import { botRoom } from "./rooms.js";
import type { Reply } from "./socket-ack.js";
import { failure, invalidPayload, replier, serialQueue } from "./socket-ack.js";

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

const reportableFrom = ["starting", "online", "paused"] as const satisfies readonly BotStatus[];

/** The last bot socket of a bot is gone: a requested stop ends, anything else is a lost connection. */
async function botGone(ctx: BotContext, dsbotId: number): Promise<void> {
  if ((await botConnections(ctx.db, dsbotId, "bot")).length > 0) return;
  const bot = await getBotRow(ctx.db, dsbotId);
  if (bot?.status === "stopping") {
    await tryChangeStatus(ctx, dsbotId, { from: ["stopping"], to: "offline", message: botLogMessages.stopped, userId: null });
  } else if (bot?.status === "starting" || bot?.status === "online" || bot?.status === "paused") {
    const lost = await tryChangeStatus(ctx, dsbotId, {
      from: ["starting", "online", "paused"],
      to: "offline",
      message: botLogMessages.connectionLost,
      level: "warn",
      userId: null,
    });
    if (lost) await notifyBotOffline(ctx, lost);
  }
}

export function handleBotSocket(socket: RealtimeSocket, ctx: BotContext, log: FastifyBaseLogger, lifecycle: ServerLifecycle): void {
  const { runner, dsbotId } = socket.data;
  if (!runner || dsbotId === null) return;
  // The bot plays for its owner; the attacks it may take also depend on whose runner it runs on.
  const run: BotRun = { dsbotId, runnerUserId: socket.data.user.id };
  const queue = serialQueue((error) => log.error({ err: error, socketId: socket.id, dsbotId }, "bot socket handler failed"));

  /**
   * Every event re-checks that the socket's user may still see the bot: a demotion or a revoked grant
   * cuts the socket at once, but an event already on its way must not get through either.
   */
  const lostAccess = new WeakSet<object>();
  async function requireAccess(): Promise<void> {
    if ((await botsVisibleTo(ctx.db, socket.data.user.id, [dsbotId as number])).has(dsbotId as number)) return;
    const error = notFound(errorMessages.botNotFound);
    lostAccess.add(error);
    throw error;
  }

  /** Answers a failed event; a socket that lost access is cut once its answer is on the way. */
  function fail(reply: Reply<never>, error: unknown, event: string): void {
    if (!(error instanceof HttpError)) log.error({ err: error, dsbotId }, `${event} failed`);
    reply(failure(error));
    if (lostAccess.has(error as object)) socket.disconnect(true);
  }

  void queue(async () => {
    const added = await addConnections(ctx.db, lifecycle.instanceId, [{ origin: "bot", dsbotId, runnerTokenId: runner.tokenId, socketId: socket.id }]);
    // One bot socket per bot: a reconnecting bot replaces a stale one (whose drop then changes nothing,
    // because this socket's row already exists).
    socket.nsp.in(botRoom(dsbotId)).except(socket.id).disconnectSockets(true);
    await announceConnections(ctx, "created", added, runner.name);
    const bot = await getBotRow(ctx.db, dsbotId);
    if (bot) ctx.realtime.botConfig(socket.id, { ...presentBotConfig(bot), timeZone: await worldZoneOf(ctx.db, { server: bot.worldServer, world: bot.worldWorld }) });
  });

  socket.on("bot:status", (payload: unknown, ack: unknown) => {
    const reply = replier<{ status: BotStatus }>(ack);
    const parsed = botStatusReportSchema.safeParse(payload);
    if (!parsed.success) return reply(invalidPayload(parsed.error));
    void queue(async () => {
      try {
        reply({ ok: true, status: await reportStatus(ctx, dsbotId, parsed.data.status, socket.data.user.id, requireAccess) });
      } catch (error) {
        fail(reply, error, "bot:status");
      }
    });
  });

  socket.on("bot:log", (payload: unknown, ack: unknown) => {
    const reply = replier<{ id: number }>(ack);
    const parsed = botLogReportSchema.safeParse(payload);
    if (!parsed.success) return reply(invalidPayload(parsed.error));
    requireAccess()
      .then(() => addBotLog(ctx.db, { dsbotId, ...parsed.data, userId: null }))
      .then(
        (id) => reply({ ok: true, id }),
        (error: unknown) => fail(reply, error, "bot:log"),
      );
  });

  socket.on("bot:needs-player", (payload: unknown, ack: unknown) => {
    const reply = replier<{ notified: number }>(ack);
    const parsed = botNeedsPlayerSchema.safeParse(payload);
    if (!parsed.success) return reply(invalidPayload(parsed.error));
    requireAccess()
      .then(() => reportNeedsPlayer(ctx, dsbotId, parsed.data))
      .then(
        (notified) => reply({ ok: true, notified }),
        (error: unknown) => fail(reply, error, "bot:needs-player"),
      );
  });

  /** The server's clock, for the runner's clock offset. */
  socket.on("bot:time", (...args: unknown[]) => {
    const reply = replier<{ serverTime: number }>(args.at(-1));
    requireAccess().then(
      () => reply({ ok: true, serverTime: Date.now() }),
      (error: unknown) => fail(reply, error, "bot:time"),
    );
  });

  socket.on("bot:attacks", (payload: unknown, ack: unknown) => {
    const reply = replier<{ attacks: BotAttack[]; serverTime: number }>(ack);
    const parsed = botAttacksRequestSchema.safeParse(payload);
    if (!parsed.success) return reply(invalidPayload(parsed.error));
    requireAccess()
      .then(() => claimBotAttacks(ctx, run, parsed.data.withinMs))
      .then(
        (attacks) => reply({ ok: true, attacks, serverTime: Date.now() }),
        (error: unknown) => fail(reply, error, "bot:attacks"),
      );
  });

  socket.on("bot:attack-result", (payload: unknown, ack: unknown) => {
    const reply = replier<{ status: AttackStatus }>(ack);
    const parsed = botAttackResultSchema.safeParse(payload);
    if (!parsed.success) return reply(invalidPayload(parsed.error));
    requireAccess()
      .then(() => reportBotAttack(ctx, run, parsed.data))
      .then(
        (status) => reply({ ok: true, status }),
        (error: unknown) => fail(reply, error, "bot:attack-result"),
      );
  });

  /** Always for the socket's own bot: a `dsbotId` in the payload is no field of the schema and dropped. */
  socket.on("bot:troops", (payload: unknown, ack: unknown) => {
    const reply = replier<{ villages: number }>(ack);
    const parsed = botTroopsReportSchema.safeParse(payload);
    if (!parsed.success) return reply(invalidPayload(parsed.error));
    requireAccess()
      .then(() => replaceBotTroops(ctx.db, dsbotId, parsed.data))
      .then(async (villages) => {
        await ctx.realtime.toBotAudience(dsbotId, realtimeMessage("troops-updated", { dsbotId }));
        return villages;
      })
      .then(
        (villages) => reply({ ok: true, villages }),
        (error: unknown) => fail(reply, error, "bot:troops"),
      );
  });

  socket.on("bot:incomings", (payload: unknown, ack: unknown) => {
    const reply = replier<{ incomings: number }>(ack);
    const parsed = botIncomingsReportSchema.safeParse(payload);
    if (!parsed.success) return reply(invalidPayload(parsed.error));
    // One bot's scans in turn (they replace the bot's set, without a long transaction).
    void queue(() =>
      requireAccess()
        .then(() => replaceBotIncomings(ctx, dsbotId, parsed.data))
        .then(
          (result) => reply({ ok: true, incomings: result.incomings }),
          (error: unknown) => fail(reply, error, "bot:incomings"),
        ),
    );
  });

  /** A part of an inventory scan's villages (the "Dörfer" tab); the scan's last part tells the bot's audience. */
  socket.on("bot:villages", (payload: unknown, ack: unknown) => {
    const reply = replier<{ villages: number }>(ack);
    const parsed = botVillagesReportSchema.safeParse(payload);
    if (!parsed.success) return reply(invalidPayload(parsed.error));
    void queue(() =>
      requireAccess()
        .then(() => storeBotVillages(ctx.db, dsbotId, parsed.data))
        .then(async (villages) => {
          if (parsed.data.last) await ctx.realtime.toBotAudience(dsbotId, realtimeMessage("troops-updated", { dsbotId }));
          return villages;
        })
        .then(
          (villages) => reply({ ok: true, villages }),
          (error: unknown) => fail(reply, error, "bot:villages"),
        ),
    );
  });

  /** The bot's request budget report (each minute it runs): kept as its latest, and to the bot's audience. */
  socket.on("bot:usage", (payload: unknown, ack: unknown) => {
    const reply = replier(ack);
    const parsed = botUsageSchema.safeParse(payload);
    if (!parsed.success) return reply(invalidPayload(parsed.error));
    void queue(() =>
      requireAccess()
        .then(() => storeBotUsage(ctx.db, dsbotId, parsed.data))
        .then((usage) => ctx.realtime.toBotAudience(dsbotId, realtimeMessage("bot-usage", { dsbotId, usage })))
        .then(
          () => reply({ ok: true }),
          (error: unknown) => fail(reply, error, "bot:usage"),
        ),
    );
  });

  /** The templates of the bot's owner among the ids asked for (the builder reads its steps). */
  socket.on("bot:templates", (payload: unknown, ack: unknown) => {
    const reply = replier<{ templates: BotTemplate[] }>(ack);
    const parsed = botTemplatesRequestSchema.safeParse(payload);
    if (!parsed.success) return reply(invalidPayload(parsed.error));
    requireAccess()
      .then(() => botTemplates(ctx.db, dsbotId, parsed.data.ids))
      .then(
        (templates) => reply({ ok: true, templates }),
        (error: unknown) => fail(reply, error, "bot:templates"),
      );
  });

  socket.on("disconnect", () => {
    if (lifecycle.closing) return;
    void queue(async () => {
      const removed = await removeSocketConnections(ctx.db, socket.id);
      await announceConnections(ctx, "deleted", removed, runner.name);
      await botGone(ctx, dsbotId);
    });
  });
}
