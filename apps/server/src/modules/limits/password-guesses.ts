// The brute-force limit on password checks: at most 5 guesses per username + IP in 5
// minutes are ever verified. A guess is reserved atomically before argon2 runs (an advisory lock on
// the key serialises concurrent reservations, on one PostgreSQL across any number of instances), so
// parallel requests cannot all pass the count; a right password deletes the reservations.
import { errorMessages, usernameKey } from "@dsbot/protocol";
import { and, count, eq, gt, lt, lte } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { lockForTransaction } from "../../db/locks.js";
import { loginAttempts } from "../../db/schema.js";
import { tooManyRequests } from "../../http/errors.js";

export const GUESS_LIMIT = 5;
export const GUESS_WINDOW_MS = 5 * 60 * 1000;

export interface GuessKey {
  username: string;
  ip: string;
}

/** A reserved guess: `settle(true)` after a right password clears the key's earlier guesses. */
export interface Guess {
  settle: (right: boolean) => Promise<void>;
}

/** Reserve one guess or throw 429 — also for the right password, so guessing on cannot tell right from wrong. */
export async function reserveGuess(db: Database, key: GuessKey, now = new Date()): Promise<Guess> {
  const name = usernameKey(key.username);
  const lockKey = `guess:${name}\u0001${key.ip}`;
  const id = await db.transaction(async (tx) => {
    await lockForTransaction(tx, lockKey);
    const since = new Date(now.getTime() - GUESS_WINDOW_MS);
    const [row] = await tx
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.usernameKey, name), eq(loginAttempts.ip, key.ip), gt(loginAttempts.createdAt, since)));
    if ((row?.n ?? 0) >= GUESS_LIMIT) return null;
    const [inserted] = await tx
      .insert(loginAttempts)
      .values({ usernameKey: name, ip: key.ip, createdAt: now })
      .returning({ id: loginAttempts.id });
    return inserted?.id ?? null;
  });
  if (id === null) throw tooManyRequests(errorMessages.tooManyAttempts);
  return {
    async settle(right) {
      // A wrong guess stays as the failure it is; a right one proves the person knows the password.
      if (!right) return;
      await db
        .delete(loginAttempts)
        .where(and(eq(loginAttempts.usernameKey, name), eq(loginAttempts.ip, key.ip), lte(loginAttempts.id, id)));
    },
  };
}

/** Housekeeping: guesses older than the window no longer count. */
export async function purgeOldGuesses(db: Database, now = new Date()): Promise<void> {
  await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, new Date(now.getTime() - GUESS_WINDOW_MS)));
}
