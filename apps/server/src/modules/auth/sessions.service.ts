// Web sessions: create, resolve a bearer token, list, revoke.
import { errorMessages } from "@dsbot/protocol";
import { and, desc, eq, exists, gt, inArray, isNull, lt, ne, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.js";
import { sessions, users } from "../../db/schema.js";
import type { SessionRow, UserRow } from "../../db/schema.js";
import { changeSessions } from "./session-changes.js";
import { createToken, hashToken } from "./tokens.js";

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 7 * DAY_MS;
export const SESSION_ABSOLUTE_MS = 30 * DAY_MS;
/**
 * Writing last_used_at on every request would turn every read into a write; once a minute is plenty.
 * It is also how long the session cache (session-cache.ts) trusts an entry before asking the database again.
 */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

export interface SessionMeta {
  userAgent: string | null;
  ip: string | null;
}

export type TokenCheck =
  | { ok: true; user: UserRow; session: SessionRow }
  | { ok: false; message: string };

export async function createSession(db: Database, userId: number, meta: SessionMeta): Promise<{ token: string; session: SessionRow }> {
  const token = createToken();
  const now = new Date();
  const [session] = await db
    .insert(sessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip,
    })
    .returning();
  if (!session) throw new Error("session insert returned no row");
  return { token, session };
}

function isExpired(session: SessionRow, now: Date): boolean {
  return session.expiresAt <= now || session.lastUsedAt.getTime() + SESSION_IDLE_MS <= now.getTime();
}

/**
 * Resolve a bearer token to its user and session from the database; the socket handshake uses it
 * as is, REST through the session cache (`SessionCache#check`).
 */
export async function checkToken(db: Database, token: string | undefined): Promise<TokenCheck> {
  if (!token) return { ok: false, message: errorMessages.unauthorized };
  return checkTokenHash(db, hashToken(token));
}

/** `checkToken` for an already hashed token; records the use when the last one is a minute old. */
export async function checkTokenHash(db: Database, tokenHash: string): Promise<TokenCheck> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  if (!row) return { ok: false, message: errorMessages.unauthorized };
  const now = new Date();
  if (row.session.revokedAt || isExpired(row.session, now)) return { ok: false, message: errorMessages.sessionExpired };
  if (now.getTime() - row.session.lastUsedAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.session.id));
    row.session.lastUsedAt = now;
  }
  return { ok: true, user: row.user, session: row.session };
}

function activeCondition(now: Date) {
  return and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    gt(sessions.lastUsedAt, new Date(now.getTime() - SESSION_IDLE_MS)),
  );
}

/** Which of these sessions can still be used (not revoked, not expired, not idle too long). */
export async function findActiveSessionIds(db: Database, sessionIds: readonly number[], now = new Date()): Promise<Set<number>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, [...sessionIds]), activeCondition(now)));
  return new Set(rows.map((row) => row.id));
}

export async function listActiveSessions(db: Database, userId: number): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), activeCondition(new Date())))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
}

/**
 * Revoke one session of a user; returns the revoked id or null when there is no such active session.
 * Like every change below, it tells the session caches of all instances (session-changes.ts).
 */
export async function revokeSession(db: Database, userId: number, sessionId: number): Promise<number | null> {
  const rows = await changeSessions(
    db,
    (tx) =>
      tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id }),
    (revoked) => (revoked.length > 0 ? { sessionIds: revoked.map((r) => r.id) } : null),
  );
  return rows[0]?.id ?? null;
}

/** Revoke all sessions of a user, optionally keeping one (the caller's); returns the revoked ids. */
export async function revokeUserSessions(db: Database, userId: number, keepSessionId?: number): Promise<number[]> {
  const rows = await changeSessions(
    db,
    (tx) =>
      tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
          ),
        )
        .returning({ id: sessions.id }),
    (revoked) => (revoked.length > 0 ? { userId } : null),
  );
  return rows.map((r) => r.id);
}

/**
 * Whether this session is the user's first sign-in: no session of theirs is older. Holds for good
 * because `purgeDeadSessions` keeps every user's first session (ids grow with time).
 */
export async function isFirstSession(db: Database, userId: number, sessionId: number): Promise<boolean> {
  const [older] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), lt(sessions.id, sessionId)))
    .limit(1);
  return older === undefined;
}

/**
 * Housekeeping: drop sessions that can never be used again (expired or revoked long ago). No cache
 * is told: a cached entry of such a session has expired by its own timestamps or was revoked (and
 * announced) when it ended. Each user's first session stays, dead, as the record that they have
 * signed in before (`isFirstSession`): one row per user.
 */
export async function purgeDeadSessions(db: Database, now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - SESSION_IDLE_MS);
  const older = alias(sessions, "older");
  await db
    .delete(sessions)
    .where(
      and(
        or(lt(sessions.expiresAt, now), lt(sessions.lastUsedAt, cutoff), lt(sessions.revokedAt, cutoff)),
        exists(db.select({ id: older.id }).from(older).where(and(eq(older.userId, sessions.userId), lt(older.id, sessions.id)))),
      ),
    );
}
