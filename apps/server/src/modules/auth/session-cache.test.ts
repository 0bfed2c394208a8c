// The session cache: authenticated requests answered from memory, and every change that ends or
// alters a session reaching every instance at once (PGlite: in process; PostgreSQL: LISTEN/NOTIFY).
import type { MeResponse, SessionListResponse } from "@dsbot/protocol";
import { errorMessages } from "@dsbot/protocol";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { App } from "../../app.js";
import { sessions } from "../../db/schema.js";
import { bearer, createUser, loginAdmin, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { createSecondInstance, createTestApp } from "../../../test/test-app.js";
import { SessionCache } from "./session-cache.js";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "./sessions.service.js";
import { hashToken } from "./tokens.js";

let a: TestApp;
let b: App;
let adminToken: string;
beforeAll(async () => {
  a = await createTestApp();
  b = await createSecondInstance(a);
  adminToken = await loginAdmin(a);
});
afterAll(async () => {
  await b?.close();
  await a?.dispose();
});

const onPostgres = () => a.testDatabase.kind === "postgres";

/**
 * On PostgreSQL B hears A's change by NOTIFY, which arrives on B's listening connection as A commits,
 * not before A's answer; in one test process B may not have read its socket yet. The test waits for
 * that read (a round trip on B's listening connection) before it asks B; on PGlite B heard it already.
 */
const heard = async (app: App) => app.sessions.listener?.sync();

const me = (app: App, token: string) => app.fastify.inject({ method: "GET", url: "/api/auth/me", headers: bearer(token) });
const meUser = async (app: App, token: string) => (await me(app, token)).json<MeResponse>().user;

/** Counts the queries that touch the sessions table, at the driver (PGlite or the pg pool). */
function countSessionQueries(app: App): { count: () => number; restore: () => void } {
  const client = (app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, "query");
  const text = (arg: unknown) => (typeof arg === "string" ? arg : ((arg as { text?: string } | undefined)?.text ?? ""));
  return {
    count: () => spy.mock.calls.filter((call) => /"sessions"/.test(text(call[0]))).length,
    restore: () => spy.mockRestore(),
  };
}

/** A user with two sessions, both warm in B's cache. */
async function warmUser() {
  const user = await createUser(a);
  const token = await loginAs(a, user);
  const other = await loginAs(a, user);
  expect((await me(b, token)).statusCode).toBe(200);
  expect((await me(b, other)).statusCode).toBe(200);
  return { user, token, other };
}

async function sessionIdOf(token: string): Promise<number> {
  const [row] = await a.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  if (!row) throw new Error("no session");
  return row.id;
}

const expired = { error: { code: "unauthorized", message: errorMessages.sessionExpired } };

describe("the steady state", () => {
  it("answers repeated requests without a session query", async () => {
    const token = await loginAs(a, await createUser(a));
    const queries = countSessionQueries(b);
    try {
      expect((await me(b, token)).statusCode).toBe(200);
      expect(queries.count()).toBe(1);
      for (let i = 0; i < 20; i += 1) expect((await me(b, token)).statusCode).toBe(200);
      expect(queries.count()).toBe(1);
    } finally {
      queries.restore();
    }
  });

  it("shares one lookup between concurrent requests of a token", async () => {
    const token = await loginAs(a, await createUser(a));
    const queries = countSessionQueries(b);
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => me(b, token)));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect(queries.count()).toBe(1);
    } finally {
      queries.restore();
    }
  });

  it("keeps at most maxEntries sessions", async () => {
    const cache = new SessionCache(a.db, { maxEntries: 2 });
    const user = await createUser(a);
    const tokens = [await loginAs(a, user), await loginAs(a, user), await loginAs(a, user)];
    for (const token of tokens) expect((await cache.check(token)).ok).toBe(true);
    expect(cache.size).toBe(2);
  });

  it("does not store a lookup that overlapped a change", async () => {
    const cache = new SessionCache(a.db);
    const user = await createUser(a);
    const lookup = cache.check(await loginAs(a, user));
    cache.invalidate({ userId: user.id });
    expect((await lookup).ok).toBe(true);
    expect(cache.size).toBe(0);
  });

  it("answers from the database while it is not trusted", async () => {
    const cache = new SessionCache(a.db, { trusted: false });
    const token = await loginAs(a, await createUser(a));
    expect((await cache.check(token)).ok).toBe(true);
    expect(cache.size).toBe(0);
    // A change nobody announced (as when a notification was missed) is seen at once.
    await a.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, hashToken(token)));
    expect(await cache.check(token)).toEqual({ ok: false, message: errorMessages.sessionExpired });
  });
});

describe("expiry of a cached session", () => {
  // Only Date is faked: the cache's clock moves, the database's I/O does not stall.
  async function warmAt(now: number) {
    const token = await loginAs(a, await createUser(a));
    vi.useFakeTimers({ toFake: ["Date"], now });
    expect((await me(b, token)).statusCode).toBe(200);
    return token;
  }

  it("ends after 7 idle days", async () => {
    const start = Date.now();
    try {
      const token = await warmAt(start);
      vi.setSystemTime(start + SESSION_IDLE_MS + 1000);
      const response = await me(b, token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(expired);
    } finally {
      vi.useRealTimers();
    }
  });

  it("ends at the absolute limit, exactly", async () => {
    const start = Date.now();
    try {
      const token = await warmAt(start);
      const [row] = await a.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
      if (!row) throw new Error("no session");
      expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(SESSION_ABSOLUTE_MS);
      // Its end moved close: up to the last millisecond it is answered from the cache, then refused.
      await a.db.update(sessions).set({ expiresAt: new Date(start + 30_000) }).where(eq(sessions.id, row.id));
      b.sessions.cache.invalidate({ sessionIds: [row.id] });
      expect((await me(b, token)).statusCode).toBe(200);
      vi.setSystemTime(start + 29_999);
      expect((await me(b, token)).statusCode).toBe(200);
      vi.setSystemTime(start + 30_000);
      expect((await me(b, token)).json()).toEqual(expired);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("a change on instance A reaches instance B's cache at once", () => {
  it("logout", async () => {
    const { token, other } = await warmUser();
    expect((await a.fastify.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(token) })).statusCode).toBe(204);
    await heard(b);
    expect((await me(b, token)).json()).toEqual(expired);
    expect((await me(b, other)).statusCode).toBe(200);
  });

  it("a session revoked on the profile", async () => {
    const { token, other } = await warmUser();
    const id = await sessionIdOf(other);
    const revoke = await a.fastify.inject({ method: "DELETE", url: `/api/profile/sessions/${id}`, headers: bearer(token) });
    expect(revoke.statusCode).toBe(204);
    await heard(b);
    expect((await me(b, other)).statusCode).toBe(401);
    expect((await me(b, token)).statusCode).toBe(200);
  });

  it("an admin's „Sitzungen beenden“", async () => {
    const { user, token, other } = await warmUser();
    const revoke = await a.fastify.inject({ method: "DELETE", url: `/api/users/${user.id}/sessions`, headers: bearer(adminToken) });
    expect(revoke.statusCode).toBe(200);
    await heard(b);
    expect((await me(b, token)).statusCode).toBe(401);
    expect((await me(b, other)).statusCode).toBe(401);
  });

  it("a new password on the profile: the other sessions end, the own one sees the new hash", async () => {
    const { user, token, other } = await warmUser();
    const change = await a.fastify.inject({
      method: "POST",
      url: "/api/profile/password",
      headers: bearer(token),
      payload: { currentPassword: user.password, newPassword: "ganz-neues-passwort" },
    });
    expect(change.statusCode).toBe(204);
    await heard(b);
    expect((await me(b, other)).statusCode).toBe(401);
    // B must not check a second change against the old hash it had cached.
    const again = await b.fastify.inject({
      method: "POST",
      url: "/api/profile/password",
      headers: bearer(token),
      payload: { currentPassword: user.password, newPassword: "noch-ein-passwort" },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(errorMessages.wrongCurrentPassword);
  });

  it("a new password set by an admin", async () => {
    const { user, token } = await warmUser();
    const change = await a.fastify.inject({
      method: "PATCH",
      url: `/api/users/${user.id}`,
      headers: bearer(adminToken),
      payload: { password: "vom-admin-gesetzt" },
    });
    expect(change.statusCode).toBe(200);
    await heard(b);
    expect((await me(b, token)).statusCode).toBe(401);
  });

  it("a role change", async () => {
    const { user, token } = await warmUser();
    const list = () => b.fastify.inject({ method: "GET", url: "/api/users", headers: bearer(token) });
    expect((await list()).statusCode).toBe(403);
    const promote = await a.fastify.inject({ method: "PATCH", url: `/api/users/${user.id}`, headers: bearer(adminToken), payload: { role: "admin" } });
    expect(promote.statusCode).toBe(200);
    await heard(b);
    expect(await meUser(b, token)).toMatchObject({ role: "admin", isAdmin: true });
    expect((await list()).statusCode).toBe(200);
    const demote = await a.fastify.inject({ method: "PATCH", url: `/api/users/${user.id}`, headers: bearer(adminToken), payload: { role: "user" } });
    expect(demote.statusCode).toBe(200);
    await heard(b);
    expect((await list()).statusCode).toBe(403);
  });

  it("a world change, by the user and by an admin", async () => {
    const { user, token } = await warmUser();
    const own = await a.fastify.inject({
      method: "PATCH",
      url: "/api/profile",
      headers: bearer(token),
      payload: { world: { server: "die-staemme.de", world: "de241" } },
    });
    expect(own.statusCode).toBe(200);
    await heard(b);
    expect((await meUser(b, token)).world.world).toBe("de241");
    const byAdmin = await a.fastify.inject({
      method: "PATCH",
      url: `/api/users/${user.id}`,
      headers: bearer(adminToken),
      payload: { world: { server: "staemme.ch", world: "ch80" } },
    });
    expect(byAdmin.statusCode).toBe(200);
    await heard(b);
    expect((await meUser(b, token)).world).toEqual({ server: "staemme.ch", world: "ch80" });
  });

  it("deleting the user", async () => {
    const { user, token } = await warmUser();
    expect((await a.fastify.inject({ method: "DELETE", url: `/api/users/${user.id}`, headers: bearer(adminToken) })).statusCode).toBe(204);
    await heard(b);
    expect((await me(b, token)).statusCode).toBe(401);
  });

  it("leaves other users' sessions cached", async () => {
    const { token } = await warmUser();
    const { user: other } = await warmUser();
    await a.fastify.inject({ method: "DELETE", url: `/api/users/${other.id}/sessions`, headers: bearer(adminToken) });
    await heard(b);
    const queries = countSessionQueries(b);
    try {
      expect((await me(b, token)).statusCode).toBe(200);
      expect(queries.count()).toBe(0);
    } finally {
      queries.restore();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)("the PostgreSQL listener", () => {
  it("listens on its own connection", () => {
    expect(onPostgres()).toBe(true);
    expect(b.sessions.listener?.listening).toBe(true);
    expect(b.sessions.cache.isTrusted).toBe(true);
  });

  it("after its connection is killed: nothing is trusted until it listens again, then the cache starts empty", async () => {
    const listener = b.sessions.listener;
    if (!listener) throw new Error("no listener");
    const user = await createUser(a);
    const missed = await loginAs(a, user);
    const whileDown = await loginAs(a, user);
    expect((await me(b, missed)).statusCode).toBe(200);
    expect((await me(b, whileDown)).statusCode).toBe(200);

    // A change nobody announced stands for a notification the listener missed: B still trusts its entry.
    await a.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, hashToken(missed)));
    expect((await me(b, missed)).statusCode).toBe(200);

    const pid = listener.pid;
    await a.db.execute(sql`select pg_terminate_backend(${pid})`);
    await vi.waitFor(() => expect(b.sessions.cache.isTrusted).toBe(false), { interval: 5 });
    expect(listener.listening).toBe(false);
    await a.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, hashToken(whileDown)));
    expect((await me(b, whileDown)).statusCode).toBe(401);

    await vi.waitFor(() => expect(listener.listening).toBe(true), { timeout: 5000, interval: 20 });
    expect(listener.pid).not.toBe(pid);
    expect(b.sessions.cache.isTrusted).toBe(true);
    expect((await me(b, missed)).statusCode).toBe(401);

    // And it hears changes again.
    const { token } = await warmUser();
    await a.fastify.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(token) });
    await heard(b);
    expect((await me(b, token)).statusCode).toBe(401);
  });
});

describe("the profile's session list", () => {
  it("still lists a session answered from the cache", async () => {
    const { token } = await warmUser();
    const list = await b.fastify.inject({ method: "GET", url: "/api/profile/sessions", headers: bearer(token) });
    expect(list.json<SessionListResponse>().sessions).toHaveLength(2);
  });
});
