// SimpleFarmAssistant: farms the villages in range with two unit templates. Per run it reads the new
// battle reports into a memory per farm (haul, capacity, losses, when), then goes through the bot's
// villages and their farms, nearest first: barbarian villages (or any other player's, when allowed) in
// the radius and the points range, none with an attack already on its way. A farm whose last report
// showed losses is skipped (TWB's safe-farm rule); one whose last haul filled the template's capacity
// gets template B (there was more to take), the others template A. The haul per farm is estimated from
// the resource model: what the farm refilled per hour between the last two reports (DS Workbench's
// farm manager), so a farm is attacked again only once it holds half a template A load — the interval
// follows the loot. Units promised to the attack planner's timed sends stay home (module coordination).
import {
  moduleRegistry,
  type BattleReport,
  type MapVillage,
  type ModuleConfig,
  type Unit,
  type UnitCounts,
  type UnitSpeedCarry,
  type VillageSnapshot,
} from "@dsbot/protocol";
import { moduleMessages } from "../messages.js";
import type { BotModule, ModuleContext } from "./module.js";

type Config = ModuleConfig<"simplefarm">;
type Ctx = ModuleContext<"simplefarm">;
type UnitTable = Record<Unit, UnitSpeedCarry>;
const label = moduleRegistry.simplefarm.label;
const messages = moduleMessages.simplefarm;

/** What the module remembers of a farm from its reports. */
export interface FarmMemory {
  lastAt: number;
  lastHaul: number;
  lastCapacity: number;
  losses: boolean;
  /** Resources the farm refilled per ms between its last two reports (a lower bound after a full haul). */
  refillPerMs: number | null;
}

/** A haul this close to the capacity counts as full (the farm held more). */
const FULL_SHARE = 0.9;
/** A farm is due again once it is expected to hold this share of template A's capacity. */
const DUE_SHARE = 0.5;

const total = (r: { wood: number; stone: number; iron: number }) => r.wood + r.stone + r.iron;

/** Learn from a report: losses, haul and the farm's refill rate since the report before. */
export function remember(memory: Map<number, FarmMemory>, report: BattleReport): void {
  const haul = total(report.haul);
  const before = memory.get(report.target.villageId);
  let refillPerMs = before?.refillPerMs ?? null;
  if (before && report.at > before.lastAt && report.capacity > 0) {
    const rate = haul / (report.at - before.lastAt);
    const full = haul >= report.capacity * FULL_SHARE;
    refillPerMs = full ? Math.max(rate, refillPerMs ?? 0) : rate;
  }
  const losses = Object.values(report.lost).some((n) => (n ?? 0) > 0);
  memory.set(report.target.villageId, { lastAt: report.at, lastHaul: haul, lastCapacity: report.capacity, losses, refillPerMs });
}

export function carryOf(template: UnitCounts, table: UnitTable): number {
  let carry = 0;
  for (const [u, n] of Object.entries(template) as [Unit, number][]) carry += (n ?? 0) * (table[u]?.carry ?? 0);
  return carry;
}

/** Minutes per field of the template's slowest unit. */
function minutesPerField(template: UnitCounts, table: UnitTable): number {
  let slowest = 0;
  for (const [u, n] of Object.entries(template) as [Unit, number][]) if ((n ?? 0) > 0) slowest = Math.max(slowest, table[u]?.speed ?? 0);
  return slowest;
}

/** The haul expected from a farm when the attack lands: its refill since the last report, up to the capacity; a farm never seen, the capacity. */
export function expectedHaul(memory: FarmMemory | undefined, capacity: number, arrival: number): number {
  if (!memory) return capacity;
  if (memory.refillPerMs === null) return memory.lastHaul >= memory.lastCapacity * FULL_SHARE ? capacity : Math.min(capacity, memory.lastHaul);
  return Math.min(capacity, Math.floor(memory.refillPerMs * Math.max(0, arrival - memory.lastAt)));
}

/** The targets of a village: in range and the points range, barbarian (or not the player's) when allowed, nearest first. */
export function farmTargets(village: VillageSnapshot, found: readonly MapVillage[], playerName: string, config: Config): MapVillage[] {
  const d = (v: MapVillage) => Math.hypot(v.x - village.x, v.y - village.y);
  return found
    .filter((v) => v.ownerName?.toLowerCase() !== playerName.toLowerCase())
    .filter((v) => (config.barbariansOnly ? v.ownerName === null : true))
    .filter((v) => v.points >= config.minPoints && v.points <= config.maxPoints && d(v) <= config.radius)
    .sort((a, b) => d(a) - d(b) || a.id - b.id);
}

const has = (free: UnitCounts, template: UnitCounts) =>
  Object.values(template).some((n) => (n ?? 0) > 0) && (Object.entries(template) as [Unit, number][]).every(([u, n]) => (free[u] ?? 0) >= (n ?? 0));

interface RunTally {
  a: number;
  b: number;
  expected: number;
  /** Farms skipped (by id: one farm in range of several villages counts once). */
  skippedLosses: Set<number>;
  notDue: Set<number>;
}

async function farmFrom(ctx: Ctx, village: VillageSnapshot, targets: MapVillage[], state: FarmState, tally: RunTally, left: number): Promise<number> {
  const { config } = ctx;
  let sent = 0;
  for (const target of targets) {
    if (sent >= left) break;
    if (state.inFlight.has(target.id)) continue;
    const memory = state.memory.get(target.id);
    if (config.skipOnLosses && memory?.losses) {
      tally.skippedLosses.add(target.id);
      continue;
    }
    const distance = Math.hypot(target.x - village.x, target.y - village.y);
    const prefer = memory && memory.lastHaul >= memory.lastCapacity * FULL_SHARE ? (["B", "A"] as const) : (["A", "B"] as const);
    let chosen: { name: "A" | "B"; units: UnitCounts; arrival: number } | null = null;
    for (const name of prefer) {
      const template = name === "A" ? config.templateA : config.templateB;
      const travelMs = Math.round(distance * minutesPerField(template, state.table) * 60) * 1000;
      // Units a timed send needs before these would be home stay there.
      const free = ctx.session.reservations.free(village.units, village.id, ctx.driver.now() + 2 * travelMs);
      if (has(free, template)) {
        chosen = { name, units: template, arrival: ctx.driver.now() + travelMs };
        break;
      }
    }
    if (!chosen) break;
    const capacity = carryOf(chosen.units, state.table);
    if (memory && memory.refillPerMs !== null && expectedHaul(memory, capacity, chosen.arrival) < carryOf(config.templateA, state.table) * DUE_SHARE) {
      tally.notDue.add(target.id);
      continue;
    }
    const result = await ctx.driver.sendCommand({ fromVillageId: village.id, to: { x: target.x, y: target.y }, units: chosen.units, kind: "attack" });
    if (!result.ok) {
      if (result.code === "units") break;
      ctx.log("warn", messages.sendFailed(village.name, target.x, target.y, result.error));
      continue;
    }
    for (const [u, n] of Object.entries(chosen.units) as [Unit, number][]) village.units[u] -= n ?? 0;
    state.inFlight.add(target.id);
    sent++;
    if (chosen.name === "A") tally.a++;
    else tally.b++;
    tally.expected += expectedHaul(memory, capacity, chosen.arrival);
  }
  return sent;
}

interface FarmState {
  memory: Map<number, FarmMemory>;
  inFlight: Set<number>;
  table: UnitTable;
}

export function createSimplefarmModule(): BotModule<"simplefarm"> {
  const memory = new Map<number, FarmMemory>();
  let lastReportId = 0;
  return {
    name: "simplefarm",
    intervalMs: (config) => config.intervalMinutes * 60_000,
    async run(ctx) {
      const player = await ctx.driver.getPlayer();
      if (!player.ok) {
        ctx.log("warn", moduleMessages.common.villagesUnreadable(label, player.error));
        return;
      }
      const [info, reports, commands] = [await ctx.driver.unitInfo(), await ctx.driver.getReports(lastReportId), await ctx.driver.getCommands()];
      if (!info.ok || !reports.ok || !commands.ok) {
        const error = [info, reports, commands].find((r) => !r.ok) as { error: string };
        ctx.log("warn", moduleMessages.common.failed(label, error.error));
        return;
      }
      let loot = 0;
      for (const report of reports.value) {
        remember(memory, report);
        loot += total(report.haul);
        lastReportId = Math.max(lastReportId, report.id);
      }
      const inFlight = new Set(commands.value.filter((c) => c.kind === "attack" && c.direction === "outgoing").map((c) => c.to.villageId));
      const state: FarmState = { memory, inFlight, table: info.value };
      const tally: RunTally = { a: 0, b: 0, expected: 0, skippedLosses: new Set(), notDue: new Set() };
      let sent = 0;
      let targetsSeen: number | null = null;
      for (const village of player.value.villages) {
        if (sent >= ctx.config.maxPerRun) break;
        // Nothing to send from here: the map is not even asked (one request less).
        if (!has(village.units, ctx.config.templateA) && !has(village.units, ctx.config.templateB)) continue;
        const found = await ctx.driver.mapVillages({ x: village.x, y: village.y }, ctx.config.radius);
        if (!found.ok) {
          ctx.log("warn", messages.mapUnreadable(village.name, found.error));
          continue;
        }
        const targets = farmTargets(village, found.value, player.value.name, ctx.config);
        targetsSeen = (targetsSeen ?? 0) + targets.length;
        sent += await farmFrom(ctx, village, targets, state, tally, ctx.config.maxPerRun - sent);
      }
      ctx.log("info", farmLine(sent, tally, reports.value.length, loot, targetsSeen));
    },
  };
}

function farmLine(sent: number, tally: RunTally, reports: number, loot: number, targets: number | null): string {
  const parts: string[] = [];
  if (sent > 0) parts.push(messages.sent(sent, tally.a, tally.b, tally.expected));
  else parts.push(targets === null ? messages.noTroops : targets === 0 ? messages.noTargets : messages.noneSent);
  if (reports > 0) parts.push(messages.reports(reports, loot));
  const skipped = tally.skippedLosses.size;
  const notDue = tally.notDue.size;
  if (skipped > 0) parts.push(messages.skippedLosses(skipped));
  if (notDue > 0) parts.push(messages.notDue(notDue));
  return messages.summary(parts);
}

