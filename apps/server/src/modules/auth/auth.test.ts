import { createHash } from "node:crypto";
import { apiErrorSchema, dashboardResponseSchema, errorMessages, loginResponseSchema, meResponseSchema, validationMessages } from "@dsbot/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loginAttempts, sessions, users } from "../../db/schema.js";
import { bearer, createUser, login, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { createTestApp } from "../../../test/test-app.js";
import { purgeDeadSessions } from "./sessions.service.js";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.dispose());

const me = (token?: string) =>
  app.fastify.inject({ method: "GET", url: "/api/auth/me", headers: token ? bearer(token) : {} });

async function sessionOf(token: string) {
  const hash = createHash("sha256").update(token).digest("hex");
  const [row] = await app.db.select().from(sessions).where(eq(sessions.tokenHash, hash));
  if (!row) throw new Error("session not found");
  return row;
}

describe("POST /api/auth/login", () => {
  it("answers a token and the user, case-insensitively on the username", async () => {
    const user = await createUser(app, { username: "Kasimir" });
    const response = await login(app, { username: "kASIMIR", password: user.password });
    expect(response.statusCode).toBe(200);
    const body = loginResponseSchema.parse(response.json());
    expect(body.user).toEqual({
      id: user.id,
      username: "Kasimir",
      role: "user",
      isAdmin: false,
      world: { server: "die-staemme.de", world: "de230" },
      timeZone: "Europe/Berlin",
      createdAt: user.createdAt.toISOString(),
    });
    expect(Buffer.from(body.token, "base64url")).toHaveLength(32);
  });

  it("stores an argon2id hash and only the sha256 of the token", async () => {
    const user = await createUser(app);
    const token = await loginAs(app, user);
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const session = await sessionOf(token);
    expect(session.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(await app.db.select().from(sessions).where(eq(sessions.tokenHash, token))).toHaveLength(0);
  });

  it("answers a wrong password and an unknown user identically", async () => {
    const user = await createUser(app);
    const wrong = await login(app, { username: user.username, password: "falsches-passwort" }, "10.0.0.1");
    const unknown = await login(app, { username: "gibt_es_nicht", password: "falsches-passwort" }, "10.0.0.1");
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ error: { code: "unauthorized", message: errorMessages.invalidCredentials } });
  });

  it("blocks the 6th attempt within 5 minutes with 429, even with the right password", async () => {
    const user = await createUser(app);
    const ip = "10.0.0.2";
    for (let i = 0; i < 5; i++) {
      const response = await login(app, { username: user.username, password: "falsch-falsch" }, ip);
      expect(response.statusCode).toBe(401);
    }
    const sixth = await login(app, { username: user.username.toUpperCase(), password: user.password }, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ error: { code: "too_many_requests", message: errorMessages.tooManyAttempts } });
    // Another IP is not affected by this IP's failures.
    expect((await login(app, user, "10.0.0.3")).statusCode).toBe(200);
  });

  it("blocks unknown usernames the same way (no enumeration through the limit)", async () => {
    for (let i = 0; i < 5; i++) await login(app, { username: "niemand", password: "falsch-falsch" }, "10.0.0.4");
    const sixth = await login(app, { username: "niemand", password: "falsch-falsch" }, "10.0.0.4");
    expect(sixth.statusCode).toBe(429);
  });

  it("lets failures older than 5 minutes expire", async () => {
    const user = await createUser(app);
    const ip = "10.0.0.5";
    for (let i = 0; i < 5; i++) await login(app, { username: user.username, password: "falsch-falsch" }, ip);
    expect((await login(app, user, ip)).statusCode).toBe(429);
    await app.db
      .update(loginAttempts)
      .set({ createdAt: new Date(Date.now() - 5 * 60 * 1000 - 1000) })
      .where(eq(loginAttempts.usernameKey, user.username.toLowerCase()));
    expect((await login(app, user, ip)).statusCode).toBe(200);
  });

  it("clears the failures of a username+IP after a successful login", async () => {
    const user = await createUser(app);
    const ip = "10.0.0.6";
    for (let i = 0; i < 4; i++) await login(app, { username: user.username, password: "falsch-falsch" }, ip);
    expect((await login(app, user, ip)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await login(app, { username: user.username, password: "falsch-falsch" }, ip);
    expect((await login(app, user, ip)).statusCode).toBe(200);
  });

  it("rejects an empty username with the German required message", async () => {
    const response = await login(app, { username: "  ", password: "x" });
    expect(response.statusCode).toBe(400);
    const body = apiErrorSchema.parse(response.json());
    expect(body.error).toMatchObject({ code: "bad_request", message: validationMessages.required });
    expect(body.error.issues).toContainEqual({ path: "username", message: validationMessages.required });
  });
});

describe("bearer token", () => {
  it("authenticates GET /api/auth/me", async () => {
    const user = await createUser(app);
    const response = await me(await loginAs(app, user));
    expect(response.statusCode).toBe(200);
    expect(meResponseSchema.parse(response.json()).user.id).toBe(user.id);
  });

  it("answers 401 without, with a malformed and with an unknown token", async () => {
    for (const headers of [{}, { authorization: "Basic abc" }, bearer("not-a-real-token")]) {
      const response = await app.fastify.inject({ method: "GET", url: "/api/auth/me", headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: "unauthorized", message: errorMessages.unauthorized } });
    }
  });

  it("is revoked by logout", async () => {
    const user = await createUser(app);
    const token = await loginAs(app, user);
    const other = await loginAs(app, user);
    const logout = await app.fastify.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(token) });
    expect(logout.statusCode).toBe(204);
    const after = await me(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: { code: "unauthorized", message: errorMessages.sessionExpired } });
    expect((await me(other)).statusCode).toBe(200);
  });

  it("accepts logout with a JSON content type and an empty body", async () => {
    const token = await loginAs(app, await createUser(app));
    const logout = await app.fastify.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { ...bearer(token), "content-type": "application/json" },
    });
    expect(logout.statusCode).toBe(204);
  });

  it("expires 30 days after login (absolute)", async () => {
    const token = await loginAs(app, await createUser(app));
    const session = await sessionOf(token);
    await app.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, session.id));
    const response = await me(token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: "unauthorized", message: errorMessages.sessionExpired } });
  });

  it("expires after 7 idle days", async () => {
    const token = await loginAs(app, await createUser(app));
    const session = await sessionOf(token);
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    await app.db.update(sessions).set({ lastUsedAt: eightDaysAgo }).where(eq(sessions.id, session.id));
    expect((await me(token)).statusCode).toBe(401);
  });

  it("records use at most once a minute", async () => {
    const token = await loginAs(app, await createUser(app));
    const loggedIn = (await sessionOf(token)).lastUsedAt.getTime();
    // Only Date is faked: the session cache's clock moves, the database's I/O does not stall.
    vi.useFakeTimers({ toFake: ["Date"], now: loggedIn + 30 * 1000 });
    try {
      expect((await me(token)).statusCode).toBe(200);
      vi.setSystemTime(loggedIn + 59 * 1000);
      expect((await me(token)).statusCode).toBe(200);
      expect((await sessionOf(token)).lastUsedAt.getTime()).toBe(loggedIn);
      vi.setSystemTime(loggedIn + 2 * 60 * 1000);
      expect((await me(token)).statusCode).toBe(200);
      expect((await sessionOf(token)).lastUsedAt.getTime()).toBe(loggedIn + 2 * 60 * 1000);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("first sign-in (GET /api/dashboard: firstSession)", () => {
  const firstSession = async (token: string) =>
    dashboardResponseSchema.parse((await app.fastify.inject({ method: "GET", url: "/api/dashboard", headers: { authorization: `Bearer ${token}` } })).json()).firstSession;

  it("is true for the user's first session only, and stays so through that session", async () => {
    const user = await createUser(app);
    const first = await loginAs(app, user);
    expect(await firstSession(first)).toBe(true);
    const second = await loginAs(app, user);
    expect(await firstSession(second)).toBe(false);
    expect(await firstSession(first)).toBe(true);
    // Another user's sessions say nothing about this one.
    expect(await firstSession(await loginAs(app, await createUser(app)))).toBe(true);
  });

  it("a returning user is not taken for a new one after the housekeeping dropped their dead sessions", async () => {
    const user = await createUser(app);
    const tokens = [await loginAs(app, user), await loginAs(app, user)];
    const rows = await Promise.all(tokens.map(sessionOf));
    const longAgo = new Date(Date.now() - 10 * 24 * 60 * 60 * 1000);
    for (const row of rows) await app.db.update(sessions).set({ lastUsedAt: longAgo, revokedAt: longAgo }).where(eq(sessions.id, row.id));

    await purgeDeadSessions(app.db);
    const left = await app.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    // Only the first session stays, dead: it cannot be used, it only records the first sign-in.
    expect(left).toEqual([{ id: rows[0]!.id }]);
    expect((await me(tokens[0]!)).statusCode).toBe(401);
    expect(await firstSession(await loginAs(app, user))).toBe(false);
  });
});
