// A bot socket coming and going: its connection row, one socket per bot, the audience told, the bot's
// config sent; when its last socket is gone, a requested stop ends, anything else is a lost connection.
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
import { addConnections, botConnections, removeSocketConnections } from "./websocket-connections.service.js";

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
  await botGone(bot.ctx, bot.dsbotId);
}

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
