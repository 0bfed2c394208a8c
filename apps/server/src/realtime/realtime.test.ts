// Real sockets against a listening app: handshake checks and disconnects on revocation.
import { errorMessages, socketErrors } from "@dsbot/protocol";
import { eq } from "drizzle-orm";
import { io as connect } from "socket.io-client";
import type { Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { pairRunner } from "../../test/bots.js";
import { bearer, createUser, loginAdmin, loginAs } from "../../test/factories.js";
import type { TestApp } from "../../test/test-app.js";
import { createTestApp } from "../../test/test-app.js";
import { sessions } from "../db/schema.js";
import { SESSION_IDLE_MS } from "../modules/auth/sessions.service.js";
import { hashToken } from "../modules/auth/tokens.js";
import { isOriginAllowed } from "./handshake.js";
import { endExpiredSessionSockets } from "./session-sockets.js";

const ALLOWED = "http://localhost:5173";
let app: TestApp;
let url: string;
const sockets: Socket[] = [];
const outcomes = new WeakMap<Socket, Promise<string>>();

beforeAll(async () => {
  app = await createTestApp({ allowedOrigins: [ALLOWED] });
  await app.fastify.listen({ port: 0, host: "127.0.0.1" });
  const address = app.fastify.server.address();
  if (!address || typeof address === "string") throw new Error("not listening");
  url = `http://127.0.0.1:${address.port}`;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => app?.dispose());

function open(auth: object, origin?: string): Socket {
  const socket = connect(url, {
    transports: ["websocket"],
    reconnection: false,
    auth,
    ...(origin ? { extraHeaders: { origin } } : {}),
  });
  sockets.push(socket);
  // Listen right away: the handshake may finish before a test gets around to awaiting it.
  outcomes.set(
    socket,
    new Promise((resolve) => {
      socket.once("connect", () => resolve("connected"));
      socket.once("connect_error", (error) => resolve(error.message));
    }),
  );
  return socket;
}

/** Resolves "connected" or the connect_error message. */
function outcome(socket: Socket): Promise<string> {
  const result = outcomes.get(socket);
  if (!result) throw new Error("socket not opened through open()");
  return result;
}

/** Resolves the disconnect reason, or "still connected" after 5 s so a failure does not hang. */
function disconnected(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve("still connected"), 5000);
    socket.once("disconnect", (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

const website = (token: string) => ({ token, origin: "website" });

describe("handshake", () => {
  it("accepts a website socket with a valid token", async () => {
    const token = await loginAs(app, await createUser(app));
    expect(await outcome(open(website(token)))).toBe("connected");
    expect(await outcome(open(website(token), ALLOWED))).toBe("connected");
    expect(await outcome(open(website(token), url))).toBe("connected");
  });

  it("refuses a socket without a valid token", async () => {
    expect(await outcome(open({}))).toBe(socketErrors.unauthorized);
    expect(await outcome(open(website("not-a-token")))).toBe(socketErrors.unauthorized);
  });

  it("refuses a foreign Origin even with a valid token", async () => {
    const token = await loginAs(app, await createUser(app));
    expect(await outcome(open(website(token), "https://evil.example"))).toBe(socketErrors.originNotAllowed);
  });

  it("refuses bot and bot-user sockets that bring a web token instead of a runner token", async () => {
    const token = await loginAs(app, await createUser(app));
    expect(await outcome(open({ token, origin: "bot-user" }))).toBe(socketErrors.unauthorized);
    expect(await outcome(open({ token, origin: "bot", dsbotId: 1 }))).toBe(socketErrors.unauthorized);
  });
});

describe("revocation disconnects", () => {
  it("logout disconnects the session's socket but not another session's", async () => {
    const user = await createUser(app);
    const token = await loginAs(app, user);
    const otherToken = await loginAs(app, user);
    const socket = open(website(token));
    const other = open(website(otherToken));
    expect(await outcome(socket)).toBe("connected");
    expect(await outcome(other)).toBe("connected");
    const gone = disconnected(socket);
    await app.fastify.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(token) });
    expect(await gone).toBe("io server disconnect");
    expect(other.connected).toBe(true);
  });

  it("an admin revoking all sessions and deleting a user disconnects their sockets", async () => {
    const adminToken = await loginAdmin(app);
    const user = await createUser(app);
    const first = open(website(await loginAs(app, user)));
    expect(await outcome(first)).toBe("connected");
    const firstGone = disconnected(first);
    await app.fastify.inject({ method: "DELETE", url: `/api/users/${user.id}/sessions`, headers: bearer(adminToken) });
    expect(await firstGone).toBe("io server disconnect");

    const second = open(website(await loginAs(app, user)));
    expect(await outcome(second)).toBe("connected");
    const secondGone = disconnected(second);
    await app.fastify.inject({ method: "DELETE", url: `/api/users/${user.id}`, headers: bearer(adminToken) });
    expect(await secondGone).toBe("io server disconnect");
  });

  it("a password change disconnects the other sessions' sockets only", async () => {
    const user = await createUser(app);
    const current = await loginAs(app, user);
    const here = open(website(current));
    const elsewhere = open(website(await loginAs(app, user)));
    expect(await outcome(here)).toBe("connected");
    expect(await outcome(elsewhere)).toBe("connected");
    const gone = disconnected(elsewhere);
    const response = await app.fastify.inject({
      method: "POST",
      url: "/api/profile/password",
      headers: bearer(current),
      payload: { currentPassword: user.password, newPassword: "neues-passwort" },
    });
    expect(response.statusCode).toBe(204);
    expect(await gone).toBe("io server disconnect");
    expect(here.connected).toBe(true);
  });
});

describe("session expiry", () => {
  it("the sweep ends sockets whose session ran out and keeps the others", async () => {
    const user = await createUser(app);
    const expiredToken = await loginAs(app, user);
    const expired = open(website(expiredToken));
    const valid = open(website(await loginAs(app, user)));
    expect(await outcome(expired)).toBe("connected");
    expect(await outcome(valid)).toBe("connected");
    expect(await endExpiredSessionSockets(app.io, app.db)).toBe(0);

    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(expiredToken)));
    const gone = disconnected(expired);
    expect(await endExpiredSessionSockets(app.io, app.db)).toBe(1);
    expect(await gone).toBe("io server disconnect");
    expect(valid.connected).toBe(true);
  });

  it("a session idle for longer than allowed ends its socket too", async () => {
    const socket = open(website(await loginAs(app, await createUser(app))));
    expect(await outcome(socket)).toBe("connected");
    const gone = disconnected(socket);
    const later = new Date(Date.now() + SESSION_IDLE_MS + 60_000);
    expect(await endExpiredSessionSockets(app.io, app.db, later)).toBeGreaterThanOrEqual(1);
    expect(await gone).toBe("io server disconnect");
  });
});

describe("events a socket does not handle", () => {
  it("are answered with a refusal instead of silence: another origin's event and an unknown name", async () => {
    const user = await createUser(app);
    const web = await loginAs(app, user);
    const runner = await pairRunner(app, web);
    const socket = open({ token: runner.token, origin: "bot-user" });
    expect(await outcome(socket)).toBe("connected");
    const refusal = { ok: false, error: { code: "bad_request", message: errorMessages.unknownEvent } };
    expect(await socket.timeout(5000).emitWithAck("bot:log", { level: "info", message: "falsche Verbindung" })).toEqual(refusal);
    expect(await socket.timeout(5000).emitWithAck("gibt-es-nicht", {})).toEqual(refusal);
    // A handled event still works on the same socket.
    expect(await socket.timeout(5000).emitWithAck("runner:bots")).toEqual({ ok: true, bots: [] });
  });
});

describe("isOriginAllowed", () => {
  it("allows no Origin, listed origins and the request's own host only", () => {
    const allowed = ["http://localhost:5173"];
    expect(isOriginAllowed(undefined, ["dsbot.example"], allowed)).toBe(true);
    expect(isOriginAllowed("http://localhost:5173", ["dsbot.example"], allowed)).toBe(true);
    expect(isOriginAllowed("https://dsbot.example", ["dsbot.example"], allowed)).toBe(true);
    expect(isOriginAllowed("https://dsbot.example.evil.test", ["dsbot.example"], allowed)).toBe(false);
    expect(isOriginAllowed("https://evil.test", [undefined], allowed)).toBe(false);
  });
});
