// Login: brute-force limit per username+IP, no user enumeration, then a new session.
import type { Login } from "@dsbot/protocol";
import { errorMessages, usernameKey } from "@dsbot/protocol";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { users } from "../../db/schema.js";
import type { SessionRow, UserRow } from "../../db/schema.js";
import { unauthorized } from "../../http/errors.js";
import { reserveGuess } from "../limits/index.js";
import { burnVerifyTime, verifyPassword } from "./password.js";
import type { SessionMeta } from "./sessions.service.js";
import { createSession } from "./sessions.service.js";

export async function findUserByUsername(db: Database, username: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.usernameKey, usernameKey(username))).limit(1);
  return user;
}

export interface LoginResult {
  token: string;
  user: UserRow;
  session: SessionRow;
}

/**
 * Every password check first reserves one of the 5 guesses of this username+IP (429 when none is
 * left, even for the right password); unknown users cost the same time and use the same limit.
 */
export async function login(db: Database, input: Login, meta: SessionMeta & { ip: string }): Promise<LoginResult> {
  const guess = await reserveGuess(db, { username: input.username, ip: meta.ip });
  const user = await findUserByUsername(db, input.username);
  const valid = user ? await verifyPassword(user.passwordHash, input.password) : (await burnVerifyTime(input.password), false);
  await guess.settle(valid);
  if (!user || !valid) throw unauthorized(errorMessages.invalidCredentials);
  const { token, session } = await createSession(db, user.id, meta);
  return { token, user, session };
}
