// The runner against a real server: hello, start → online, module pushes, pause/resume, stop,
// force-stop and leaving, all through the server's REST API and sockets.
import { botLogMessages } from "@dsbot/protocol";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { botLogs, botStatus, connectionCount, createAccount, createTestApp, createTestRunner, eventually, listen, restClient, startBotOnline, type Account, type TestApp } from "../test/harness.js";
import type { Runner } from "./runner.js";

let app: TestApp;
let url: string;
const runners: Runner[] = [];

beforeAll(async () => {
  app = await createTestApp();
  url = await listen(app);
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});
afterAll(() => app?.dispose());

/** A paired account and a runner for its bot, connected and announced. */
async function setup(extraBots: number[] = []) {
  const account = await createAccount(app);
  const { clock, world, runner } = createTestRunner(url, account, { seed: 7, extraBots });
  runners.push(runner);
  const hello = await runner.ready();
  return { account, clock, world, runner, hello, rest: restClient(app, account.web) };
}

type Setup = Awaited<ReturnType<typeof setup>>;

async function connectionId(s: Setup): Promise<number> {
  const response = await s.rest.get(`/api/dsbot/${s.account.bot.id}/connections`);
  const [connection] = response.json<{ websocketConnections: { id: number; origin: string }[] }>().websocketConnections;
  if (!connection) throw new Error("no bot-user connection");
  return connection.id;
}

async function start(s: Setup): Promise<void> {
  await startBotOnline(app, s.account);
}

async function expectLog(account: Account, message: string | RegExp, s?: Setup) {
  return eventually(
    async () => {
      const logs = await botLogs(app, account);
      const hit = logs.find((l) => (typeof message === "string" ? l.message === message : message.test(l.message)));
      expect(hit, `log ${message} in ${JSON.stringify(logs.map((l) => l.message))}`).toBeDefined();
      return hit;
    },
    { clock: s?.clock },
  );
}

describe("connecting", () => {
  it("announces its local bots: the server shows a bot-user connection, unknown bots are rejected", async () => {
    const s = await setup([999_999]);
    expect(s.hello).toEqual({ accepted: [s.account.bot.id], rejected: [999_999] });
    const response = await s.rest.get("/api/websocket-connections");
    expect(response.json().websocketConnections).toEqual([
      expect.objectContaining({ origin: "bot-user", dsbotId: s.account.bot.id, runnerName: "Test-PC" }),
    ]);
  });

  it("after a dropped connection it reconnects and announces its bots again", async () => {
    const s = await setup();
    const before = await connectionId(s);
    for (const socket of app.io.of("/").sockets.values()) {
      if (socket.data.origin === "bot-user") socket.conn.close();
    }
    await eventually(async () => expect(await connectionId(s)).not.toBe(before), { timeoutMs: 10_000 });
    expect(await s.runner.ready()).toEqual({ accepted: [s.account.bot.id], rejected: [] });
  });

  it("leaving removes its connections", async () => {
    const s = await setup();
    expect(await connectionCount(app, s.account)).toBe(1);
    await s.runner.stop();
    await eventually(async () => expect(await connectionCount(app, s.account)).toBe(0));
  });
});

describe("a bot's life", () => {
  it("start via REST → the bot connects, logs into the game and reports online", async () => {
    const s = await setup();
    await start(s);
    await expectLog(s.account, `Im Spiel angemeldet als ${s.account.player}`);
    expect(s.runner.session(s.account.bot.id)?.state).toBe("online");
    expect(await connectionCount(app, s.account)).toBe(2);
  });

  it("applies a module toggle at once and logs it with the module's German label", async () => {
    const s = await setup();
    await start(s);
    expect((await s.rest.post(`/api/dsbot/${s.account.bot.id}/toggle-module`, { moduleName: "timer" })).json()).toEqual({ enabled: true });
    await expectLog(s.account, "Modul „Timer“ übernommen (aktiv)");
    await s.rest.post(`/api/dsbot/${s.account.bot.id}/toggle-module`, { moduleName: "timer" });
    await expectLog(s.account, "Modul „Timer“ übernommen (inaktiv)");
  });

  it("pause stops the modules and resume brings them back", async () => {
    const s = await setup();
    await start(s);
    await s.rest.post(`/api/dsbot/${s.account.bot.id}/pause`);
    await eventually(async () => expect(s.runner.session(s.account.bot.id)?.state).toBe("paused"));
    await s.rest.post(`/api/dsbot/${s.account.bot.id}/module`, { moduleName: "inventory", module: { enabled: true, intervalMinutes: 1 } });
    await expectLog(s.account, "Modul „Inventur“ übernommen (aktiv)");
    for (let i = 0; i < 5; i++) s.clock.advance(60_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await botLogs(app, s.account)).some((l) => l.message.startsWith("Inventur:"))).toBe(false);

    expect((await s.rest.post(`/api/dsbot/${s.account.bot.id}/resume`)).json().dsbot.status).toBe("online");
    await eventually(async () => expect(s.runner.session(s.account.bot.id)?.state).toBe("online"));
    await expectLog(s.account, /^Inventur:/, s);
    expect(await botStatus(app, s.account)).toBe("online");
  });

  it("stop → the runner stops the bot → offline with 'Gestoppt', no lost connection", async () => {
    const s = await setup();
    await start(s);
    const stopping = await s.rest.post(`/api/dsbot/${s.account.bot.id}/stop`, { websocketConnectionId: await connectionId(s) });
    expect(stopping.json().dsbot.status).toBe("stopping");
    await eventually(async () => expect(await botStatus(app, s.account)).toBe("offline"));
    const messages = (await botLogs(app, s.account)).map((l) => l.message);
    expect(messages[0]).toBe(botLogMessages.stopped);
    expect(messages).not.toContain(botLogMessages.connectionLost);
    expect(s.runner.session(s.account.bot.id)).toBeUndefined();
    expect(await connectionCount(app, s.account)).toBe(1);
  });

  it("force-stop ends the session at once and the bot can be started again", async () => {
    const s = await setup();
    await start(s);
    const response = await s.rest.post(`/api/dsbot/${s.account.bot.id}/force-stop`);
    expect(response.json().dsbot.status).toBe("offline");
    await eventually(async () => expect(s.runner.session(s.account.bot.id)).toBeUndefined());
    expect((await botLogs(app, s.account))[0]?.message).toBe(botLogMessages.forceStopped);
    await start(s);
  });

  it("stopping the runner takes its bots and connections with it", async () => {
    const s = await setup();
    await start(s);
    await s.runner.stop();
    // The server removes the connection first and then sets the bot offline: wait for both.
    await eventually(async () => {
      expect(await connectionCount(app, s.account)).toBe(0);
      expect(await botStatus(app, s.account)).toBe("offline");
    });
  });
});
