// A bot socket coming and going: its connection row, one socket per bot, the audience told, the bot's
// config sent; when its last socket is gone, a requested stop ends, anything else is a lost connection
// (unless a new start came after that socket connected).
import { botLogMessages } from "@dsbot/protocol";
import type { BotContext } from "../../platform/app-context.js";
import type { BotSocketScope } from "../../platform/bot-events.js";
import { botRoom } from "../../platform/rooms.js";
import { worldZoneOf } from "../worlds/index.js";
import { notifyBotOffline } from "./bot-notifications.js";
import { emitConnectionsChanged } from "./connection-events.js";
import { tryChangeStatus } from "./dsbot-status.service.js";
import { presentBotConfig } from "./dsbots.presenter.js";
import { getBotRow } from "./dsbots.service.js";
import { addConnections, removeSocketConnections } from "./websocket-connections.service.js";

/** The runner a bot socket came through (its token and name). */
export interface BotSocketRunner {
  tokenId: number;
  name: string;
}

export async function botConnected(bot: BotSocketScope, runner: BotSocketRunner, instanceId: string): Promise<void> {
  const { ctx, dsbotId, socket } = bot;
  const added = await addConnections(ctx.db, instanceId, [{ origin: "bot", dsbotId, runnerTokenId: runner.tokenId, socketId: socket.id }]);
  // One bot socket per bot: a reconnecting bot replaces a stale one (whose drop then changes nothing,
  // because this socket's row already exists).
  socket.nsp.in(botRoom(dsbotId)).except(socket.id).disconnectSockets(true);
  await emitConnectionsChanged(ctx, "created", added, runner.name);
  const row = await getBotRow(ctx.db, dsbotId);
  if (row) ctx.realtime.botConfig(socket.id, { ...presentBotConfig(row), timeZone: await worldZoneOf(ctx.db, { server: row.worldServer, world: row.worldWorld }) });
}

export async function botDisconnected(bot: BotSocketScope, runner: BotSocketRunner): Promise<void> {
  const removed = await removeSocketConnections(bot.ctx.db, bot.socket.id);
  await emitConnectionsChanged(bot.ctx, "deleted", removed, runner.name);
  await botSocketGone(bot.ctx, bot.dsbotId, removed[0]?.createdAt ?? null);
}

/**
 * A bot socket (connected at `connectedAt`, null when unknown) is gone. Unless another bot socket of
 * the bot is there, a requested stop ends and anything else is a lost connection. A bot "starting"
 * since after this socket connected belongs to a new start: the drop of an earlier run's socket (a
 * force-stop, then a start before the old socket's drop got here) must not end it; if the new run's
 * socket never comes, the stuck sweep ends the start.
 */
export async function botSocketGone(ctx: BotContext, dsbotId: number, connectedAt: Date | null): Promise<void> {
  const gone = { to: "offline", userId: null, withoutBotSocket: true } as const;
  if (await tryChangeStatus(ctx, dsbotId, { ...gone, from: ["stopping"], message: botLogMessages.stopped })) return;
  const lostConnection = { ...gone, message: botLogMessages.connectionLost, level: "warn" } as const;
  const lost =
    (await tryChangeStatus(ctx, dsbotId, { ...lostConnection, from: ["online", "paused"] })) ??
    (await tryChangeStatus(ctx, dsbotId, { ...lostConnection, from: ["starting"], ...(connectedAt ? { unchangedSince: connectedAt } : {}) }));
  if (lost) await notifyBotOffline(ctx, lost);
}
