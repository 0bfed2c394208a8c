// Attack plan helpers for the e2e specs: a fresh user on the demo world (demoGameWorld, whose villages the e2e
// server imported from `generateWorld(DEMO_WORLD)`), plans and their attacks through the real API, and
// the generated demo world itself as the test's oracle for villages and players.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Locator, Page, Request } from "@playwright/test";
import {
  attackTimes,
  baseUnitSpeeds,
  DEMO_WORLD,
  demoGameWorld,
  exportJson,
  formatServerTime,
  generateWorld,
  units,
  worldFiles,
  type Attack,
  type AttackData,
  type AttackListResponse,
  type GeneratedVillage,
  type GeneratedWorld,
  type UnitCounts,
  type UnitSpeedTable,
  type World,
} from "@dsbot/protocol";
import { apiToken, expect, tokenFor } from "./fixtures";
import { runNode, type NodeProcess } from "./node-process";

/** The demo world the e2e server starts with (DSBOT_DEMO=1): its village data is imported. */
export const DEMO_PLAN_WORLD: World = demoGameWorld;

/** The generated world's unit speeds (world and unit speed 1): minutes per field of each unit. */
export const demoUnitInfo: UnitSpeedTable = Object.fromEntries(units.map((unit) => [unit, { speed: baseUnitSpeeds[unit] }]));

let demoWorld: GeneratedWorld | undefined;

/** The demo world as the server imported it (villages and players; ~150 ms, once per worker). */
export function demoWorldData(): GeneratedWorld {
  demoWorld ??= generateWorld(DEMO_WORLD);
  return demoWorld;
}

export interface PlanOwner {
  id: number;
  username: string;
  password: string;
  headers: { authorization: string };
}

/** A fresh user on the demo world (isolated data), created by the admin; with a web token. */
export async function planOwner(request: APIRequestContext, prefix: string, world: World = DEMO_PLAN_WORLD): Promise<PlanOwner> {
  const admin = await apiToken(request, "admin");
  const username = `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const password = "e2e-passwort-123";
  const response = await request.post("/api/users", {
    headers: { authorization: `Bearer ${admin}` },
    data: { username, password, role: "user", world },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { user } = (await response.json()) as { user: { id: number } };
  const token = await tokenFor(request, username, password);
  return { id: user.id, username, password, headers: { authorization: `Bearer ${token}` } };
}

/** POST /api/attack-plans on the demo world; returns the plan id. */
export async function createPlan(request: APIRequestContext, owner: PlanOwner, name: string): Promise<number> {
  const response = await request.post("/api/attack-plans", { headers: owner.headers, data: { name, world: DEMO_PLAN_WORLD } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { attackPlan: { id: number } }).attackPlan.id;
}

/** Adds the attacks through the JSON import (POST /api/attack-plans/{id}/import). */
export async function importAttacks(request: APIRequestContext, owner: PlanOwner, planId: number, attacks: AttackData[]): Promise<void> {
  const response = await request.post(`/api/attack-plans/${planId}/import`, {
    headers: owner.headers,
    data: { format: "json", text: exportJson(attacks, { world: DEMO_PLAN_WORLD.world }) },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(((await response.json()) as { imported: number }).imported).toBe(attacks.length);
}

/** GET /api/attack-plans/{id}/attacks with the given query (perPage 100 by default). */
export async function listAttacks(
  request: APIRequestContext,
  owner: PlanOwner,
  planId: number,
  query: Record<string, string | number> = {},
): Promise<AttackListResponse> {
  const response = await request.get(`/api/attack-plans/${planId}/attacks`, { headers: owner.headers, params: { perPage: 100, ...query } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as AttackListResponse;
}

export const coord = (v: Pick<GeneratedVillage, "x" | "y">): { x: number; y: number } => ({ x: v.x, y: v.y });
export const coordText = (v: Pick<GeneratedVillage, "x" | "y">): string => `${v.x}|${v.y}`;

/** The villages of the named player of the demo world. */
export function villagesOf(world: GeneratedWorld, playerName: string): GeneratedVillage[] {
  const player = world.players.find((p) => p.name === playerName);
  if (!player) throw new Error(`no player ${playerName} in the demo world`);
  return world.villages.filter((v) => v.playerId === player.id);
}

/** The villages nearest to `from` (not `from` itself) that pass `test`, nearest first. */
export function nearestVillages(world: GeneratedWorld, from: GeneratedVillage, count: number, test: (v: GeneratedVillage) => boolean): GeneratedVillage[] {
  return world.villages
    .filter((v) => v.id !== from.id && test(v))
    .map((v) => ({ v, d: (v.x - from.x) ** 2 + (v.y - from.y) ** 2 }))
    .sort((a, b) => a.d - b.d || a.v.id - b.v.id)
    .slice(0, count)
    .map(({ v }) => v);
}

/** The tribe (ally id, 0 = none) of a village's owner. */
export function allyOf(world: GeneratedWorld, village: GeneratedVillage): number {
  return village.playerId === 0 ? 0 : (world.players[village.playerId - 1]?.allyId ?? 0);
}

export function playerName(world: GeneratedWorld, village: GeneratedVillage): string | null {
  return village.playerId === 0 ? null : (world.players[village.playerId - 1]?.name ?? null);
}

/** The arrival (epoch ms) for an attack that is to leave at `sendTime` on the demo world. */
export function arrivalFor(from: GeneratedVillage, to: GeneratedVillage, attackUnits: UnitCounts, sendTime: number): number {
  const { travelSeconds } = attackTimes({ from: coord(from), to: coord(to), units: attackUnits, arrival: sendTime, unitInfo: demoUnitInfo });
  return sendTime + travelSeconds * 1000;
}

/** The send time (epoch ms) the server computes for an attack on the demo world. */
export function sendTimeFor(from: GeneratedVillage, to: GeneratedVillage, attackUnits: UnitCounts, arrival: number): number {
  return attackTimes({ from: coord(from), to: coord(to), units: attackUnits, arrival, unitInfo: demoUnitInfo }).sendTime;
}

// ---- the attack table in the browser ----

/** The attack table of a plan page. */
export function attackTable(page: Page): Locator {
  return page.getByRole("table", { name: "Angriffe" });
}

/** The body rows of the attack table (not the skeleton or the empty row). */
export function attackRows(page: Page): Locator {
  return attackTable(page).locator("tbody tr[data-row-id]");
}

/** The row of one attack. */
export function attackRow(page: Page, id: number): Locator {
  return attackTable(page).locator(`tbody tr[data-row-id="${id}"]`);
}

/** Turns "Nur offene" (on when a plan opens) off, so the table lists the attacks of every status. */
export async function showEveryStatus(page: Page): Promise<void> {
  const openOnly = page.getByTestId("attack-open-only");
  await expect(openOnly).toBeVisible();
  if ((await openOnly.getAttribute("aria-pressed")) === "true") await openOnly.click();
  await expect(openOnly).toHaveAttribute("aria-pressed", "false");
}

/** The header cell of a column by its id (data-column-id). */
export function attackHeader(page: Page, columnId: string): Locator {
  return attackTable(page).locator(`thead th[data-column-id="${columnId}"]`);
}

/** The card around the attack table (toolbar, bulk bar, pagination). */
export function attackCard(page: Page): Locator {
  return page.locator(".mantine-Card-root").filter({ has: attackTable(page) });
}

/** True for the table's GET /api/attack-plans/{id}/attacks calls. */
export function isAttackListRequest(request: Request, planId: number): boolean {
  return request.method() === "GET" && new URL(request.url()).pathname === `/api/attack-plans/${planId}/attacks`;
}

/** The query parameters of a request. */
export function queryOf(request: Request): URLSearchParams {
  return new URL(request.url()).searchParams;
}

/** The table's time text of an epoch ms: `DD.MM.YY HH:mm:ss:SSS` (Europe/Berlin). */
export const tableTime = (ms: number): string => formatServerTime(ms, "Europe/Berlin");

/** `HH:mm:ss:SSS` of a server time, as the real-arrival line shows it. */
export const clockTime = (ms: number): string => formatServerTime(ms, "Europe/Berlin").slice(-12);

/** The attacks of a list answer by id. */
export function byId(attacks: readonly Attack[]): Map<number, Attack> {
  return new Map(attacks.map((a) => [a.id, a]));
}

// ---- a bot on the demo world and a runner for it ----

/**
 * A copy of the demo world (the same generated map) whose config has the unit speed `unitSpeed`, as the
 * game's speed worlds: its players' supports land within minutes. An admin creates and imports it; a
 * runner plays it with the same --unit-speed.
 */
export async function fastDemoWorld(request: APIRequestContext, code: string, unitSpeed: number): Promise<World> {
  const admin = { authorization: `Bearer ${await apiToken(request, "admin")}` };
  const world: World = { server: DEMO_PLAN_WORLD.server, world: code };
  const created = await request.post("/api/worlds", { headers: admin, data: world });
  expect(created.status(), await created.text()).toBe(201);
  const { world: row } = (await created.json()) as { world: { id: number } };
  const files = worldFiles(demoWorldData(), { unitSpeed });
  const multipart = Object.fromEntries(Object.entries(files).map(([name, text]) => [name, { name, mimeType: "text/plain", buffer: Buffer.from(text) }]));
  const imported = await request.post(`/api/worlds/${row.id}/import`, { headers: admin, multipart });
  expect(imported.status(), await imported.text()).toBe(200);
  return world;
}

/** POST /api/dsbot for a player of the demo world (or of a fast copy of it); returns the bot id. */
export async function createDemoWorldBot(request: APIRequestContext, owner: PlanOwner, player: string, world: World = DEMO_PLAN_WORLD): Promise<number> {
  const response = await request.post("/api/dsbot", { headers: owner.headers, data: { dsPlayer: { name: player }, world } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { dsbot: { id: number } }).dsbot.id;
}

/** A runner token through the device flow (request, the owner approves, redeem), as `dsbot pair` does. */
export async function pairRunner(request: APIRequestContext, owner: PlanOwner, name: string): Promise<string> {
  const device = await request.post("/api/dsbot-auth/device", { data: { name } });
  expect(device.ok(), await device.text()).toBeTruthy();
  const { deviceCode, userCode } = (await device.json()) as { deviceCode: string; userCode: string };
  const approved = await request.post("/api/dsbot-auth/approve", { headers: owner.headers, data: { userCode } });
  expect(approved.ok(), await approved.text()).toBeTruthy();
  const redeemed = await request.post("/api/dsbot-auth/token", { data: { deviceCode } });
  expect(redeemed.ok(), await redeemed.text()).toBeTruthy();
  return ((await redeemed.json()) as { token: string }).token;
}

/** The id of the runner's bot-user connection for a bot (what the bot manager starts it through). */
export async function botUserConnection(request: APIRequestContext, owner: PlanOwner, botId: number): Promise<number | undefined> {
  const response = await request.get(`/api/dsbot/${botId}/connections`, { headers: owner.headers });
  expect(response.ok()).toBeTruthy();
  const { websocketConnections } = (await response.json()) as { websocketConnections: { id: number; origin: string }[] };
  return websocketConnections.find((c) => c.origin === "bot-user")?.id;
}

export async function demoBotStatus(request: APIRequestContext, owner: PlanOwner, botId: number): Promise<string | null> {
  const response = await request.get(`/api/dsbot/${botId}`, { headers: owner.headers });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { dsbot: { status: string | null } }).dsbot.status;
}

const RUNNER_CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../apps/runner/dist/dsbot.mjs");

/**
 * A real runner process (the built CLI, the sandbox on the demo world's map), paired through the device
 * flow, that plays `player` for the bot; the bot is started on it and online when this answers. The
 * caller kills the child when done.
 */
export async function startSandboxBot(
  request: APIRequestContext,
  owner: PlanOwner,
  botId: number,
  player: string,
  options: { dir: string; baseURL: string | undefined; name: string; unitSpeed?: number; runnerArgs?: string[] },
): Promise<NodeProcess> {
  const token = await pairRunner(request, owner, options.name);
  const config = path.join(options.dir, "runner.json");
  writeFileSync(config, JSON.stringify({ server: options.baseURL, token, name: options.name, bots: [{ dsbotId: botId, playerName: player, password: "x" }] }), { mode: 0o600 });
  const runner = runNode([RUNNER_CLI, "run", "--config", config, ...(options.unitSpeed ? ["--unit-speed", String(options.unitSpeed)] : []), ...(options.runnerArgs ?? [])]);
  try {
    await runner.waitForLine(/1 Bot\(s\) bereit/);
    await expect.poll(() => botUserConnection(request, owner, botId)).toBeDefined();
    const start = await request.post(`/api/dsbot/${botId}/start`, { headers: owner.headers, data: { websocketConnectionId: await botUserConnection(request, owner, botId) } });
    expect(start.status(), await start.text()).toBe(200);
    await expect.poll(() => demoBotStatus(request, owner, botId), { timeout: 30_000 }).toBe("online");
    return runner;
  } catch (error) {
    runner.child.kill("SIGKILL");
    throw error;
  }
}
