// Attack plan test helpers: a small imported world with unit speeds and a config (no archers, so a
// unit the world lacks can be tried), and calls of the plan API as a signed-in user.
import type { Attack, AttackPlan, UnitInfo, World } from "@dsbot/protocol";
import { attackListResponseSchema, baseUnitSpeeds, exportJson, parseGameConfigXml, units } from "@dsbot/protocol";
import type { LightMyRequestResponse } from "fastify";
import type { App } from "../src/app.js";
import { worlds } from "../src/db/schema.js";
import type { AllyRecord, PlayerRecord, VillageRecord } from "../src/modules/worlds/world-files.js";
import { replaceWorldData } from "../src/modules/worlds/world-import.js";
import { bearer } from "./factories.js";

export const PLAN_WORLD: World = { server: "die-staemme.de", world: "de950" };

/** A speed-1 world (base unit speeds), night bonus 0–8, nobles walk at most 70 fields. */
const configXml = `<?xml version="1.0" encoding="UTF-8" ?>
<config><speed>1</speed><unit_speed>1</unit_speed><night><active>1</active><start_hour>0</start_hour><end_hour>8</end_hour><def_factor>2</def_factor></night><snob><max_dist>70</max_dist></snob></config>`;

const stats = (speed: number) => ({ buildTime: 600, pop: 1, speed, attack: 10, defense: 10, defenseCavalry: 10, defenseArcher: 10, carry: 10 });
/** Every unit but archers and mounted archers, at the base speeds. */
export const planUnitInfo: UnitInfo = Object.fromEntries(
  units.filter((u) => u !== "archer" && u !== "marcher").map((u) => [u, stats(baseUnitSpeeds[u])]),
);

export const planPlayers: PlayerRecord[] = [
  { id: 101, name: "Anna", allyId: 1, villages: 2, points: 2000, rank: 2 },
  { id: 102, name: "Bert", allyId: 1, villages: 2, points: 9000, rank: 1 },
  { id: 103, name: "Carla 100%_x", allyId: 2, villages: 1, points: 500, rank: 3 },
];

export const planVillages: VillageRecord[] = [
  { id: 1, name: "Alpha", x: 500, y: 500, playerId: 101, points: 1000, bonusId: 0 },
  { id: 2, name: "Beta", x: 501, y: 499, playerId: 101, points: 1000, bonusId: 0 },
  { id: 3, name: "Barbarendorf", x: 498, y: 503, playerId: 0, points: 100, bonusId: 0 },
  { id: 4, name: "Gamma", x: 510, y: 490, playerId: 102, points: 5000, bonusId: 0 },
  { id: 5, name: "Delta", x: 520, y: 480, playerId: 103, points: 500, bonusId: 0 },
  { id: 6, name: "Epsilon", x: 400, y: 600, playerId: 102, points: 4000, bonusId: 0 },
  { id: 7, name: "Zeta", x: 600, y: 400, playerId: 0, points: 100, bonusId: 0 },
];

const planAllies: AllyRecord[] = [
  { id: 1, name: "Die Ersten", tag: "ERST", members: 2, villages: 4, points: 11000, allPoints: 11000, rank: 1 },
  { id: 2, name: "Zweite", tag: "ZW", members: 1, villages: 1, points: 500, allPoints: 500, rank: 2 },
];

/** The village at `x|y` of the test world. */
export function villageAt(coord: string) {
  const village = planVillages.find((v) => `${v.x}|${v.y}` === coord);
  if (!village) throw new Error(`no village at ${coord}`);
  return village;
}

/** Imports the test world (once per app and world); answers its id. */
export async function importPlanWorld(app: App, world: World = PLAN_WORLD): Promise<number> {
  const [row] = await app.db.insert(worlds).values({ server: world.server, world: world.world, syncEnabled: false }).onConflictDoNothing().returning();
  if (!row) throw new Error(`world ${world.world} exists already`);
  const config = parseGameConfigXml(configXml);
  if (!config.ok) throw new Error(config.error);
  await replaceWorldData(app.db, row.id, {
    villages: planVillages,
    players: planPlayers,
    allies: planAllies,
    config: { xml: configXml, parsed: config.value },
    unitInfo: { xml: "", parsed: planUnitInfo },
  });
  return row.id;
}

/** An arrival far ahead, with milliseconds. */
export const ARRIVAL = Date.UTC(2031, 4, 6, 10, 20, 30, 456);

export type Call = (method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", url: string, payload?: unknown) => Promise<LightMyRequestResponse>;

/** Calls of the API as the holder of the token. */
export function caller(app: App, token: string): Call {
  return (method, url, payload) =>
    app.fastify.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
}

export async function newPlan(call: Call, name = "Plan", world: World = PLAN_WORLD): Promise<AttackPlan> {
  const response = await call("POST", "/api/attack-plans", { name, world });
  if (response.statusCode !== 201) throw new Error(`create plan: ${response.statusCode} ${response.body}`);
  return response.json<{ attackPlan: AttackPlan }>().attackPlan;
}

export interface AttackBody {
  from: string;
  to: string;
  type?: string;
  units?: Record<string, number>;
  unit?: string;
  arrival?: number;
  priority?: number;
}

export async function newAttack(call: Call, planId: number, body: AttackBody): Promise<Attack> {
  const response = await call("POST", `/api/attack-plans/${planId}/attacks`, { type: "attack", units: { axe: 100 }, arrival: ARRIVAL, ...body });
  if (response.statusCode !== 201) throw new Error(`create attack: ${response.statusCode} ${response.body}`);
  return response.json<{ attack: Attack }>().attack;
}

/** The plan's attacks as its table lists them (first 100, by arrival). */
export async function attackRowsOf(call: Call, planId: number): Promise<Attack[]> {
  const response = await call("GET", `/api/attack-plans/${planId}/attacks?perPage=100&sortBy=arrivalTime`);
  return attackListResponseSchema.parse(response.json()).attacks;
}

/** The error body's message and issue messages. */
export function errorOf(response: LightMyRequestResponse): { message: string; issues: string[] } {
  const body = response.json<{ error: { message: string; issues?: { message: string }[] } }>();
  return { message: body.error.message, issues: (body.error.issues ?? []).map((i) => i.message) };
}

/** Imports `count` attacks (axes and rams between the test world's owned villages, arrivals 1 ms apart) into the plan. */
export async function importManyAttacks(call: Call, planId: number, count: number): Promise<void> {
  const owned = planVillages.filter((v) => v.playerId !== 0);
  const attacks = Array.from({ length: count }, (_, i) => {
    const from = owned[i % owned.length] as VillageRecord;
    const to = owned[(i + 1) % owned.length] as VillageRecord;
    return { from, to, type: "attack" as const, units: { axe: 100, ram: 5 }, unit: "ram" as const, arrival: ARRIVAL + i, priority: 3 };
  });
  const response = await call("POST", `/api/attack-plans/${planId}/import`, { format: "json", text: exportJson(attacks) });
  if (response.statusCode !== 200) throw new Error(`import: ${response.statusCode} ${response.body.slice(0, 500)}`);
}
