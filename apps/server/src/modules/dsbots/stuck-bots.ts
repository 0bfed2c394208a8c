// Bots stuck in a transition: a runner that never starts a bot (crashed, offline, old version) or a
// bot that never confirms its stop would otherwise stay "starting"/"stopping" forever. A periodic
// sweep sets them offline and tells the bot's owner and sharers. Each change is one conditional
// statement, so several instances sweeping at once change every bot once.
import type { BotStatus } from "@dsbot/protocol";
import { botLogMessages } from "@dsbot/protocol";
import { and, eq, inArray, lt, notExists } from "drizzle-orm";
import type { BotContext } from "../../platform/app-context.js";
import { dsbots, websocketConnections } from "../../db/schema.js";
import { notifyBotOffline, notifyBotStuck } from "./bot-notifications.js";
import { tryChangeStatus } from "./dsbot-status.service.js";

/** How long a bot may take to come online after start, and to go offline after stop. */
export const START_TIMEOUT_MS = 60_000;
export const STOP_TIMEOUT_MS = 30_000;
export const STUCK_SWEEP_INTERVAL_MS = 10_000;
/** After a server start, how long running bots have to reconnect before they count as lost. */
export const RECONNECT_GRACE_MS = 90_000;

const transitions: { from: BotStatus; timeoutMs: number; message: string }[] = [
  { from: "starting", timeoutMs: START_TIMEOUT_MS, message: botLogMessages.startTimedOut },
  { from: "stopping", timeoutMs: STOP_TIMEOUT_MS, message: botLogMessages.stopTimedOut },
];

/** Sets every bot stuck too long offline and ends its bot socket, if any; returns the bots changed. */
export async function settleStuckBots(ctx: BotContext, now = new Date()): Promise<number[]> {
  const changed: number[] = [];
  for (const { from, timeoutMs, message } of transitions) {
    const cutoff = new Date(now.getTime() - timeoutMs);
    const stuck = await ctx.db
      .select({ id: dsbots.id })
      .from(dsbots)
      .where(and(eq(dsbots.status, from), lt(dsbots.updatedAt, cutoff)));
    for (const { id } of stuck) {
      const bot = await tryChangeStatus(ctx, id, { to: "offline", from: [from], unchangedSince: cutoff, message, level: "warn", userId: null });
      if (!bot) continue;
      await ctx.events.emit("bot.forced-offline", { dsbotId: id });
      await notifyBotStuck(ctx, bot, from === "starting" ? "starting" : "stopping");
      changed.push(id);
    }
  }
  return changed;
}

/**
 * Running bots without a bot socket: after a server restart their runners get RECONNECT_GRACE_MS
 * (from `serverStartedAt`) to bring them back; the ones that did not come are offline as a lost
 * connection, and everyone who may see them is told. (While the server runs, a dropped bot socket
 * already does this at once; this only catches what a restart left behind.)
 */
export async function settleOrphanedBots(ctx: BotContext, serverStartedAt: Date, now = new Date()): Promise<number[]> {
  if (now.getTime() - serverStartedAt.getTime() < RECONNECT_GRACE_MS) return [];
  const botSocket = ctx.db
    .select({ id: websocketConnections.id })
    .from(websocketConnections)
    .where(and(eq(websocketConnections.dsbotId, dsbots.id), eq(websocketConnections.origin, "bot")));
  const orphaned = await ctx.db
    .select({ id: dsbots.id })
    .from(dsbots)
    .where(and(inArray(dsbots.status, ["online", "paused"]), lt(dsbots.updatedAt, serverStartedAt), notExists(botSocket)));
  const changed: number[] = [];
  for (const { id } of orphaned) {
    const bot = await tryChangeStatus(ctx, id, {
      to: "offline",
      from: ["online", "paused"],
      unchangedSince: serverStartedAt,
      message: botLogMessages.connectionLost,
      level: "warn",
      userId: null,
    });
    if (!bot) continue;
    await notifyBotOffline(ctx, bot);
    changed.push(id);
  }
  return changed;
}
