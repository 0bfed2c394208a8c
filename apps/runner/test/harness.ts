// Runner tests run against the real server, built in-process on PGlite, through the server's own
// test helpers (relative imports: the runner package itself never depends on the server).
import type { BotLogListResponse, BotStatus, Dsbot } from "@dsbot/protocol";
import { botLogListResponseSchema } from "@dsbot/protocol";
import { createBot, listen, pairRunner } from "../../server/test/bots.js";
import { bearer, createUser, loginAs } from "../../server/test/factories.js";
import { createTestApp, type TestApp } from "../../server/test/test-app.js";
import { SandboxWorld } from "@dsbot/sandbox";
import { expect } from "vitest";
import { createManualClock, type ManualClock } from "../src/clock.js";
import { createRunner } from "../src/runner.js";
import { createSandboxDriverFactory } from "../src/sandbox-driver.js";

export { createTestApp, listen, type TestApp };

export interface Account {
  web: string;
  bot: Dsbot;
  runnerToken: string;
  player: string;
}

let players = 0;

/** A user with one bot (its player named uniquely) and a runner paired through the device flow. */
export async function createAccount(app: TestApp): Promise<Account> {
  const web = await loginAs(app, await createUser(app));
  const player = `Spieler${++players}`;
  const bot = await createBot(app, web, { name: player });
  const { token } = await pairRunner(app, web);
  return { web, bot, runnerToken: token, player };
}

export function restClient(app: TestApp, token: string) {
  return {
    get: (url: string) => app.fastify.inject({ method: "GET", url, headers: bearer(token) }),
    post: (url: string, payload?: object) =>
      app.fastify.inject({ method: "POST", url, headers: bearer(token), ...(payload ? { payload } : {}) }),
  };
}

export async function botStatus(app: TestApp, account: Account): Promise<BotStatus | null> {
  const response = await restClient(app, account.web).get(`/api/dsbot/${account.bot.id}`);
  return response.json<{ dsbot: Dsbot }>().dsbot.status;
}

export async function botLogs(app: TestApp, account: Account): Promise<BotLogListResponse["logs"]> {
  const response = await restClient(app, account.web).get(`/api/dsbot/${account.bot.id}/logs?perPage=100`);
  return botLogListResponseSchema.parse(response.json()).logs;
}

/** The account's notifications (GET /api/user-notifications), newest first. */
export async function notifications(app: TestApp, account: Account): Promise<{ title: string; message: string }[]> {
  const response = await restClient(app, account.web).get("/api/user-notifications");
  return response.json<{ notifications: { title: string; message: string }[] }>().notifications;
}

export async function connectionCount(app: TestApp, account: Account): Promise<number> {
  const response = await restClient(app, account.web).get(`/api/dsbot/${account.bot.id}/connections`);
  return response.json<{ websocketConnections: unknown[] }>().websocketConnections.length;
}

/**
 * Poll until `check` passes (real time for the sockets), moving the manual clock a step each time
 * so the bot's scheduler keeps ticking. Rethrows the last failure after `timeoutMs`.
 */
export async function eventually<T>(check: () => Promise<T>, options: { clock?: ManualClock; stepMs?: number; timeoutMs?: number } = {}): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 8000);
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    options.clock?.advance(options.stepMs ?? 1000);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * A runner for the account's bot (plus `extraBots`, unknown to the server) in a sandbox world with
 * the given seed, on a manual clock starting Monday 5 January 2026, 12:00.
 */
export function createTestRunner(serverUrl: string, account: Account, options: { seed: number; extraBots?: number[]; reconnectGiveUpMs?: number }) {
  const clock = createManualClock(new Date(2026, 0, 5, 12, 0).getTime());
  const world = new SandboxWorld({ seed: options.seed, realNow: clock.now });
  const runner = createRunner({
    serverUrl,
    token: account.runnerToken,
    name: "Test-PC",
    version: "0.1.0",
    bots: [
      { dsbotId: account.bot.id, playerName: account.player, password: "geheim" },
      ...(options.extraBots ?? []).map((dsbotId) => ({ dsbotId, playerName: "X", password: "y" })),
    ],
    driverFactory: createSandboxDriverFactory(world),
    clock,
    random: () => 0.5,
    ...(options.reconnectGiveUpMs === undefined ? {} : { reconnectGiveUpMs: options.reconnectGiveUpMs }),
  });
  return { clock, world, runner };
}

/** Start the bot through REST on its runner's connection and wait until it reports online. */
export async function startBotOnline(app: TestApp, account: Account): Promise<void> {
  const rest = restClient(app, account.web);
  const connections = (await rest.get(`/api/dsbot/${account.bot.id}/connections`)).json<{ websocketConnections: { id: number }[] }>();
  const [connection] = connections.websocketConnections;
  if (!connection) throw new Error("no bot-user connection");
  const response = await rest.post(`/api/dsbot/${account.bot.id}/start`, { websocketConnectionId: connection.id });
  expect(response.statusCode).toBe(200);
  await eventually(async () => expect(await botStatus(app, account)).toBe("online"));
}
