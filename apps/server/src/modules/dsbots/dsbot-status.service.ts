// The one way a bot's status changes: a conditional update (so concurrent changes cannot both pass),
// a log entry naming who did it, and botUpdateStatus to everyone who may see the bot.
import type { BotStatus, LogLevel } from "@dsbot/protocol";
import { realtimeMessage } from "@dsbot/protocol";
import { and, eq, inArray, or, isNull, sql } from "drizzle-orm";
import type { BotContext } from "../../app-context.js";
import { dsbots } from "../../db/schema.js";
import type { DsbotRow } from "../../db/schema.js";
import { conflict, HttpError } from "../../http/errors.js";
import { addBotLog } from "./dsbot-logs.service.js";
import { presentBotRef } from "./dsbots.presenter.js";

export interface StatusChange {
  to: BotStatus;
  /** Statuses the bot may be in for this change; "offline" includes NULL (never started). */
  from: readonly BotStatus[];
  message: string;
  level?: LogLevel;
  /** The acting user; null when the bot or the server caused the change. */
  userId: number | null;
  /** 409 message when the bot is in none of `from`. */
  conflictMessage: string;
}

export const runningStatuses = ["starting", "online", "paused", "stopping"] as const satisfies readonly BotStatus[];

function statusIn(from: readonly BotStatus[]) {
  const listed = inArray(dsbots.status, [...from]);
  return from.includes("offline") ? or(isNull(dsbots.status), listed) : listed;
}

/** Throws 409 (`conflictMessage`) when the bot is not in one of `from`, e.g. because it changed meanwhile. */
export async function changeStatus(ctx: BotContext, dsbotId: number, change: StatusChange): Promise<DsbotRow> {
  const bot = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(dsbots)
      .set({ status: change.to, updatedAt: sql`now()` })
      .where(and(eq(dsbots.id, dsbotId), statusIn(change.from)))
      .returning();
    if (!updated) return undefined;
    await addBotLog(tx, { dsbotId, level: change.level ?? "info", message: change.message, userId: change.userId });
    return updated;
  });
  if (!bot) throw conflict(change.conflictMessage);
  await ctx.realtime.toBotAudience(dsbotId, realtimeMessage("botUpdateStatus", { dsbot: presentBotRef(bot) }));
  return bot;
}

/** Like changeStatus, but a bot that moved on meanwhile is simply left alone (socket events, cleanup). */
export async function tryChangeStatus(ctx: BotContext, dsbotId: number, change: Omit<StatusChange, "conflictMessage">): Promise<DsbotRow | undefined> {
  try {
    return await changeStatus(ctx, dsbotId, { ...change, conflictMessage: "" });
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 409) return undefined;
    throw error;
  }
}
