// Losing sight of a bot takes effect on live sockets at once: a role change, a revoked grant,
// a deleted bot or a deleted user re-checks the user's runner and bot sockets and cuts what they may
// no longer see; and in case an event or push slips in between the change and that re-check, every
// bot socket event re-checks access and every push to a bot room checks its audience.
import type { BotModuleConfig, Notification, RunnerCommand } from "@dsbot/protocol";
import { botLogListResponseSchema, errorMessages, notificationListResponseSchema, socketErrors } from "@dsbot/protocol";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TestSocket } from "../../../test/bots.js";
import { ack, createBot, openSocket, pairRunner, waitForMessage } from "../../../test/bots.js";
import { bearer, createUser, loginAdmin, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { useListeningApp } from "../../../test/listening-app.js";
import { dsbotPermissions, dsbots, users } from "../../db/schema.js";
import { notificationTexts } from "../notifications/notification-texts.js";

let app: TestApp;
let url: string;
const sockets = useListeningApp((a, u) => ((app = a), (url = u)));

const call = (token: string, method: "GET" | "POST" | "PATCH" | "DELETE", path: string, payload?: object) =>
  app.fastify.inject({ method, url: path, headers: bearer(token), ...(payload ? { payload } : {}) });

/**
 * An owner's bot, online, run by ANOTHER user's runner and bot socket: an admin's (who sees every bot)
 * or a user's the bot was granted to. The owner watches on a website socket.
 */
async function botRunBy(other: "admin" | "granted") {
  const owner = await createUser(app);
  const runnerUser = await createUser(app, { role: other === "admin" ? "admin" : "user" });
  const ownerWeb = await loginAs(app, owner);
  const runnerWeb = await loginAs(app, runnerUser);
  const bot = await createBot(app, ownerWeb, { name: `Fremdbetrieb ${other}` });
  if (other === "granted") {
    expect((await call(ownerWeb, "POST", `/api/dsbot/${bot.id}/permission/user/${runnerUser.id}`)).statusCode).toBe(204);
  }
  const website = openSocket(url, { token: ownerWeb, origin: "website" }, sockets);
  expect(await website.outcome).toBe("connected");

  const { token: runnerToken } = await pairRunner(app, runnerWeb, "Fremder-PC");
  const runner = openSocket(url, { token: runnerToken, origin: "bot-user" }, sockets);
  expect(await runner.outcome).toBe("connected");
  const hello = await ack(runner, "runner:hello", { name: "Fremder-PC", version: "1.0.0", bots: [bot.id] });
  expect(hello).toMatchObject({ ok: true, accepted: [bot.id] });
  const created = await waitForMessage(website, "bot-user-connection-created", (d) => d.dsbotId === bot.id);

  expect((await call(ownerWeb, "POST", `/api/dsbot/${bot.id}/start`, { websocketConnectionId: created.data.id })).statusCode).toBe(200);
  await runner.waitFor<RunnerCommand>("runner:command", (c) => c.action === "start" && c.dsbotId === bot.id);
  const botSocket = openSocket(url, { token: runnerToken, origin: "bot", dsbotId: bot.id }, sockets);
  expect(await botSocket.outcome).toBe("connected");
  await botSocket.waitFor("bot:config");
  expect(await ack(botSocket, "bot:status", { status: "online" })).toEqual({ ok: true, status: "online" });
  await waitForMessage(website, "botUpdateStatus", (d) => d.dsbot.id === bot.id && d.dsbot.status === "online");
  return { owner, runnerUser, ownerWeb, bot, website, runner, runnerToken, botSocket, runnerConnectionId: created.data.id };
}
type Setup = Awaited<ReturnType<typeof botRunBy>>;

/** After the cut: the runner connection was announced as gone, the bot went offline and lists no connection. */
async function expectConnectionsGone(s: Setup) {
  await waitForMessage(s.website, "bot-user-connection-deleted", (d) => d.id === s.runnerConnectionId);
  await waitForMessage(s.website, "botUpdateStatus", (d) => d.dsbot.id === s.bot.id && d.dsbot.status === "offline");
  const left = await call(s.ownerWeb, "GET", `/api/dsbot/${s.bot.id}/connections`);
  expect(left.json().websocketConnections).toEqual([]);
}

const saveModule = (s: Setup) => call(s.ownerWeb, "POST", `/api/dsbot/${s.bot.id}/module`, { moduleName: "command-scanner", module: { intervalSeconds: 120 } });
const moduleConfigs = (socket: TestSocket) => socket.received.filter((r) => r.event === "bot:module-config").map((r) => r.payload as BotModuleConfig);

describe("a demoted admin", () => {
  it("loses the bot socket on another user's bot and their runner's connection to it at once", async () => {
    const s = await botRunBy("admin");
    const cut = s.botSocket.disconnected();
    const demoted = await call(await loginAdmin(app), "PATCH", `/api/users/${s.runnerUser.id}`, { role: "user" });
    expect(demoted.statusCode).toBe(200);

    expect(await cut).toBe("io server disconnect");
    await expectConnectionsGone(s);
    // The runner itself stays (it may run the user's own bots) but no longer gets this bot.
    expect(await ack(s.runner, "runner:bots")).toEqual({ ok: true, bots: [] });
    expect(await ack(s.runner, "runner:hello", { name: "Fremder-PC", version: "1.0.0", bots: [s.bot.id] })).toMatchObject({
      ok: true,
      accepted: [],
      rejected: [s.bot.id],
    });
    // A later module save by the owner reaches nobody, and the bot cannot come back with that token.
    expect((await saveModule(s)).statusCode).toBe(200);
    expect(moduleConfigs(s.botSocket)).toEqual([]);
    const retry = openSocket(url, { token: s.runnerToken, origin: "bot", dsbotId: s.bot.id }, sockets);
    expect(await retry.outcome).toBe(socketErrors.unauthorized);
  });
});

describe("a revoked grant", () => {
  it("cuts the user's bot socket and their runner's connection to the bot", async () => {
    const s = await botRunBy("granted");
    const cut = s.botSocket.disconnected();
    expect((await call(s.ownerWeb, "DELETE", `/api/dsbot/${s.bot.id}/permission/user/${s.runnerUser.id}`)).statusCode).toBe(204);
    expect(await cut).toBe("io server disconnect");
    await expectConnectionsGone(s);
    expect(await ack(s.runner, "runner:bots")).toEqual({ ok: true, bots: [] });
  });
});

describe("a deleted bot", () => {
  it("cuts its bot socket while it runs", async () => {
    const s = await botRunBy("granted");
    const cut = s.botSocket.disconnected();
    expect((await call(s.ownerWeb, "DELETE", `/api/dsbot/${s.bot.id}`)).statusCode).toBe(204);
    expect(await cut).toBe("io server disconnect");
    await waitForMessage(s.website, "bot-user-connection-deleted", (d) => d.id === s.runnerConnectionId);
    expect(await ack(s.runner, "runner:bots")).toEqual({ ok: true, bots: [] });
  });

  it("cuts a bot socket that outlived the bot's running state (e.g. a stop that raced the socket's connect)", async () => {
    const s = await botRunBy("granted");
    // The dashboard already has the bot offline, so deleting it needs no force-stop.
    await app.db.update(dsbots).set({ status: "offline" }).where(eq(dsbots.id, s.bot.id));
    const cut = s.botSocket.disconnected();
    expect((await call(s.ownerWeb, "DELETE", `/api/dsbot/${s.bot.id}`)).statusCode).toBe(204);
    expect(await cut).toBe("io server disconnect");
  });
});

describe("a deleted user", () => {
  it("loses their runner and bot sockets at once", async () => {
    const s = await botRunBy("granted");
    const runnerCut = s.runner.disconnected();
    const botCut = s.botSocket.disconnected();
    expect((await call(await loginAdmin(app), "DELETE", `/api/users/${s.runnerUser.id}`)).statusCode).toBe(204);
    expect(await runnerCut).toBe("io server disconnect");
    expect(await botCut).toBe("io server disconnect");
    await expectConnectionsGone(s);
  });

  it("takes their bots along: another user's runner and bot sockets lose those bots at once", async () => {
    const s = await botRunBy("granted");
    const botCut = s.botSocket.disconnected();
    expect((await call(await loginAdmin(app), "DELETE", `/api/users/${s.owner.id}`)).statusCode).toBe(204);
    expect(await botCut).toBe("io server disconnect");
    expect(await ack(s.runner, "runner:bots")).toEqual({ ok: true, bots: [] });
    const [left] = await app.db.select().from(dsbots).where(eq(dsbots.id, s.bot.id));
    expect(left).toBeUndefined();
  });
});

/**
 * The moment between a change and its re-check: the change is made in the database only (as a
 * committed role change, revoke or deletion whose request has not yet re-checked the sockets), so
 * what arrives now meets only the per-event and per-push checks.
 */
const losses: { name: string; other: "admin" | "granted"; lose: (s: Setup) => Promise<unknown> }[] = [
  { name: "an admin demoted", other: "admin", lose: (s) => app.db.update(users).set({ role: "user" }).where(eq(users.id, s.runnerUser.id)) },
  {
    name: "a grant revoked",
    other: "granted",
    lose: (s) =>
      app.db.delete(dsbotPermissions).where(and(eq(dsbotPermissions.dsbotId, s.bot.id), eq(dsbotPermissions.userId, s.runnerUser.id))),
  },
  { name: "a user deleted", other: "granted", lose: (s) => app.db.delete(users).where(eq(users.id, s.runnerUser.id)) },
];

/** Send an event and wait for its answer; a socket cut before the answer came gives the client's error. */
async function attempt(socket: TestSocket, event: string, payload: object): Promise<unknown> {
  try {
    return await ack(socket, event, payload);
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

/**
 * A refused event: the server's not_found answer, after which the socket is cut; an event sent
 * alongside it may meet the cut first.
 */
const refusals = [
  { ok: false, error: { code: "not_found", message: errorMessages.botNotFound } },
  { ok: false, error: "socket has been disconnected" },
];

describe.each(losses)("right after $name", ({ other, lose }) => {
  it("refuses the bot's bot:log and bot:needs-player: nothing is logged and the owner is not notified", async () => {
    const s = await botRunBy(other);
    await lose(s);
    const cut = s.botSocket.disconnected();
    const message = "Dorf 500|500 umbenannt (nach dem Entzug)";
    const [logged, needs] = await Promise.all([
      attempt(s.botSocket, "bot:log", { level: "info", message }),
      attempt(s.botSocket, "bot:needs-player", { reason: "captcha", message: "nach dem Entzug" }),
    ]);
    expect(refusals).toContainEqual(logged);
    expect(refusals).toContainEqual(needs);
    // The first refusal is answered before the cut, so the bot learns why.
    expect([logged, needs]).toContainEqual(refusals[0]);
    expect(await cut).toBe("io server disconnect");

    const logs = botLogListResponseSchema.parse((await call(s.ownerWeb, "GET", `/api/dsbot/${s.bot.id}/logs?perPage=50`)).json()).logs;
    expect(logs.map((l) => l.message)).not.toContain(message);
    expect(logs.map((l) => l.message).filter((m) => m.includes("nach dem Entzug"))).toEqual([]);
    const notifications: Notification[] = notificationListResponseSchema.parse(
      (await call(s.ownerWeb, "GET", "/api/user-notifications")).json(),
    ).notifications;
    const needsPlayer = notificationTexts.botNeedsPlayer(s.bot.dsPlayer.name, "captcha", "nach dem Entzug");
    expect(notifications.map((n) => n.message)).not.toContain(needsPlayer.message);
  });

  it("withholds the owner's module save from the bot socket and cuts it", async () => {
    const s = await botRunBy(other);
    await lose(s);
    const cut = s.botSocket.disconnected();
    expect((await saveModule(s)).statusCode).toBe(200);
    // The cut arrives on the same connection after anything sent before it.
    expect(await cut).toBe("io server disconnect");
    expect(moduleConfigs(s.botSocket)).toEqual([]);
  });
});
