// Runner tests run against the real server, built in-process on PGlite, through the server's own
// test helpers (relative imports: the runner package itself never depends on the server).
import type { BotLogListResponse, BotStatus, Dsbot } from "@dsbot/protocol";
import { botLogListResponseSchema } from "@dsbot/protocol";
import { createBot, listen, pairRunner } from "../../server/test/bots.js";
import { bearer, createUser, loginAs } from "../../server/test/factories.js";
import { createTestApp, type TestApp } from "../../server/test/test-app.js";
import type { ManualClock } from "../src/clock.js";

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
