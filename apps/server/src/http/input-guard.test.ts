// A NUL byte (which PostgreSQL cannot store) or a lone UTF-16 surrogate anywhere
// in a request or socket payload is refused with a German 400 before it reaches the database, never
// a 500; absurdly deep nesting likewise.
import type { BotLogListResponse, NotificationListResponse } from "@dsbot/protocol";
import { errorMessages } from "@dsbot/protocol";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TestSocket } from "../../test/bots.js";
import { ack, createBot, listen, openSocket, pairRunner, runningBot } from "../../test/bots.js";
import { bearer, createUser, loginAdmin, loginAs, uniqueUsername } from "../../test/factories.js";
import type { TestApp } from "../../test/test-app.js";
import { createTestApp } from "../../test/test-app.js";

let app: TestApp;
let url: string;
let adminToken: string;
let userToken: string;
let botId: number;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  app = await createTestApp();
  url = await listen(app);
  adminToken = await loginAdmin(app);
  userToken = await loginAs(app, await createUser(app));
  botId = (await createBot(app, userToken)).id;
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.socket.disconnect();
});
afterAll(() => app?.dispose());

const NUL = "\u0000";
const world = { server: "die-staemme.de", world: "de230" };

/** The German 400 naming where the bad character sits. */
const invalidChars = (path: string) => ({
  error: { code: "bad_request", message: errorMessages.invalidChars, issues: [{ path, message: errorMessages.invalidChars }] },
});

type Method = "GET" | "POST" | "PATCH" | "DELETE";
interface Case {
  name: string;
  method: Method;
  url: () => string;
  token?: () => string;
  payload?: object;
  path: string;
}

const cases: Case[] = [
  { name: "login username", method: "POST", url: () => "/api/auth/login", payload: { username: `ad${NUL}min`, password: "admin-passwort-123" }, path: "body.username" },
  { name: "login password", method: "POST", url: () => "/api/auth/login", payload: { username: "admin", password: `pass${NUL}wort-123` }, path: "body.password" },
  { name: "global search", method: "POST", url: () => "/api/search", token: () => userToken, payload: { searchVal: `Dorf${NUL}` }, path: "body.searchVal" },
  { name: "user list search", method: "GET", url: () => "/api/users?searchVal=ad%00min", token: () => adminToken, path: "query.searchVal" },
  { name: "user lookup", method: "GET", url: () => "/api/users/lookup?username=ad%00min", token: () => userToken, path: "query.username" },
  { name: "new user's name", method: "POST", url: () => "/api/users", token: () => adminToken, payload: { username: `neu${NUL}er`, password: "geheim-123", role: "user", world }, path: "body.username" },
  { name: "bot name", method: "POST", url: () => "/api/dsbot", token: () => userToken, payload: { dsPlayer: { name: `Spieler${NUL}` }, world }, path: "body.dsPlayer.name" },
  { name: "notification title", method: "POST", url: () => "/api/user-notifications", token: () => userToken, payload: { title: `T${NUL}`, message: "Text" }, path: "body.title" },
  { name: "notification message", method: "POST", url: () => "/api/user-notifications", token: () => userToken, payload: { title: "Titel", message: `${NUL}` }, path: "body.message" },
  { name: "device-code name", method: "POST", url: () => "/api/dsbot-auth/device", payload: { name: `PC${NUL}` }, path: "body.name" },
  { name: "device-code approval", method: "POST", url: () => "/api/dsbot-auth/approve", token: () => userToken, payload: { userCode: `ABCD-${NUL}FGH` }, path: "body.userCode" },
  { name: "device-code redemption", method: "POST", url: () => "/api/dsbot-auth/token", payload: { deviceCode: `x${NUL}` }, path: "body.deviceCode" },
  { name: "profile password", method: "POST", url: () => "/api/profile/password", token: () => userToken, payload: { currentPassword: `a${NUL}`, newPassword: "neues-passwort-1" }, path: "body.currentPassword" },
  { name: "module config key", method: "POST", url: () => `/api/dsbot/${botId}/module`, token: () => userToken, payload: { moduleName: "timer", module: { [`a${NUL}b`]: 1 } }, path: "body.module.?" },
  { name: "module config value", method: "POST", url: () => `/api/dsbot/${botId}/module`, token: () => userToken, payload: { moduleName: "timer", module: { note: [`x${NUL}`] } }, path: "body.module.note.0" },
  { name: "path parameter", method: "GET", url: () => "/api/dsbot/1%00", token: () => userToken, path: "params.id" },
];

const send = (c: Case) =>
  app.fastify.inject({
    method: c.method,
    url: c.url(),
    headers: c.token ? bearer(c.token()) : {},
    ...(c.payload ? { payload: c.payload } : {}),
    remoteAddress: "203.0.113.9",
  });

describe("NUL bytes in HTTP input", () => {
  it.each(cases)("$name: 400 with the German message, never 500", async (c) => {
    const response = await send(c);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual(invalidChars(c.path));
  });

  it("stores nothing: the refused notification and bot do not exist", async () => {
    const list = await app.fastify.inject({ method: "GET", url: "/api/user-notifications", headers: bearer(userToken) });
    expect(list.json<NotificationListResponse>().notifications).toEqual([]);
    const bots = await app.fastify.inject({ method: "GET", url: "/api/dsbot", headers: bearer(userToken) });
    expect(JSON.stringify(bots.json())).not.toContain("\\u0000");
  });
});

describe("lone surrogates and deep nesting", () => {
  it("refuses a lone high or low surrogate with the same German 400", async () => {
    const high = await app.fastify.inject({
      method: "POST",
      url: "/api/user-notifications",
      headers: bearer(userToken),
      payload: { title: "Titel", message: "a\uD800b" },
    });
    expect(high.statusCode).toBe(400);
    expect(high.json()).toEqual(invalidChars("body.message"));
    const low = await app.fastify.inject({
      method: "POST",
      url: "/api/dsbot",
      headers: bearer(userToken),
      payload: { dsPlayer: { name: "\uDC00Spieler" }, world },
    });
    expect(low.statusCode).toBe(400);
    expect(low.json()).toEqual(invalidChars("body.dsPlayer.name"));
    const login = await app.fastify.inject({ method: "POST", url: "/api/auth/login", payload: { username: "\uDFFFadmin", password: "x" } });
    expect(login.json()).toEqual(invalidChars("body.username"));
  });

  it("accepts proper surrogate pairs (emoji)", async () => {
    const response = await app.fastify.inject({
      method: "POST",
      url: "/api/user-notifications",
      headers: bearer(userToken),
      payload: { title: "Angriff 🗡️", message: "Dorf 😀 erobert" },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().notification).toMatchObject({ title: "Angriff 🗡️", message: "Dorf 😀 erobert" });
  });

  it("refuses nesting deeper than 32 levels in German", async () => {
    let deep: unknown = "x";
    for (let i = 0; i < 40; i++) deep = { a: deep };
    const response = await app.fastify.inject({
      method: "POST",
      url: `/api/dsbot/${botId}/module`,
      headers: bearer(userToken),
      payload: { moduleName: "timer", module: { deep } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: "bad_request", message: errorMessages.inputTooDeep });
  });

  it("a new user's name with a NUL is not created", async () => {
    const name = uniqueUsername();
    const response = await app.fastify.inject({
      method: "POST",
      url: "/api/users",
      headers: bearer(adminToken),
      payload: { username: `${name}${NUL}`, password: "geheim-123", role: "user", world },
    });
    expect(response.statusCode).toBe(400);
    const list = await app.fastify.inject({ method: "GET", url: `/api/users?searchVal=${name}`, headers: bearer(adminToken) });
    expect(list.json().users).toEqual([]);
  });
});

describe("NUL bytes in socket payloads", () => {
  it("bot:log with a NUL or a lone surrogate is refused through the ack and nothing is stored", async () => {
    const { bot, botSocket } = await runningBot(app, url, userToken, sockets);
    for (const message of [`Dorf${NUL}umbenannt`, "Dorf\uD800umbenannt"]) {
      const answer = await ack(botSocket, "bot:log", { level: "info", message });
      expect(answer).toEqual({ ok: false, error: { code: "bad_request", message: errorMessages.invalidChars } });
    }
    // The socket still works, and only the clean entry is stored.
    expect(await ack(botSocket, "bot:log", { level: "info", message: "Dorf sauber umbenannt" })).toMatchObject({ ok: true });
    const logs = await app.fastify.inject({ method: "GET", url: `/api/dsbot/${bot.id}/logs`, headers: bearer(userToken) });
    const messages = logs.json<BotLogListResponse>().logs.map((l) => l.message);
    expect(messages).toContain("Dorf sauber umbenannt");
    expect(messages.filter((m) => m.startsWith("Dorf") && m.endsWith("umbenannt"))).toEqual(["Dorf sauber umbenannt"]);
  });

  it("runner:hello with a NUL in the runner's name is refused through the ack", async () => {
    const { token } = await pairRunner(app, userToken);
    const runner = openSocket(url, { token, origin: "bot-user" }, sockets);
    expect(await runner.outcome).toBe("connected");
    const answer = await ack(runner, "runner:hello", { name: `PC${NUL}`, version: "1.0.0", bots: [botId] });
    expect(answer).toEqual({ ok: false, error: { code: "bad_request", message: errorMessages.invalidChars } });
    const connections = await app.fastify.inject({ method: "GET", url: `/api/dsbot/${botId}/connections`, headers: bearer(userToken) });
    expect(connections.json().websocketConnections).toEqual([]);
  });
});
