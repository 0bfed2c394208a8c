// Bots stuck in a transition: a runner that never starts a bot (crashed, offline, old version) or a
// bot that never confirms its stop would otherwise stay "starting"/"stopping" forever. A periodic
// sweep sets them offline and tells the bot's owner and sharers. Each change is one conditional
// statement, so several instances sweeping at once change every bot once.
import type { BotStatus } from "@dsbot/protocol";
import { botLogMessages } from "@dsbot/protocol";
import { and, eq, lt } from "drizzle-orm";
import type { BotContext } from "../../app-context.js";
import { dsbots } from "../../db/schema.js";
import { notifyBotStuck } from "./bot-notifications.js";
import { tryChangeStatus } from "./dsbot-status.service.js";

/** How long a bot may take to come online after start, and to go offline after stop. */
export const START_TIMEOUT_MS = 60_000;
export const STOP_TIMEOUT_MS = 30_000;
export const STUCK_SWEEP_INTERVAL_MS = 10_000;

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
      ctx.sockets.disconnectBot(id);
      await notifyBotStuck(ctx, bot, from === "starting" ? "starting" : "stopping");
      changed.push(id);
    }
  }
  return changed;
}
