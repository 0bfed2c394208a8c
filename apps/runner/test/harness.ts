// Runner tests run against the real server, built in-process on PGlite, through the server's own
// test helpers (relative imports: the runner package itself never depends on the server).
import type { AttackType, BotLogListResponse, BotStatus, Dsbot, UnitCounts, UnitFormulas, UnitSpeedTable } from "@dsbot/protocol";
import { attackTimes, baseUnitSpeeds, botLogListResponseSchema, timedUnits, units } from "@dsbot/protocol";
import { asc, eq } from "drizzle-orm";
import { attackPlans, attacks, botTroops } from "../../server/src/db/schema.js";
import { createBot, listen, pairRunner } from "../../server/test/bots.js";
import { bearer, createUser, loginAs } from "../../server/test/factories.js";
import { createTestApp, type TestApp } from "../../server/test/test-app.js";
import { SandboxWorld } from "@dsbot/sandbox";
import { expect } from "vitest";
import { createManualClock, systemClock, type Clock, type ManualClock } from "../src/clock.js";
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
    put: (url: string, payload: object) => app.fastify.inject({ method: "PUT", url, headers: bearer(token), payload }),
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

/** The troops the server keeps for the account's bot (its latest "bot:troops"), by village id. */
export function storedTroops(app: TestApp, account: Account) {
  return app.db.select().from(botTroops).where(eq(botTroops.dsbotId, account.bot.id)).orderBy(asc(botTroops.villageId));
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
export function createTestRunner(serverUrl: string, account: Account, options: TestRunnerOptions) {
  const clock = createManualClock(new Date(2026, 0, 5, 12, 0).getTime());
  return { clock, ...buildTestRunner(serverUrl, account, options, clock) };
}

/** The same on the system clock: for what is measured against the server's clock (attacks to the millisecond). */
export function createRealTimeTestRunner(serverUrl: string, account: Account, options: TestRunnerOptions) {
  return buildTestRunner(serverUrl, account, options, systemClock);
}

interface TestRunnerOptions {
  seed: number;
  extraBots?: number[];
  reconnectGiveUpMs?: number;
  requestBudgetPerHour?: number;
}

function buildTestRunner(serverUrl: string, account: Account, options: TestRunnerOptions, clock: Clock) {
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
    ...(options.requestBudgetPerHour === undefined ? {} : { requestBudgetPerHour: options.requestBudgetPerHour }),
  });
  return { world, runner };
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

// ---------------------------------------------------------------------------------------------
// Attack plans executed by sandbox bots

/** Unit speeds of a speed-1 world (the sandbox's): minutes per field. */
export const baseSpeeds: UnitSpeedTable = Object.fromEntries(units.map((u) => [u, { speed: baseUnitSpeeds[u] }]));

export interface PlannedAttack {
  type: AttackType;
  from: { id: number; x: number; y: number };
  to: { x: number; y: number };
  units: UnitCounts;
  /** DS Workbench formulas by unit, worked out when sent. */
  formulas?: UnitFormulas;
  arrival: number;
}

/** A plan of the account's user on its bot's world with these attacks (send times from the base speeds). */
export async function createPlanWithAttacks(app: TestApp, account: Account, attacker: string, planned: PlannedAttack[]) {
  const [plan] = await app.db
    .insert(attackPlans)
    .values({ ownerId: account.bot.ownerId, name: "Ausführung", worldServer: account.bot.world.server, worldWorld: account.bot.world.world })
    .returning();
  if (!plan) throw new Error("no plan");
  const rows = await app.db
    .insert(attacks)
    .values(
      planned.map((p) => {
        const times = attackTimes({ from: p.from, to: p.to, units: timedUnits(p.units, p.formulas), arrival: p.arrival, unitInfo: baseSpeeds });
        return {
          planId: plan.id,
          sourceVillageId: p.from.id,
          sourceName: "Start",
          sourceX: p.from.x,
          sourceY: p.from.y,
          attackerName: attacker,
          targetVillageId: 1,
          targetName: "Ziel",
          targetX: p.to.x,
          targetY: p.to.y,
          type: p.type,
          units: p.units,
          formulas: p.formulas ? (p.formulas as Record<string, string>) : null,
          unit: times.unit,
          sendAt: new Date(times.sendTime),
          arrivalAt: new Date(p.arrival),
          priority: 3,
        };
      }),
    )
    .returning();
  return { plan, rows };
}

/** The bot's Offplaner Scanner on for this plan; the lead is how far ahead it claims its attacks. */
export async function enableAttackScanner(app: TestApp, account: Account, planId: number, leadTimeSeconds = 15): Promise<void> {
  const response = await restClient(app, account.web).post(`/api/dsbot/${account.bot.id}/module`, {
    moduleName: "attack-planner-scanner",
    module: { enabled: true, attackPlanIds: [planId], leadTimeSeconds, sendOffsetMs: 0, onMissingUnits: "skip" },
  });
  expect(response.statusCode, response.body).toBe(200);
}
