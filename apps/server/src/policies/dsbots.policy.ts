// Who may see and manage a bot: the owner, users it was granted to, and admins.
// One place for routes, sockets and the realtime fan-out; a bot the caller may not see is "not found".
import { errorMessages } from "@dsbot/protocol";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { dsbotPermissions, dsbots, users } from "../db/schema.js";
import type { DsbotRow, UserRow } from "../db/schema.js";
import { forbidden, notFound } from "../http/errors.js";
import { MAX_SERIAL_ID } from "../http/parse.js";

export type Viewer = Pick<UserRow, "id" | "role">;

/**
 * WHERE condition on `dsbots`: the user may see the bot, with the user's role read in the same
 * statement (a socket's copy of it may be stale). Lets a hot path check access and act in one query.
 */
export function visibleToUserNow(userId: number): SQL {
  return sql`exists (select 1 from ${users} where ${users.id} = ${userId} and (${users.role} = 'admin' or ${dsbots.ownerId} = ${users.id}
    or exists (select 1 from ${dsbotPermissions} where ${dsbotPermissions.dsbotId} = ${dsbots.id} and ${dsbotPermissions.userId} = ${users.id})))`;
}

/** WHERE condition on `dsbots` for the bots this user may see (none for admins: they see all). */
export function visibleBotsCondition(user: Viewer): SQL | undefined {
  if (user.role === "admin") return undefined;
  return or(
    eq(dsbots.ownerId, user.id),
    sql`exists (select 1 from ${dsbotPermissions} where ${dsbotPermissions.dsbotId} = ${dsbots.id} and ${dsbotPermissions.userId} = ${user.id})`,
  );
}

/** The bot, if this user may see it; otherwise undefined (also for ids that cannot exist). */
export async function findVisibleBot(db: Database, user: Viewer, id: number): Promise<DsbotRow | undefined> {
  if (id > MAX_SERIAL_ID) return undefined;
  const [bot] = await db
    .select()
    .from(dsbots)
    .where(and(eq(dsbots.id, id), visibleBotsCondition(user)))
    .limit(1);
  return bot;
}

/**
 * Which of these bots the user may see now, reading the user's role from the database (a socket's
 * copy of the user may be stale after a demotion). An unknown or deleted user sees nothing.
 */
export async function botsVisibleTo(db: Database, userId: number, dsbotIds: readonly number[]): Promise<Set<number>> {
  const ids = [...new Set(dsbotIds)].filter((id) => id <= MAX_SERIAL_ID);
  if (ids.length === 0) return new Set();
  const [user] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return new Set();
  const rows = await db
    .select({ id: dsbots.id })
    .from(dsbots)
    .where(and(inArray(dsbots.id, ids), visibleBotsCondition(user)));
  return new Set(rows.map((r) => r.id));
}

/** Every per-bot route starts here: 404 unless the caller may see the bot. */
export async function requireVisibleBot(db: Database, user: Viewer, id: number): Promise<DsbotRow> {
  const bot = await findVisibleBot(db, user, id);
  if (!bot) throw notFound(errorMessages.botNotFound);
  return bot;
}

export function canManageBot(user: Viewer, bot: Pick<DsbotRow, "ownerId">): boolean {
  return user.role === "admin" || bot.ownerId === user.id;
}

/** Deleting a bot and granting or revoking access: owner and admins only (after requireVisibleBot). */
export function requireManageBot(user: Viewer, bot: Pick<DsbotRow, "ownerId">): void {
  if (!canManageBot(user, bot)) throw forbidden();
}

/** Ids of the users who may see the bot now: its realtime audience. */
export async function audienceOf(db: Database, dsbotId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, "admin"))
    .union(db.select({ id: dsbots.ownerId }).from(dsbots).where(eq(dsbots.id, dsbotId)))
    .union(db.select({ id: dsbotPermissions.userId }).from(dsbotPermissions).where(eq(dsbotPermissions.dsbotId, dsbotId)));
  return rows.map((r) => r.id);
}

/**
 * Who a bot's notifications are for: its owner and the users it was shared with. Admins see every
 * bot live but are not notified about other people's bots (that would be a flood on a busy server).
 */
export async function stakeholdersOf(db: Database, dsbotId: number): Promise<number[]> {
  const rows = await db
    .select({ id: dsbots.ownerId })
    .from(dsbots)
    .where(eq(dsbots.id, dsbotId))
    .union(db.select({ id: dsbotPermissions.userId }).from(dsbotPermissions).where(eq(dsbotPermissions.dsbotId, dsbotId)));
  return rows.map((r) => r.id);
}
