// Factories: users straight through the service, tokens through the real login route.
import { randomBytes } from "node:crypto";
import type { LoginResponse, Role, World } from "@dsbot/protocol";
import { defaultWorld } from "@dsbot/protocol";
import type { App } from "../src/app.js";
import type { UserRow } from "../src/db/schema.js";
import { worlds } from "../src/db/schema.js";
import { createUser as createUserRow } from "../src/modules/users/users.service.js";
import { TEST_ADMIN } from "./test-app.js";

export interface Credentials {
  username: string;
  password: string;
}

let sequence = 0;

export function uniqueUsername(prefix = "u"): string {
  sequence += 1;
  return `${prefix}_${randomBytes(3).toString("hex")}${sequence}`;
}

export async function createUser(
  app: App,
  overrides: Partial<{ username: string; password: string; role: Role; world: World }> = {},
): Promise<UserRow & { password: string }> {
  const password = overrides.password ?? "passwort-123";
  const row = await createUserRow(app.db, {
    username: overrides.username ?? uniqueUsername(),
    password,
    role: overrides.role ?? "user",
    world: overrides.world ?? defaultWorld,
  });
  return { ...row, password };
}

/**
 * Makes the world known (a `worlds` row, as an admin's "Welt hinzufügen" would), which POST /api/dsbot
 * and POST /api/users require; an existing row stays as it is. Its sync is off: a test never fetches it.
 */
export async function knownWorld(app: App, world: World = defaultWorld): Promise<void> {
  await app.db.insert(worlds).values({ server: world.server, world: world.world, syncEnabled: false }).onConflictDoNothing();
}

export async function login(app: App, credentials: Credentials, remoteAddress = "127.0.0.1") {
  return app.fastify.inject({ method: "POST", url: "/api/auth/login", payload: credentials, remoteAddress });
}

/** Log in and return the web token; throws when the login does not succeed. */
export async function loginAs(app: App, credentials: Credentials, remoteAddress?: string): Promise<string> {
  const response = await login(app, credentials, remoteAddress);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json<LoginResponse>().token;
}

export const loginAdmin = (app: App) => loginAs(app, TEST_ADMIN);

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
