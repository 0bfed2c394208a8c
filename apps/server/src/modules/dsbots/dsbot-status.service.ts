// The one way a bot's status changes: a conditional update (so concurrent changes cannot both pass),
// a log entry naming who did it, and botUpdateStatus to everyone who may see the bot.
import type { BotStatus, LogLevel } from "@dsbot/protocol";
import { and, eq, inArray, isNotNull, isNull, lt, notExists, or, sql } from "drizzle-orm";
import type { BotContext } from "../../platform/app-context.js";
import { dsbotLogs, dsbotPermissions, dsbots, users, websocketConnections } from "../../db/schema.js";
import type { DsbotRow } from "../../db/schema.js";
import { conflict, HttpError } from "../../http/errors.js";
import { visibleToUserNow } from "../../policies/dsbots.policy.js";

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
  /** Only when the bot's last change is older than this (sweeps of bots stuck in a transition). */
  unchangedSince?: Date;
  /** Only while this user may see the bot (a bot socket's report: the access check in the same statement). */
  visibleTo?: number;
  /** A start: the runner token told to start the bot, the only one whose bot socket is accepted (handshake.ts). */
  startedBy?: number;
  /** A pause because the game's bot protection met the bot: it holds since then (a repeat keeps the first time). */
  protection?: true;
  /** Only while the bot protection holds it ("Gelöst"). */
  whileProtected?: true;
  /** Only while the bot has no bot socket (a socket's drop: a newer socket of the bot decides instead). */
  withoutBotSocket?: true;
}

export const runningStatuses = ["starting", "online", "paused", "stopping"] as const satisfies readonly BotStatus[];

function statusIn(from: readonly BotStatus[]) {
  const listed = inArray(dsbots.status, [...from]);
  return from.includes("offline") ? or(isNull(dsbots.status), listed) : listed;
}

/** A start records its runner; offline forgets it (a bot socket needs a new start, by whichever runner). */
function startedBySet(change: StatusChange) {
  if (change.startedBy !== undefined) return sql`, started_by_runner_token_id = ${change.startedBy}`;
  if (change.to === "offline") return sql`, started_by_runner_token_id = null`;
  return sql``;
}

/** Bot protection: raised by its pause, kept by any other pause, gone with every other status. */
function protectionSet(change: StatusChange) {
  if (change.protection) return sql`, protected_since = coalesce(protected_since, now())`;
  if (change.to === "paused") return sql``;
  return sql`, protected_since = null`;
}

const noBotSocket = notExists(
  sql`(select 1 from ${websocketConnections} where ${websocketConnections.dsbotId} = ${dsbots.id} and ${websocketConnections.origin} = 'bot')`,
);

/** A raw `dsbots` row (snake_case, as both drivers parse it) → the drizzle row shape. */
function toDsbotRow(raw: Record<string, unknown>): DsbotRow {
  return {
    id: raw.id as number,
    ownerId: raw.owner_id as number,
    playerName: raw.player_name as string,
    worldServer: raw.world_server as string,
    worldWorld: raw.world_world as string,
    notes: (raw.notes as string | null) ?? "",
    status: raw.status as DsbotRow["status"],
    modules: raw.modules as DsbotRow["modules"],
    startedByRunnerTokenId: (raw.started_by_runner_token_id as number | null) ?? null,
    protectedSince: raw.protected_since == null ? null : new Date(raw.protected_since as string | Date),
    createdAt: new Date(raw.created_at as string | Date),
    updatedAt: new Date(raw.updated_at as string | Date),
  };
}

/**
 * Throws 409 (`conflictMessage`) when the bot is not in one of `from`, e.g. because it changed meanwhile.
 * Update, log entry and the bot's audience (audienceOf: admins, owner, grantees) are one statement (a
 * data-modifying CTE): atomic, and one round trip on the hot path of bots reporting their status
 * (with several instances that round trip, not the machine's cores, bounds the reports per second).
 */
export async function changeStatus(ctx: BotContext, dsbotId: number, change: StatusChange): Promise<DsbotRow> {
  const result = await ctx.db.execute(sql`
    with updated as (
      update ${dsbots} set status = ${change.to}, updated_at = now()${startedBySet(change)}${protectionSet(change)}
      where ${and(
        eq(dsbots.id, dsbotId),
        statusIn(change.from),
        change.unchangedSince ? lt(dsbots.updatedAt, change.unchangedSince) : undefined,
        change.visibleTo !== undefined ? visibleToUserNow(change.visibleTo) : undefined,
        change.whileProtected ? isNotNull(dsbots.protectedSince) : undefined,
        change.withoutBotSocket ? noBotSocket : undefined,
      )}
      returning *
    ), logged as (
      insert into ${dsbotLogs} (dsbot_id, level, message, user_id)
      select id, ${change.level ?? "info"}, ${change.message}, ${change.userId} from updated
    )
    select updated.*, array(
      select ${users.id} from ${users} where ${users.role} = 'admin'
      union select updated.owner_id
      union select ${dsbotPermissions.userId} from ${dsbotPermissions} where ${dsbotPermissions.dsbotId} = updated.id
    ) as audience from updated`);
  const raw = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  if (!raw) throw conflict(change.conflictMessage);
  const bot = toDsbotRow(raw);
  await ctx.events.emit("bot.status-changed", { bot, audience: (raw.audience as (number | string)[]).map(Number) });
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
