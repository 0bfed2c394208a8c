// The demo's attack plan: on the demo world, attacks from the demo bots' players on their
// neighbours whose send times fall in the minutes after `npm start`, so a newcomer sees countdowns, due
// attacks, tab requests and (once a bot is started) attacks sent to the millisecond. A start that finds
// no open attack ahead adds a fresh batch. Kalle's and Zora's bots have the Offplaner Scanner on for the
// plan; Bruno's attacks become tab requests unless the user switches it on for him too. While the server
// runs, the plan is topped up: whenever fewer than DEMO_TOP_UP_MIN of the scanner bots' attacks are to be
// sent in the next DEMO_TOP_UP_WINDOW_MS, a few more follow, so a bot started at any time
// has something to send within minutes. The same check removes the plan's expired attacks that
// arrived more than DEMO_EXPIRED_KEEP_MS ago, so a server that runs for days keeps a short plan.
import type { AttackType, UnitCounts, UnitSpeedTable, World } from "@dsbot/protocol";
import { attackTimes, DEMO_WORLD } from "@dsbot/protocol";
import { and, eq, gt, inArray, lt, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { attackPlans, attacks, dsbots, players, villages, worlds } from "../db/schema.js";
import { planAttacks } from "../policies/attack-visibility.js";
import { worldDataKey } from "../modules/worlds/index.js";
import { insertAttacks } from "../modules/attack-plans/index.js";
import { findUserByUsername } from "../modules/auth/index.js";
import { readModule } from "../modules/dsbots/index.js";

export const DEMO_PLAN_NAME = "Demo-Offensive";
/** The demo bots whose Offplaner Scanner runs the plan. */
export const DEMO_SCANNER_PLAYERS = ["Kalle", "Zora"] as const;

interface Village {
  id: number;
  name: string;
  x: number;
  y: number;
  playerId: number;
  playerName: string | null;
  allyId: number;
}

type BatchEntry = { type: AttackType; afterSeconds: number; units: UnitCounts };

/** What the batch holds, in send order: the minute offsets of the first ones and the units they carry. */
const batch: BatchEntry[] = [
  { type: "attack", afterSeconds: 90, units: { spear: 20, sword: 10 } },
  { type: "fake", afterSeconds: 130, units: { sword: 1 } },
  { type: "attack", afterSeconds: 170, units: { spear: 30, sword: 10 } },
  { type: "support", afterSeconds: 210, units: { spear: 40, sword: 20 } },
  { type: "fake", afterSeconds: 250, units: { sword: 1 } },
  { type: "conquer", afterSeconds: 290, units: { snob: 1, spear: 20 } },
  { type: "attack", afterSeconds: 330, units: { spear: 25, sword: 5 } },
  { type: "fake", afterSeconds: 370, units: { sword: 1 } },
  { type: "attack", afterSeconds: 30 * 60, units: { spear: 20, sword: 10 } },
  { type: "fake", afterSeconds: 2 * 3600, units: { sword: 1 } },
  { type: "attack", afterSeconds: 26 * 3600, units: { spear: 20, sword: 10 } },
];

/** The top-up: three attacks of the scanner bots' players, sent 2, 4 and 6 minutes after it is made. */
const topUpBatch: BatchEntry[] = [
  { type: "attack", afterSeconds: 120, units: { spear: 20, sword: 10 } },
  { type: "fake", afterSeconds: 240, units: { sword: 1 } },
  { type: "attack", afterSeconds: 360, units: { spear: 25, sword: 5 } },
];
export const DEMO_TOP_UP_MIN = 3;
export const DEMO_TOP_UP_WINDOW_MS = 10 * 60_000;
/** How often the running server looks. */
export const DEMO_TOP_UP_INTERVAL_MS = 60_000;
/** Expired demo attacks stay this long after their arrival, then the top-up removes them. */
export const DEMO_EXPIRED_KEEP_MS = 60 * 60_000;

export interface DemoTopUp {
  planId: number;
  added: number;
  removed: number;
}

function distance2(a: Village, b: Village): number {
  return (a.x - b.x) ** 2 + (a.y - b.y) ** 2;
}

/** Creates the plan once and tops it up with a fresh batch when nothing is ahead; returns the plan id. */
export async function ensureDemoAttackPlan(db: Database, demoUsername: string, world: World, now = Date.now()): Promise<number | undefined> {
  const user = await findUserByUsername(db, demoUsername);
  if (!user) return undefined;
  const [worldRow] = await db.select().from(worlds).where(and(eq(worlds.server, world.server), eq(worlds.world, world.world)));
  if (!worldRow || worldRow.dataVersion === 0 || !worldRow.unitInfo) return undefined;

  let [plan] = await db
    .select()
    .from(attackPlans)
    .where(and(eq(attackPlans.ownerId, user.id), eq(attackPlans.name, DEMO_PLAN_NAME)))
    .limit(1);
  plan ??= (await db.insert(attackPlans).values({ ownerId: user.id, name: DEMO_PLAN_NAME, worldServer: world.server, worldWorld: world.world }).returning())[0];
  if (!plan) return undefined;
  await enableScanner(db, user.id, plan.id, world);

  const [ahead] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(attacks)
    .where(and(planAttacks(plan.id), inArray(attacks.status, ["planned", "due"]), gt(attacks.sendAt, new Date(now + 60_000))));
  if ((ahead?.n ?? 0) > 0) return plan.id;

  const rows = await demoAttacks(db, worldRow.id, worldRow.unitInfo, now, batch, DEMO_WORLD.namedPlayers);
  if (rows.length > 0) await insertAttacks(db, plan, rows);
  return plan.id;
}

/**
 * Removes the plan's expired attacks that arrived more than DEMO_EXPIRED_KEEP_MS ago and adds the
 * top-up batch when fewer than DEMO_TOP_UP_MIN open attacks of the scanner bots' players are to
 * be sent between a minute and DEMO_TOP_UP_WINDOW_MS from now; answers what it changed (undefined
 * without a demo plan).
 */
export async function topUpDemoAttackPlan(db: Database, demoUsername: string, world: World, now = Date.now()): Promise<DemoTopUp | undefined> {
  const user = await findUserByUsername(db, demoUsername);
  if (!user) return undefined;
  const [plan] = await db
    .select()
    .from(attackPlans)
    .where(and(eq(attackPlans.ownerId, user.id), eq(attackPlans.name, DEMO_PLAN_NAME)))
    .limit(1);
  const [worldRow] = await db.select().from(worlds).where(and(eq(worlds.server, world.server), eq(worlds.world, world.world)));
  if (!plan || !worldRow?.unitInfo) return undefined;
  const removed = (
    await db
      .delete(attacks)
      .where(and(planAttacks(plan.id), eq(attacks.status, "expired"), lt(attacks.arrivalAt, new Date(now - DEMO_EXPIRED_KEEP_MS))))
      .returning({ id: attacks.id })
  ).length;
  const [soon] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(attacks)
    .where(
      and(
        planAttacks(plan.id),
        inArray(attacks.status, ["planned", "due"]),
        inArray(attacks.attackerName, [...DEMO_SCANNER_PLAYERS]),
        gt(attacks.sendAt, new Date(now + 60_000)),
        lte(attacks.sendAt, new Date(now + DEMO_TOP_UP_WINDOW_MS)),
      ),
    );
  if ((soon?.n ?? 0) >= DEMO_TOP_UP_MIN) return { planId: plan.id, added: 0, removed };
  const rows = await demoAttacks(db, worldRow.id, worldRow.unitInfo, now, topUpBatch, DEMO_SCANNER_PLAYERS);
  const added = rows.length > 0 ? await insertAttacks(db, plan, rows) : 0;
  return { planId: plan.id, added, removed };
}

async function enableScanner(db: Database, userId: number, planId: number, world: World): Promise<void> {
  const bots = await db
    .select()
    .from(dsbots)
    .where(and(eq(dsbots.ownerId, userId), eq(dsbots.worldServer, world.server), eq(dsbots.worldWorld, world.world)));
  for (const bot of bots) {
    if (!(DEMO_SCANNER_PLAYERS as readonly string[]).includes(bot.playerName)) continue;
    const current = readModule(bot.modules, "attack-planner-scanner");
    const ids = (current.config.attackPlanIds as number[] | undefined) ?? [];
    if (current.enabled && ids.includes(planId)) continue;
    const config = { ...current.config, attackPlanIds: [...new Set([...ids, planId])] };
    await db
      .update(dsbots)
      .set({ modules: { ...bot.modules, "attack-planner-scanner": { enabled: true, config } } })
      .where(eq(dsbots.id, bot.id));
  }
}

/** One batch: each attack from a village of one of the players to the nearest village outside their tribe. */
async function demoAttacks(db: Database, worldId: number, unitInfo: UnitSpeedTable, now: number, entries: readonly BatchEntry[], attackerNames: readonly string[]) {
  const named = await db
    .select({ id: villages.id, name: villages.name, x: villages.x, y: villages.y, playerId: villages.playerId, playerName: players.name, allyId: players.allyId })
    .from(villages)
    .innerJoin(players, and(eq(players.worldId, villages.worldId), eq(players.id, villages.playerId)))
    .where(and(eq(villages.worldId, worldDataKey(worldId)), inArray(players.name, [...attackerNames])))
    .orderBy(villages.id);
  if (named.length === 0) return [];
  const tribe = named[0]?.allyId ?? 0;
  const xs = named.map((v) => v.x);
  const ys = named.map((v) => v.y);
  const around: Village[] = (
    await db
      .select({ id: villages.id, name: villages.name, x: villages.x, y: villages.y, playerId: villages.playerId, playerName: players.name, allyId: players.allyId })
      .from(villages)
      .leftJoin(players, and(eq(players.worldId, villages.worldId), eq(players.id, villages.playerId)))
      .where(
        and(
          eq(villages.worldId, worldDataKey(worldId)),
          sql`${villages.x} between ${Math.min(...xs) - 15} and ${Math.max(...xs) + 15}`,
          sql`${villages.y} between ${Math.min(...ys) - 15} and ${Math.max(...ys) + 15}`,
        ),
      )
  ).map((v) => ({ ...v, allyId: v.allyId ?? 0 }));
  const enemies = around.filter((v) => v.playerId === 0 || v.allyId !== tribe);
  const friends = named.filter((v) => v.allyId === tribe);

  return entries.flatMap((entry, i) => {
    const from = named[i % named.length] as Village;
    const pool = entry.type === "support" ? friends.filter((v) => v.id !== from.id) : enemies;
    const to = [...pool].sort((a, b) => distance2(from, a) - distance2(from, b) || a.id - b.id)[i % 3];
    if (!to) return [];
    const travel = attackTimes({ from, to, units: entry.units, arrival: 0, unitInfo }).travelSeconds * 1000;
    // Arrival with milliseconds, so the table shows them.
    const arrival = now + entry.afterSeconds * 1000 + travel + ((i * 137) % 1000);
    const times = attackTimes({ from, to, units: entry.units, arrival, unitInfo });
    return [
      {
        sourceVillageId: from.id,
        sourceName: from.name,
        sourceX: from.x,
        sourceY: from.y,
        attackerId: from.playerId || null,
        attackerName: from.playerName,
        targetVillageId: to.id,
        targetName: to.name,
        targetX: to.x,
        targetY: to.y,
        defenderId: to.playerId || null,
        defenderName: to.playerName,
        type: entry.type,
        units: entry.units as Record<string, number>,
        unit: times.unit,
        sendAt: new Date(times.sendTime),
        arrivalAt: new Date(arrival),
        priority: entry.type === "conquer" ? 1 : entry.type === "fake" ? 4 : 3,
      },
    ];
  });
}
