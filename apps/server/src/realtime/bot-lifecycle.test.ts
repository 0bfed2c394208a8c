// A bot's life over real sockets: runner pairing and hello, start → bot connects → online, pause,
// resume, stop, force-stop, a dropped bot, module pushes and revoking the runner.
import type { BotConfig, BotLogListResponse, BotModuleConfig, RunnerCommand } from "@dsbot/protocol";
import { botLogListResponseSchema, botLogMessages, errorMessages, socketErrors } from "@dsbot/protocol";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ack, createBot, openSocket, pairRunner, settle, waitForMessage } from "../../test/bots.js";
import { bearer, createUser, loginAs } from "../../test/factories.js";
import { websocketConnections } from "../db/schema.js";
import { botSocketGone } from "../modules/dsbots/bot-connection.js";
import { resetLiveBotState } from "../modules/dsbots/bot-startup.js";
import { RECONNECT_GRACE_MS, settleOrphanedBots, settleStuckBots, START_TIMEOUT_MS, STOP_TIMEOUT_MS } from "../modules/dsbots/stuck-bots.js";
import type { TestApp } from "../../test/test-app.js";
import { useListeningApp } from "../../test/listening-app.js";

let app: TestApp;
let url: string;
const sockets = useListeningApp((a, u) => ((app = a), (url = u)));

const post = (token: string, path: string, payload?: object) =>
  app.fastify.inject({ method: "POST", url: path, headers: bearer(token), ...(payload ? { payload } : {}) });
const get = (token: string, path: string) => app.fastify.inject({ method: "GET", url: path, headers: bearer(token) });

/** An owner with a website socket, a paired runner that announced one bot, and that bot. */
async function setup() {
  const owner = await createUser(app);
  const web = await loginAs(app, owner);
  const bot = await createBot(app, web);
  const { token: runnerToken, runnerId } = await pairRunner(app, web);
  const website = openSocket(url, { token: web, origin: "website" }, sockets);
  const runner = openSocket(url, { token: runnerToken, origin: "bot-user" }, sockets);
  expect(await website.outcome).toBe("connected");
  expect(await runner.outcome).toBe("connected");
  const hello = await ack<{ accepted: number[]; rejected: number[] }>(runner, "runner:hello", {
    name: "Test-PC",
    version: "1.0.0",
    bots: [bot.id, 999999],
  });
  expect(hello).toMatchObject({ ok: true, accepted: [bot.id], rejected: [999999] });
  const created = await waitForMessage(website, "bot-user-connection-created", (d) => d.dsbotId === bot.id);
  const connectionId = created.data.id;
  return { owner, web, bot, runnerToken, runnerId, website, runner, connectionId };
}

async function startAndConnect(s: Awaited<ReturnType<typeof setup>>) {
  const started = await post(s.web, `/api/dsbot/${s.bot.id}/start`, { websocketConnectionId: s.connectionId });
  expect(started.statusCode).toBe(200);
  expect(started.json().dsbot.status).toBe("starting");
  await s.runner.waitFor<RunnerCommand>("runner:command", (c) => c.action === "start" && c.dsbotId === s.bot.id);
  const botSocket = openSocket(url, { token: s.runnerToken, origin: "bot", dsbotId: s.bot.id }, sockets);
  expect(await botSocket.outcome).toBe("connected");
  const config = await botSocket.waitFor<BotConfig>("bot:config");
  expect(config.dsbotId).toBe(s.bot.id);
  // The world's zone, for the game times in the bot's log.
  expect(config.timeZone).toBe("Europe/Berlin");
  expect(Object.keys(config.modules)).toHaveLength(17);
  await waitForMessage(s.website, "bot-connection-created", (d) => d.dsbotId === s.bot.id);
  expect(await ack(botSocket, "bot:status", { status: "online" })).toEqual({ ok: true, status: "online" });
  await waitForMessage(s.website, "botUpdateStatus", (d) => d.dsbot.id === s.bot.id && d.dsbot.status === "online");
  return botSocket;
}

async function logMessages(token: string, id: number): Promise<string[]> {
  const response = await get(token, `/api/dsbot/${id}/logs?perPage=50`);
  return botLogListResponseSchema.parse(response.json()).logs.map((l) => l.message);
}

describe("runner connection", () => {
  it("announces bot-user connections to the web and lists them; they vanish when the runner leaves", async () => {
    const s = await setup();
    const mine = await get(s.web, "/api/websocket-connections");
    expect(mine.json().websocketConnections).toEqual([
      expect.objectContaining({ id: s.connectionId, origin: "bot-user", dsbotId: s.bot.id, runnerName: "Test-PC" }),
    ]);
    const detail = await get(s.web, `/api/dsbot/${s.bot.id}/connections`);
    expect(detail.json().websocketConnections).toHaveLength(1);
    const tokens = await get(s.web, "/api/dsbot-auth/tokens");
    expect(tokens.json().runners).toEqual([expect.objectContaining({ id: s.runnerId, name: "Test-PC", connected: true })]);

    s.runner.socket.disconnect();
    const gone = await waitForMessage(s.website, "bot-user-connection-deleted", (d) => d.id === s.connectionId);
    expect(gone.data.websocketConnection.origin).toBe("bot-user");
    expect((await get(s.web, "/api/websocket-connections")).json().websocketConnections).toEqual([]);
  });

  it("lists the runner's bots and answers invalid payloads with an error ack", async () => {
    const s = await setup();
    const bots = await ack<{ bots: { id: number }[] }>(s.runner, "runner:bots");
    expect(bots.ok && bots.bots.map((b) => b.id)).toEqual([s.bot.id]);
    const bad = await ack(s.runner, "runner:hello", { name: "", bots: "alle" });
    expect(bad).toMatchObject({ ok: false, error: { code: "bad_request", message: errorMessages.badRequest } });
  });
});

describe("bot lifecycle", () => {
  it("start → runner command → bot connects → online; pause and resume reach the bot", async () => {
    const s = await setup();
    const botSocket = await startAndConnect(s);

    const paused = await post(s.web, `/api/dsbot/${s.bot.id}/pause`);
    expect(paused.json().dsbot.status).toBe("paused");
    await botSocket.waitFor("bot:control", (c: { action: string }) => c.action === "pause");
    await waitForMessage(s.website, "botUpdateStatus", (d) => d.dsbot.status === "paused");
    expect((await post(s.web, `/api/dsbot/${s.bot.id}/pause`)).statusCode).toBe(409);

    const resumed = await post(s.web, `/api/dsbot/${s.bot.id}/resume`);
    expect(resumed.json().dsbot.status).toBe("online");
    await botSocket.waitFor("bot:control", (c: { action: string }) => c.action === "resume");
    const again = await post(s.web, `/api/dsbot/${s.bot.id}/resume`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(errorMessages.botNotPaused);

    const twice = await post(s.web, `/api/dsbot/${s.bot.id}/start`, { websocketConnectionId: s.connectionId });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(errorMessages.botAlreadyStarted);

    expect(await logMessages(s.web, s.bot.id)).toEqual(
      expect.arrayContaining([botLogMessages.startRequested, botLogMessages.online, botLogMessages.paused, botLogMessages.resumed]),
    );
  });

  it("stop → runner and bot are told → the bot leaves → offline with 'Gestoppt'", async () => {
    const s = await setup();
    const botSocket = await startAndConnect(s);
    const stopping = await post(s.web, `/api/dsbot/${s.bot.id}/stop`, { websocketConnectionId: s.connectionId });
    expect(stopping.json().dsbot.status).toBe("stopping");
    await s.runner.waitFor<RunnerCommand>("runner:command", (c) => c.action === "stop");
    await botSocket.waitFor("bot:control", (c: { action: string }) => c.action === "stop");
    // The bot may no longer claim to be online while stopping.
    expect(await ack(botSocket, "bot:status", { status: "online" })).toMatchObject({ ok: false, error: { code: "conflict" } });
    botSocket.socket.disconnect();
    await waitForMessage(s.website, "botUpdateStatus", (d) => d.dsbot.id === s.bot.id && d.dsbot.status === "offline");
    await waitForMessage(s.website, "bot-connection-deleted", (d) => d.dsbotId === s.bot.id);
    const logs = await logMessages(s.web, s.bot.id);
    expect(logs[0]).toBe(botLogMessages.stopped);
    expect(logs).not.toContain(botLogMessages.connectionLost);
  });

  it("a runner that closes the bot the moment it hears stop: the answer is still 'stopping', the end 'Gestoppt' once", async () => {
    const s = await setup();
    const botSocket = await startAndConnect(s);
    s.runner.socket.on("runner:command", (c: RunnerCommand) => {
      if (c.action === "stop") botSocket.socket.disconnect();
    });
    const stopping = await post(s.web, `/api/dsbot/${s.bot.id}/stop`, { websocketConnectionId: s.connectionId });
    expect(stopping.statusCode).toBe(200);
    expect(stopping.json().dsbot.status).toBe("stopping");
    await waitForMessage(s.website, "botUpdateStatus", (d) => d.dsbot.id === s.bot.id && d.dsbot.status === "offline");
    await waitForMessage(s.website, "bot-connection-deleted", (d) => d.dsbotId === s.bot.id);
    const logs = await logMessages(s.web, s.bot.id);
    expect(logs.filter((m) => m === botLogMessages.stopped)).toHaveLength(1);
    expect(logs[0]).toBe(botLogMessages.stopped);
  });

  it("force-stop makes the bot offline at once, cuts the bot socket and tells the runner", async () => {
    const s = await setup();
    const botSocket = await startAndConnect(s);
    const gone = botSocket.disconnected();
    const response = await post(s.web, `/api/dsbot/${s.bot.id}/force-stop`);
    expect(response.json().dsbot.status).toBe("offline");
    expect(await gone).toBe("io server disconnect");
    await s.runner.waitFor<RunnerCommand>("runner:command", (c) => c.action === "force-stop" && c.dsbotId === s.bot.id);
    await settle();
    const logs = await logMessages(s.web, s.bot.id);
    expect(logs[0]).toBe(botLogMessages.forceStopped);
    expect(logs).not.toContain(botLogMessages.connectionLost);
    // A stopped bot cannot simply reconnect.
    const retry = openSocket(url, { token: s.runnerToken, origin: "bot", dsbotId: s.bot.id }, sockets);
    expect(await retry.outcome).toBe(socketErrors.botNotStartable);
  });

  it("an old run's socket whose drop arrives after a new start leaves the new start alone", async () => {
    const s = await setup();
    await startAndConnect(s);
    const [old] = await app.db.select().from(websocketConnections).where(and(eq(websocketConnections.dsbotId, s.bot.id), eq(websocketConnections.origin, "bot")));
    await post(s.web, `/api/dsbot/${s.bot.id}/force-stop`);
    await waitForMessage(s.website, "bot-connection-deleted", (d) => d.dsbotId === s.bot.id);
    expect((await post(s.web, `/api/dsbot/${s.bot.id}/start`, { websocketConnectionId: s.connectionId })).json().dsbot.status).toBe("starting");
    // The old socket's drop handled late (under load it can come after the start's request).
    await botSocketGone(app.ctx, s.bot.id, old!.createdAt);
    expect((await get(s.web, `/api/dsbot/${s.bot.id}`)).json().dsbot.status).toBe("starting");
    expect(await logMessages(s.web, s.bot.id)).not.toContain(botLogMessages.connectionLost);
    // The new run's socket connects and the bot comes online.
    const botSocket = openSocket(url, { token: s.runnerToken, origin: "bot", dsbotId: s.bot.id }, sockets);
    expect(await botSocket.outcome).toBe("connected");
    await botSocket.waitFor<BotConfig>("bot:config");
    expect(await ack(botSocket, "bot:status", { status: "online" })).toEqual({ ok: true, status: "online" });
  });

  it("a bot socket that drops while its bot is still starting makes the bot offline", async () => {
    const s = await setup();
    await post(s.web, `/api/dsbot/${s.bot.id}/start`, { websocketConnectionId: s.connectionId });
    const botSocket = openSocket(url, { token: s.runnerToken, origin: "bot", dsbotId: s.bot.id }, sockets);
    expect(await botSocket.outcome).toBe("connected");
    await waitForMessage(s.website, "bot-connection-created", (d) => d.dsbotId === s.bot.id);
    botSocket.socket.disconnect();
    await waitForMessage(s.website, "botUpdateStatus", (d) => d.dsbot.id === s.bot.id && d.dsbot.status === "offline");
    expect((await logMessages(s.web, s.bot.id))[0]).toBe(botLogMessages.connectionLost);
  });

  it("a bot socket that drops without a stop makes the bot offline and writes a log entry", async () => {
    const s = await setup();
    const botSocket = await startAndConnect(s);
    botSocket.socket.disconnect();
    await waitForMessage(s.website, "botUpdateStatus", (d) => d.dsbot.status === "offline");
    const response = await get(s.web, `/api/dsbot/${s.bot.id}/logs`);
    const { logs } = response.json<BotLogListResponse>();
    expect(logs[0]).toMatchObject({ level: "warn", message: botLogMessages.connectionLost, username: null });
  });

  it("stores bot:log entries and refuses statuses a bot may not set", async () => {
    const s = await setup();
    const botSocket = await startAndConnect(s);
    const logged = await ack<{ id: number }>(botSocket, "bot:log", { level: "info", message: "Dorf 500|500 umbenannt" });
    expect(logged.ok).toBe(true);
    expect(await logMessages(s.web, s.bot.id)).toContain("Dorf 500|500 umbenannt");
    expect(await ack(botSocket, "bot:status", { status: "offline" })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(await ack(botSocket, "bot:log", { level: "laut", message: "" })).toMatchObject({ ok: false });
  });

  it("pushes toggle-module and module saves to the connected bot at once", async () => {
    const s = await setup();
    const botSocket = await startAndConnect(s);
    const toggled = await post(s.web, `/api/dsbot/${s.bot.id}/toggle-module`, { moduleName: "timer" });
    expect(toggled.json()).toEqual({ enabled: true });
    const pushed = await botSocket.waitFor<BotModuleConfig>("bot:module-config", (u) => u.moduleName === "timer");
    expect(pushed.enabled).toBe(true);

    const saved = await post(s.web, `/api/dsbot/${s.bot.id}/module`, {
      moduleName: "command-scanner",
      module: { intervalSeconds: 120 },
    });
    expect(saved.statusCode).toBe(200);
    const update = await botSocket.waitFor<BotModuleConfig>("bot:module-config", (u) => u.moduleName === "command-scanner");
    expect(update.config).toMatchObject({ intervalSeconds: 120 });
  });

  it("refuses a bot socket for a bot that was not started, and one with a web token", async () => {
    const s = await setup();
    const early = openSocket(url, { token: s.runnerToken, origin: "bot", dsbotId: s.bot.id }, sockets);
    expect(await early.outcome).toBe(socketErrors.botNotStartable);
    const webToken = openSocket(url, { token: s.web, origin: "bot", dsbotId: s.bot.id }, sockets);
    expect(await webToken.outcome).toBe(socketErrors.unauthorized);
  });
});

describe("start and stop checks", () => {
  it("rejects a start on a connection of another bot or on another user's runner", async () => {
    const s = await setup();
    const otherBot = await createBot(app, s.web);
    const wrong = await post(s.web, `/api/dsbot/${otherBot.id}/start`, { websocketConnectionId: s.connectionId });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(errorMessages.connectionNotOfBot);

    // A stranger's runner announcing the bot is rejected at hello, so it never gets a connection.
    const stranger = await loginAs(app, await createUser(app));
    const { token } = await pairRunner(app, stranger);
    const foreign = openSocket(url, { token, origin: "bot-user" }, sockets);
    expect(await foreign.outcome).toBe("connected");
    expect(await ack(foreign, "runner:hello", { name: "X", version: "1", bots: [s.bot.id] })).toMatchObject({
      ok: true,
      accepted: [],
      rejected: [s.bot.id],
    });
  });

  it("a stop before the bot ever connected goes straight to offline", async () => {
    const s = await setup();
    await post(s.web, `/api/dsbot/${s.bot.id}/start`, { websocketConnectionId: s.connectionId });
    const stopped = await post(s.web, `/api/dsbot/${s.bot.id}/stop`, { websocketConnectionId: s.connectionId });
    expect(stopped.json().dsbot.status).toBe("offline");
    expect((await post(s.web, `/api/dsbot/${s.bot.id}/stop`, { websocketConnectionId: s.connectionId })).statusCode).toBe(409);
  });
});

describe("bots stuck in a transition", () => {
  it("a start the runner never answers ends offline after the timeout, not before", async () => {
    const s = await setup();
    const started = await post(s.web, `/api/dsbot/${s.bot.id}/start`, { websocketConnectionId: s.connectionId });
    expect(started.json().dsbot.status).toBe("starting");
    expect(await settleStuckBots(app.ctx, new Date(Date.now() + START_TIMEOUT_MS - 5_000))).toEqual([]);
    expect(await settleStuckBots(app.ctx, new Date(Date.now() + START_TIMEOUT_MS + 1_000))).toEqual([s.bot.id]);
    await waitForMessage(s.website, "botUpdateStatus", (d) => d.dsbot.id === s.bot.id && d.dsbot.status === "offline");
    const logs = await logMessages(s.web, s.bot.id);
    expect(logs[0]).toBe(botLogMessages.startTimedOut);
    const notice = await waitForMessage(s.website, "notification-created");
    expect(notice.data.notification).toMatchObject({ title: "Start fehlgeschlagen", read: false });
    expect(notice.data.notification.message).toContain(`"${s.bot.dsPlayer.name}"`);
    // An online bot is left alone however old its last change.
    expect(await settleStuckBots(app.ctx, new Date(Date.now() + 10 * START_TIMEOUT_MS))).toEqual([]);
  });

  it("a stop the bot never confirms ends offline and its socket is cut", async () => {
    const s = await setup();
    const botSocket = await startAndConnect(s);
    await post(s.web, `/api/dsbot/${s.bot.id}/stop`, { websocketConnectionId: s.connectionId });
    const gone = botSocket.disconnected();
    expect(await settleStuckBots(app.ctx, new Date(Date.now() + STOP_TIMEOUT_MS + 1_000))).toEqual([s.bot.id]);
    expect(await gone).toBe("io server disconnect");
    const logs = await logMessages(s.web, s.bot.id);
    expect(logs[0]).toBe(botLogMessages.stopTimedOut);
  });
});

describe("what a server restart leaves behind", () => {
  it("a start keeps started bots and their status, sets stopping ones offline and clears every connection", async () => {
    const running = await setup();
    await startAndConnect(running);
    const stopping = await setup();
    await startAndConnect(stopping);
    expect((await post(stopping.web, `/api/dsbot/${stopping.bot.id}/stop`, { websocketConnectionId: stopping.connectionId })).json().dsbot.status).toBe("stopping");

    await resetLiveBotState(app.db, false);
    expect((await get(running.web, `/api/dsbot/${running.bot.id}`)).json().dsbot.status).toBe("online");
    expect((await get(stopping.web, `/api/dsbot/${stopping.bot.id}`)).json().dsbot.status).toBe("offline");
    expect((await logMessages(stopping.web, stopping.bot.id))[0]).toBe(botLogMessages.serverRestarted);
    expect((await get(running.web, `/api/dsbot/${running.bot.id}/connections`)).json().websocketConnections).toEqual([]);
  });

  it("a running bot that does not reconnect within the grace time goes offline as a lost connection", async () => {
    const lost = await setup();
    await startAndConnect(lost);
    const back = await setup();
    await startAndConnect(back);
    // As after a restart: the lost bot has no bot socket on record, the other one came back.
    await app.db.delete(websocketConnections).where(eq(websocketConnections.dsbotId, lost.bot.id));
    const startedAt = new Date(Date.now() + 1_000);

    expect(await settleOrphanedBots(app.ctx, startedAt, new Date(startedAt.getTime() + RECONNECT_GRACE_MS - 5_000))).toEqual([]);
    const settled = await settleOrphanedBots(app.ctx, startedAt, new Date(startedAt.getTime() + RECONNECT_GRACE_MS + 1_000));
    expect(settled).toContain(lost.bot.id);
    expect(settled).not.toContain(back.bot.id);
    await waitForMessage(lost.website, "botUpdateStatus", (d) => d.dsbot.id === lost.bot.id && d.dsbot.status === "offline");
    expect((await logMessages(lost.web, lost.bot.id))[0]).toBe(botLogMessages.connectionLost);
    const notice = await waitForMessage(lost.website, "notification-created");
    expect(notice.data.notification.message).toContain(`"${lost.bot.dsPlayer.name}"`);
    expect((await get(back.web, `/api/dsbot/${back.bot.id}`)).json().dsbot.status).toBe("online");
    // A bot started after the restart is the disconnect handler's business, not this sweep's.
    await app.db.delete(websocketConnections).where(eq(websocketConnections.dsbotId, back.bot.id));
    expect(await settleOrphanedBots(app.ctx, new Date(Date.now() - RECONNECT_GRACE_MS - 60_000))).not.toContain(back.bot.id);
  });
});

describe("deleting a bot", () => {
  it("announces its runner connections as deleted before it goes", async () => {
    const s = await setup();
    const response = await app.fastify.inject({ method: "DELETE", url: `/api/dsbot/${s.bot.id}`, headers: bearer(s.web) });
    expect(response.statusCode).toBe(204);
    const deleted = await waitForMessage(s.website, "bot-user-connection-deleted", (d) => d.dsbotId === s.bot.id);
    expect(deleted.data.id).toBe(s.connectionId);
  });
});

describe("revoking a runner", () => {
  it("disconnects the runner and its bots at once; the bot goes offline", async () => {
    const s = await setup();
    const botSocket = await startAndConnect(s);
    const runnerGone = s.runner.disconnected();
    const botGone = botSocket.disconnected();
    const response = await app.fastify.inject({ method: "DELETE", url: `/api/dsbot-auth/tokens/${s.runnerId}`, headers: bearer(s.web) });
    expect(response.statusCode).toBe(204);
    expect(await runnerGone).toBe("io server disconnect");
    expect(await botGone).toBe("io server disconnect");
    await waitForMessage(s.website, "botUpdateStatus", (d) => d.dsbot.status === "offline");
    const again = openSocket(url, { token: s.runnerToken, origin: "bot-user" }, sockets);
    expect(await again.outcome).toBe(socketErrors.unauthorized);
    expect((await get(s.web, "/api/dsbot-auth/tokens")).json().runners).toEqual([]);
  });
});

describe("losing access", () => {
  it("revoking a grant removes that user's runner connections and cuts their bot socket", async () => {
    const s = await setup();
    const helper = await createUser(app);
    const helperWeb = await loginAs(app, helper);
    expect((await post(s.web, `/api/dsbot/${s.bot.id}/permission/user/${helper.id}`)).statusCode).toBe(204);
    const { token } = await pairRunner(app, helperWeb, "Helfer-PC");
    const helperRunner = openSocket(url, { token, origin: "bot-user" }, sockets);
    expect(await helperRunner.outcome).toBe("connected");
    expect(await ack(helperRunner, "runner:hello", { name: "Helfer-PC", version: "1", bots: [s.bot.id] })).toMatchObject({
      accepted: [s.bot.id],
    });
    const created = await waitForMessage(s.website, "bot-user-connection-created", (d) => d.websocketConnection.runnerName === "Helfer-PC");
    expect((await post(s.web, `/api/dsbot/${s.bot.id}/start`, { websocketConnectionId: created.data.id })).statusCode).toBe(200);
    const helperBot = openSocket(url, { token, origin: "bot", dsbotId: s.bot.id }, sockets);
    expect(await helperBot.outcome).toBe("connected");
    const cut = helperBot.disconnected();

    const revoked = await app.fastify.inject({
      method: "DELETE",
      url: `/api/dsbot/${s.bot.id}/permission/user/${helper.id}`,
      headers: bearer(s.web),
    });
    expect(revoked.statusCode).toBe(204);
    await waitForMessage(s.website, "bot-user-connection-deleted", (d) => d.id === created.data.id);
    expect(await cut).toBe("io server disconnect");
    await waitForMessage(s.website, "botUpdateStatus", (d) => d.dsbot.id === s.bot.id && d.dsbot.status === "offline");
    const left = (await get(s.web, `/api/dsbot/${s.bot.id}/connections`)).json().websocketConnections;
    expect(left).toEqual([expect.objectContaining({ id: s.connectionId, runnerName: "Test-PC" })]);
  });
});

describe("a bot socket belongs to the runner told to start the bot", () => {
  /** The owner's bot running on the owner's runner, shared with a helper whose runner announced it too. */
  async function sharedRunningBot() {
    const s = await setup();
    const botSocket = await startAndConnect(s);
    const helper = await createUser(app);
    const helperWeb = await loginAs(app, helper);
    expect((await post(s.web, `/api/dsbot/${s.bot.id}/permission/user/${helper.id}`)).statusCode).toBe(204);
    const { token: helperToken } = await pairRunner(app, helperWeb, "Helfer-PC");
    const helperRunner = openSocket(url, { token: helperToken, origin: "bot-user" }, sockets);
    expect(await helperRunner.outcome).toBe("connected");
    return { ...s, botSocket, helperToken, helperRunner };
  }

  it("a grantee's runner cannot cut the owner's live bot socket nor report into the bot", async () => {
    const s = await sharedRunningBot();
    const intruder = openSocket(url, { token: s.helperToken, origin: "bot", dsbotId: s.bot.id }, sockets);
    expect(await intruder.outcome).toBe(socketErrors.botOtherRunner);
    expect(intruder.received.map((r) => r.event)).not.toContain("bot:config");
    // The owner's socket was not replaced: still connected, still the bot's one connection, still reporting.
    expect(s.botSocket.socket.connected).toBe(true);
    const rows = await app.db.select().from(websocketConnections).where(eq(websocketConnections.dsbotId, s.bot.id));
    expect(rows.filter((r) => r.origin === "bot").map((r) => r.socketId)).toEqual([s.botSocket.socket.id]);
    expect(await ack(s.botSocket, "bot:log", { level: "info", message: "Noch da" })).toMatchObject({ ok: true });
    expect((await get(s.web, `/api/dsbot/${s.bot.id}`)).json().dsbot.status).toBe("online");
  });

  it("after a restart only the runner that started the bot is asked to resume it", async () => {
    const s = await sharedRunningBot();
    // As after a server restart: the bot still counts as running, but no bot socket row is left.
    await app.db.delete(websocketConnections).where(and(eq(websocketConnections.dsbotId, s.bot.id), eq(websocketConnections.origin, "bot")));
    const hello = { name: "PC", version: "1", bots: [s.bot.id] };
    expect(await ack(s.helperRunner, "runner:hello", hello)).toMatchObject({ ok: true, accepted: [s.bot.id], resume: [] });
    expect(await ack(s.runner, "runner:hello", hello)).toMatchObject({ ok: true, accepted: [s.bot.id], resume: [s.bot.id] });
  });

  it("the same runner's reconnecting bot replaces its own stale socket", async () => {
    const s = await setup();
    const stale = await startAndConnect(s);
    const cut = stale.disconnected();
    const again = openSocket(url, { token: s.runnerToken, origin: "bot", dsbotId: s.bot.id }, sockets);
    expect(await again.outcome).toBe("connected");
    await again.waitFor<BotConfig>("bot:config");
    expect(await cut).toBe("io server disconnect");
  });

  it("a stopped bot may be started on another runner, whose bot socket is then the one accepted", async () => {
    const s = await sharedRunningBot();
    s.botSocket.socket.disconnect();
    await waitForMessage(s.website, "botUpdateStatus", (d) => d.dsbot.id === s.bot.id && d.dsbot.status === "offline");
    expect(await ack(s.helperRunner, "runner:hello", { name: "Helfer-PC", version: "1", bots: [s.bot.id] })).toMatchObject({ accepted: [s.bot.id] });
    const created = await waitForMessage(s.website, "bot-user-connection-created", (d) => d.websocketConnection.runnerName === "Helfer-PC");
    expect((await post(s.web, `/api/dsbot/${s.bot.id}/start`, { websocketConnectionId: created.data.id })).statusCode).toBe(200);
    const ownerBot = openSocket(url, { token: s.runnerToken, origin: "bot", dsbotId: s.bot.id }, sockets);
    expect(await ownerBot.outcome).toBe(socketErrors.botOtherRunner);
    const helperBot = openSocket(url, { token: s.helperToken, origin: "bot", dsbotId: s.bot.id }, sockets);
    expect(await helperBot.outcome).toBe("connected");
  });
});

describe("bot:templates", () => {
  const steps = [{ building: "main", level: 2 }];
  async function template(web: string, name: string): Promise<number> {
    const response = await post(web, "/api/account-manager/templates", { name, steps });
    expect(response.statusCode).toBe(201);
    return response.json<{ template: { id: number } }>().template.id;
  }

  it("answers only templates the bot's own builder or template assigner names, whatever ids are asked", async () => {
    const s = await setup();
    const named = await template(s.web, "Genannt");
    const assigned = await template(s.web, "Zugewiesen");
    const secret = await template(s.web, "Privat");
    const builder = await post(s.web, `/api/dsbot/${s.bot.id}/module`, { moduleName: "builder", module: { defaultTemplateId: named } });
    expect(builder.statusCode).toBe(200);
    const assigner = await post(s.web, `/api/dsbot/${s.bot.id}/module`, {
      moduleName: "templateassigner",
      module: { rules: [{ templateId: assigned }] },
    });
    expect(assigner.statusCode).toBe(200);
    const botSocket = await startAndConnect(s);
    const answer = await ack<{ templates: { id: number; name: string }[] }>(botSocket, "bot:templates", { ids: [named, assigned, secret] });
    expect(answer.ok && answer.templates.map((t) => t.name).sort()).toEqual(["Genannt", "Zugewiesen"]);
    expect(await ack(botSocket, "bot:templates", { ids: [secret] })).toEqual({ ok: true, templates: [] });
  });
});
