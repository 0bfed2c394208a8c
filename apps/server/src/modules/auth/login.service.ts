// Login (PRODUCT §2): brute-force limit per username+IP, no user enumeration, then a new session.
import type { Login } from "@dsbot/protocol";
import { errorMessages } from "@dsbot/protocol";
import { and, count, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { loginAttempts, users } from "../../db/schema.js";
import type { SessionRow, UserRow } from "../../db/schema.js";
import { tooManyRequests, unauthorized } from "../../http/errors.js";
import { burnVerifyTime, verifyPassword } from "./password.js";
import type { SessionMeta } from "./sessions.service.js";
import { createSession } from "./sessions.service.js";

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 5 * 60 * 1000;

export async function findUserByUsername(db: Database, username: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return user;
}

async function recentFailures(db: Database, usernameLower: string, ip: string): Promise<number> {
  const since = new Date(Date.now() - LOGIN_WINDOW_MS);
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.usernameLower, usernameLower), eq(loginAttempts.ip, ip), gt(loginAttempts.createdAt, since)));
  return row?.n ?? 0;
}

export interface LoginResult {
  token: string;
  user: UserRow;
  session: SessionRow;
}

/**
 * Once 5 failures for this username+IP lie within 5 minutes, every further attempt answers 429 —
 * even with the right password, so guessing on cannot tell right from wrong. A successful login
 * clears the failures of that username+IP: the person has proven they know the password.
 */
export async function login(db: Database, input: Login, meta: SessionMeta & { ip: string }): Promise<LoginResult> {
  const usernameLower = input.username.toLowerCase();
  if ((await recentFailures(db, usernameLower, meta.ip)) >= LOGIN_MAX_FAILURES) {
    throw tooManyRequests(errorMessages.tooManyAttempts);
  }
  const user = await findUserByUsername(db, input.username);
  const valid = user ? await verifyPassword(user.passwordHash, input.password) : (await burnVerifyTime(input.password), false);
  if (!user || !valid) {
    await db.insert(loginAttempts).values({ usernameLower, ip: meta.ip, createdAt: new Date() });
    throw unauthorized(errorMessages.invalidCredentials);
  }
  await db.delete(loginAttempts).where(and(eq(loginAttempts.usernameLower, usernameLower), eq(loginAttempts.ip, meta.ip)));
  const { token, session } = await createSession(db, user.id, meta);
  return { token, user, session };
}

/** Housekeeping: failures older than the window no longer count. */
export async function purgeOldLoginAttempts(db: Database, now = new Date()): Promise<void> {
  await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, new Date(now.getTime() - LOGIN_WINDOW_MS)));
}
