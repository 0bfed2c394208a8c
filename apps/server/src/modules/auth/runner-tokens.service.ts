// Runner tokens: issued by the device flow, one user each, listed and revocable.
import type { RunnerListItem } from "@dsbot/protocol";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { runnerTokens, users } from "../../db/schema.js";
import type { RunnerTokenRow, UserRow } from "../../db/schema.js";
import { MAX_SERIAL_ID } from "../../http/parse.js";
import { hashToken } from "./tokens.js";

/** last_seen_at is written at most this often: it is shown as "zuletzt gesehen", not audited. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** Resolve a runner token to its (live) token row and user; the socket handshake of runners and bots. */
export async function checkRunnerToken(
  db: Database,
  token: string,
): Promise<{ runnerToken: RunnerTokenRow; user: UserRow } | undefined> {
  const [row] = await db
    .select({ runnerToken: runnerTokens, user: users })
    .from(runnerTokens)
    .innerJoin(users, eq(users.id, runnerTokens.userId))
    .where(and(eq(runnerTokens.tokenHash, hashToken(token)), isNull(runnerTokens.revokedAt)))
    .limit(1);
  if (!row) return undefined;
  const now = new Date();
  if (!row.runnerToken.lastSeenAt || now.getTime() - row.runnerToken.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await db.update(runnerTokens).set({ lastSeenAt: now }).where(eq(runnerTokens.id, row.runnerToken.id));
    row.runnerToken.lastSeenAt = now;
  }
  return row;
}

export async function listRunnerTokens(db: Database, userId: number): Promise<RunnerTokenRow[]> {
  return db
    .select()
    .from(runnerTokens)
    .where(and(eq(runnerTokens.userId, userId), isNull(runnerTokens.revokedAt)))
    .orderBy(asc(runnerTokens.createdAt), asc(runnerTokens.id));
}

/**
 * Revoke all of a user's runner tokens (password change, an admin's "revoke sessions"); answers the
 * revoked ids, whose sockets the caller disconnects.
 */
export async function revokeUserRunnerTokens(db: Database, userId: number): Promise<number[]> {
  const rows = await db
    .update(runnerTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(runnerTokens.userId, userId), isNull(runnerTokens.revokedAt)))
    .returning({ id: runnerTokens.id });
  return rows.map((r) => r.id);
}

/** Revoke one of the user's tokens; false when there is no such live token (another user's included). */
export async function revokeRunnerToken(db: Database, userId: number, id: number): Promise<boolean> {
  if (id > MAX_SERIAL_ID) return false;
  const rows = await db
    .update(runnerTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(runnerTokens.id, id), eq(runnerTokens.userId, userId), isNull(runnerTokens.revokedAt)))
    .returning({ id: runnerTokens.id });
  return rows.length > 0;
}

/** The list items of /dsbot-auth and the admin's user detail, with "connected now". */
export async function presentRunnerList(
  db: Database,
  connectedRunners: (ids: number[]) => Promise<Set<number>>,
  userId: number,
): Promise<RunnerListItem[]> {
  const rows = await listRunnerTokens(db, userId);
  const connected = await connectedRunners(rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    scope: r.scope,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
    connected: connected.has(r.id),
  }));
}
