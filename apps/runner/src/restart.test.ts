// A server restart (deploy) does not stop running bots: the server shuts down without marking them
// offline, starts again on the same database, and the runner's bot sockets come back by themselves.
// A bot whose server stays away beyond the give-up time ends.
import { attackTimes, botLogMessages } from "@dsbot/protocol";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../../server/src/app.js";
import { stablePort } from "../../server/test/server-process.js";
import { tempDir, testConfig } from "../../server/test/test-app.js";
import { createTestDatabase, type TestDatabase } from "../../server/test/test-database.js";
import { attacks } from "../../server/src/db/schema.js";
import {
  baseSpeeds,
  botLogs,
  botStatus,
  connectionCount,
  createAccount,
  createPlanWithAttacks,
  createRealTimeTestRunner,
  createTestRunner,
  enableAttackScanner,
  eventually,
  restClient,
  startBotOnline,
  type Account,
  type TestApp,
} from "../test/harness.js";
import type { Runner } from "./runner.js";

// PGlite on disk in a temp dir, or — with DATABASE_URL — one PostgreSQL database used by both runs.
const data = tempDir("dsbot-runner-restart-");
let database: TestDatabase;
const apps: App[] = [];
const runners: Runner[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  for (const app of apps.splice(0)) await app.close();
});
afterAll(async () => {
  await database?.drop();
  data.remove();
});

const config = (attackClock = false) =>
  testConfig({ dataDir: data.dir, databaseUrl: database.kind === "postgres" ? database.url : undefined, attackClock });

/** Without a port: one of stablePort's, which no other test's `listen(0)` takes while this server restarts. */
async function startServer(port?: number, attackClock = false): Promise<{ app: TestApp; url: string }> {
  const app = await buildApp(config(attackClock));
  apps.push(app);
  // The harness helpers only use the App part of a TestApp.
  const testApp = app as TestApp;
  port ??= await stablePort();
  await app.fastify.listen({ port, host: "127.0.0.1" });
  return { app: testApp, url: `http://127.0.0.1:${port}` };
}

async function stopServer(app: App): Promise<void> {
  apps.splice(apps.indexOf(app), 1);
  await app.close();
}

/** A running bot on a fresh server: the runner started it and it reported online. */
async function runningBot(reconnectGiveUpMs?: number) {
  const server = await startServer();
  const account = await createAccount(server.app);
  const { runner } = createTestRunner(server.url, account, { seed: 7, ...(reconnectGiveUpMs === undefined ? {} : { reconnectGiveUpMs }) });
  runners.push(runner);
  await runner.ready();
  await startBotOnline(server.app, account);
  return { ...server, account, runner, port: Number(new URL(server.url).port) };
}

async function logMessages(app: TestApp, account: Account): Promise<string[]> {
  return (await botLogs(app, account)).map((l) => l.message);
}

describe("server restart", () => {
  it("keeps a running bot online: its sockets reconnect and it still takes commands", async () => {
    const first = await runningBot();
    await stopServer(first.app);
    // The shutdown itself changed nothing: the bot is still started.
    expect(first.runner.session(first.account.bot.id)?.state).toBe("online");

    const second = await startServer(first.port);
    await eventually(async () => expect(await connectionCount(second.app, first.account)).toBe(2), { timeoutMs: 20_000 });
    expect(await botStatus(second.app, first.account)).toBe("online");
    expect(first.runner.session(first.account.bot.id)?.state).toBe("online");

    const rest = restClient(second.app, first.account.web);
    expect((await rest.post(`/api/dsbot/${first.account.bot.id}/toggle-module`, { moduleName: "timer" })).json()).toEqual({ enabled: true });
    await eventually(async () => expect(await logMessages(second.app, first.account)).toContain("Modul „Timer“ übernommen (aktiv)"));

    const runnerConnection = (await rest.get(`/api/dsbot/${first.account.bot.id}/connections`))
      .json<{ websocketConnections: { id: number; origin: string }[] }>()
      .websocketConnections.find((c) => c.origin === "bot-user");
    expect((await rest.post(`/api/dsbot/${first.account.bot.id}/stop`, { websocketConnectionId: runnerConnection?.id })).statusCode).toBe(200);
    await eventually(async () => expect(await botStatus(second.app, first.account)).toBe("offline"));
    const messages = await logMessages(second.app, first.account);
    expect(messages).toContain(botLogMessages.stopped);
    expect(messages).not.toContain(botLogMessages.connectionLost);
  });

  it("a runner restarted while the server was away resumes the bots the server still counts as running", async () => {
    const first = await runningBot();
    await stopServer(first.app);
    // The runner's process ends too (a PC reboot, `npm start` stopped): its sessions are gone, and
    // with the server away nobody saw the bot go.
    await first.runner.stop();
    runners.splice(runners.indexOf(first.runner), 1);
    expect(first.runner.session(first.account.bot.id)).toBeUndefined();

    const second = await startServer(first.port);
    const { runner } = createTestRunner(second.url, first.account, { seed: 7 });
    runners.push(runner);
    await runner.ready();
    // Without a command from the dashboard, the bot comes back: its own socket too.
    await eventually(async () => expect(await connectionCount(second.app, first.account)).toBe(2), { timeoutMs: 20_000 });
    await eventually(async () => expect(runner.session(first.account.bot.id)?.state).toBe("online"));
    expect(await botStatus(second.app, first.account)).toBe("online");
    expect(await logMessages(second.app, first.account)).not.toContain(botLogMessages.connectionLost);
  });

  it("a runner does not start a bot the server does not count as running", async () => {
    const server = await startServer();
    const account = await createAccount(server.app);
    const { runner } = createTestRunner(server.url, account, { seed: 7 });
    runners.push(runner);
    await runner.ready();
    expect(runner.session(account.bot.id)).toBeUndefined();
    expect(await connectionCount(server.app, account)).toBe(1);
    // Never started: no status at all.
    expect(await botStatus(server.app, account)).toBeNull();
  });

  it("a second runner does not take over a bot that runs on another one", async () => {
    const first = await runningBot();
    const { runner } = createTestRunner(first.url, first.account, { seed: 7 });
    runners.push(runner);
    await runner.ready();
    // Both runners are announced, the bot socket stays with the first.
    await eventually(async () => expect(await connectionCount(first.app, first.account)).toBe(3));
    expect(runner.session(first.account.bot.id)).toBeUndefined();
    expect(first.runner.session(first.account.bot.id)?.state).toBe("online");
  });

  it("a bot whose server stays away ends after the give-up time", async () => {
    const first = await runningBot(1_500);
    await stopServer(first.app);
    await eventually(async () => expect(first.runner.session(first.account.bot.id)).toBeUndefined(), { timeoutMs: 10_000 });
  });

  it("a bot stopped while the server was away is refused when it comes back and ends", async () => {
    const first = await runningBot();
    await stopServer(first.app);
    const second = await startServer(first.port);
    // Stopped from the dashboard before its socket is back (the status alone decides).
    await second.app.db.execute(`update dsbots set status = 'offline' where id = ${first.account.bot.id}`);
    await eventually(async () => expect(first.runner.session(first.account.bot.id)).toBeUndefined(), { timeoutMs: 20_000 });
    // Only the runner's own connection comes back, not the bot's.
    await eventually(async () => expect(await connectionCount(second.app, first.account)).toBe(1), { timeoutMs: 20_000 });
    expect(await botStatus(second.app, first.account)).toBe("offline");
  });

  it("loses no due attack and sends none twice when the server restarts while they are due", async () => {
    const server = await startServer(undefined, true);
    const port = Number(new URL(server.url).port);
    const account = await createAccount(server.app);
    const { world, runner } = createRealTimeTestRunner(server.url, account, { seed: 9 });
    runners.push(runner);
    await runner.ready();
    const home = world.village(world.player(account.player).villageIds[0] as number);
    if (!home) throw new Error("no sandbox village");
    home.units.axe = 1000;
    const target = { x: home.x + 2, y: home.y + 1 };
    const travel = attackTimes({ from: home, to: target, units: { axe: 1 }, arrival: 0, unitInfo: baseSpeeds }).travelSeconds * 1000;
    const now = Date.now();
    const { plan } = await createPlanWithAttacks(
      server.app,
      account,
      account.player,
      // Sent 25 s from now, claimed as soon as the bot is online (lead 30 s): the start and the claim
      // have 25 s, which a loaded 2-core machine needs now and then (12 s once missed in CI).
      [25_000, 25_400, 25_800].map((ms) => ({ type: "attack" as const, from: home, to: target, units: { axe: 10 }, arrival: now + ms + travel })),
    );
    await enableAttackScanner(server.app, account, plan.id, 30);
    await startBotOnline(server.app, account);
    // The bot has claimed all three and holds them (the answer reached it: the server may have stored
    // a claim whose answer a stop then cut off); the server goes away before they are sent.
    await eventually(async () => {
      const rows = await server.app.db.select().from(attacks).where(eq(attacks.planId, plan.id));
      expect(rows.map((r) => r.dsbotId)).toEqual([account.bot.id, account.bot.id, account.bot.id]);
      expect(runner.session(account.bot.id)?.timedWorkCount).toBe(3);
    });
    await stopServer(server.app);
    const sentTo = () => world.commands.filter((c) => c.to.x === target.x && c.to.y === target.y);
    // Sent on time with the server away.
    await eventually(async () => expect(sentTo()).toHaveLength(3), { timeoutMs: 35_000 });

    const second = await startServer(port, true);
    await eventually(
      async () => {
        const rows = await second.app.db.select().from(attacks).where(eq(attacks.planId, plan.id));
        expect(rows.map((r) => r.status)).toEqual(["sent", "sent", "sent"]);
      },
      { timeoutMs: 30_000 },
    );
    // Handed out again after the reconnect until reported, none was sent twice.
    expect(sentTo()).toHaveLength(3);
  }, 120_000);
});
