// Noble trains in the planner (target-order.ts): every target's nobles land as one closed train, noble i
// at T + i × gap, the clearing attacks one gap before the first, inside the window and (when avoided)
// outside the night bonus. Hand-checked plans for nobles from near and far villages and for the night
// bonus, then properties over random plans.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isNightBonus } from "../game/night-bonus.js";
import { parseServerTime } from "../game/server-time.js";
import { seededRandom } from "../random.js";
import type { UnitCounts } from "../units.js";
import { isSupportType } from "./attack.js";
import { NOBLE_TRAIN_SPACING_DEFAULT_MS } from "./execution.js";
import { plannerMessages } from "./messages.js";
import { planAttacks, type PlannedAttack, type PlannerAttacker, type PlannerInput } from "./planner.js";
import { planNobleTrains } from "./target-order.js";
import { speedOneUnitInfo, trainPlanArb } from "./test-arbitraries.js";

const zone = "Europe/Berlin";
const at = (text: string) => {
  const parsed = parseServerTime(text, zone);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};
const gap = NOBLE_TRAIN_SPACING_DEFAULT_MS;
const night = { active: true, startHour: 0, endHour: 8 };
const target = { coord: { x: 500, y: 500 }, villageId: 9 };
const templates = { conquer: { snob: 1, axe: 100 }, attack: { axe: 300 }, wallbreaker: { axe: 50, ram: 10 } };

function input(overrides: Partial<PlannerInput>): PlannerInput {
  return { attackers: [], targets: [target], window: { from: 0, to: 0 }, templates, unitInfo: speedOneUnitInfo, algorithm: "nearest", timeZone: zone, ...overrides };
}

const village = (id: number, x: number, y: number, troops: UnitCounts): PlannerAttacker => ({ id, coord: { x, y }, troops });
const arrivals = (attacks: PlannedAttack[], ...types: string[]) =>
  attacks
    .filter((a) => types.includes(a.type))
    .map((a) => a.arrival)
    .sort((a, b) => a - b);

describe("planAttacks: noble trains", () => {
  it("lands nobles from a near and a far village one gap apart, the clearing attack one gap before them", () => {
    // Noble speed 35 min per field: the near noble (1 field) could land at 13:00, the far one (10 fields)
    // not before 12:00 + 5 h 50 min; the axes (5 fields, 18 min per field) from 13:30 on.
    const now = at("24.12.25 12:00:00:000");
    const window = { from: at("24.12.25 13:00:00:000"), to: at("24.12.25 23:00:00:000") };
    const attackers = [village(1, 501, 500, { snob: 1, axe: 100 }), village(2, 510, 500, { snob: 1, axe: 100 }), village(3, 505, 500, { axe: 300 })];
    for (const algorithm of ["nearest", "random"] as const) {
      const { attacks, unserved } = planAttacks(input({ attackers, window, now, leadMs: 0, counts: { conquer: 2, attack: 1 }, algorithm, seed: 3 }));
      expect(unserved).toEqual([]);
      const [first, second] = arrivals(attacks, "conquer") as [number, number];
      expect(second - first).toBe(gap);
      expect(arrivals(attacks, "attack")).toEqual([first - gap]);
      expect(second).toBeGreaterThanOrEqual(at("24.12.25 17:50:00:000"));
      for (const a of attacks) expect(a.sendTime).toBe(a.arrival - a.travelSeconds * 1000);
      for (const a of attacks) expect(a.sendTime).toBeGreaterThanOrEqual(now);
      // As early as the far noble allows: it is the train's last car.
      if (algorithm === "nearest") expect([first, second]).toEqual([at("24.12.25 17:49:59:900"), at("24.12.25 17:50:00:000")]);
    }
  });

  it("keeps the whole train out of the night bonus instead of splitting it at midnight", () => {
    // Four nobles from one village (1 field, 35 min) could land from 23:59:59.900 on; 00:00–08:00 is night.
    const now = at("24.12.25 23:24:59:900");
    const window = { from: at("24.12.25 23:00:00:000"), to: at("25.12.25 10:00:00:000") };
    const attackers = [village(1, 501, 500, { snob: 4, axe: 400 })];
    const plan = input({ attackers, window, now, leadMs: 0, counts: { conquer: 4 }, night, avoidNightBonus: true });
    const { attacks, unserved } = planAttacks(plan);
    expect(unserved).toEqual([]);
    const morning = at("25.12.25 08:00:00:000");
    expect(arrivals(attacks, "conquer")).toEqual([morning, morning + gap, morning + 2 * gap, morning + 3 * gap]);
    // A clearing attack that could land before midnight (axes: 18 min, from 23:42:59.900) moves to the
    // train: one gap before its first noble.
    const withClear = planAttacks({ ...plan, attackers: [village(1, 501, 500, { snob: 4, axe: 700 })], counts: { conquer: 4, attack: 1 } });
    expect(withClear.unserved).toEqual([]);
    expect(arrivals(withClear.attacks, "attack", "conquer")).toEqual([morning, morning + gap, morning + 2 * gap, morning + 3 * gap, morning + 4 * gap]);
    expect(withClear.attacks.find((a) => a.type === "attack")?.arrival).toBe(morning);
  });

  it("shortens a train that cannot fit whole: the farthest noble is reported, the others still form a train", () => {
    // The far noble (20 fields, 11 h 40 min: 04:40, in the night) makes only the window's last 150 ms
    // after the night; a train of three needs 200 ms. The near nobles (1 field) make the window's start.
    const window = { from: at("24.12.25 18:00:00:000"), to: at("25.12.25 08:00:00:150") };
    const now = at("24.12.25 17:00:00:000");
    const attackers = [village(1, 501, 500, { snob: 2, axe: 200 }), village(2, 520, 500, { snob: 1, axe: 100 })];
    const { attacks, unserved } = planAttacks(input({ attackers, window, now, leadMs: 0, counts: { conquer: 3 }, night, avoidNightBonus: true }));
    expect(attacks.map((a) => [a.fromVillageId, a.arrival])).toEqual([
      [1, window.from],
      [1, window.from + gap],
    ]);
    expect(unserved).toEqual([{ target: target.coord, toVillageId: 9, type: "conquer", requested: 3, planned: 2, reason: plannerMessages.noRoomForNobles }]);
  });
});

describe("planAttacks: noble train properties", () => {
  it("lands every target's nobles exactly a gap apart (span (n − 1) × gap), its clearing attacks one gap before, all in the window, out of the night bonus when avoided, sent after now + lead", () => {
    fc.assert(
      fc.property(trainPlanArb, (plan) => {
        const { attacks, unserved } = planAttacks(plan);
        const byTarget = new Map<number, PlannedAttack[]>();
        for (const a of attacks) byTarget.set(a.toVillageId as number, [...(byTarget.get(a.toVillageId as number) ?? []), a]);
        for (const [target, onTarget] of byTarget) {
          const nobles = arrivals(onTarget, "conquer");
          for (let i = 1; i < nobles.length; i++) expect(nobles[i]! - nobles[i - 1]!).toBe(gap);
          if (nobles.length > 0) {
            expect(nobles[nobles.length - 1]! - nobles[0]!).toBe((nobles.length - 1) * gap);
            for (const clearing of arrivals(onTarget, "attack", "wallbreaker")) expect(clearing).toBe(nobles[0]! - gap);
          }
          const wanted = plan.counts?.conquer ?? 0;
          const report = unserved.filter((u) => u.toVillageId === target && u.type === "conquer");
          expect(report).toEqual(nobles.length < wanted ? [expect.objectContaining({ requested: wanted, planned: nobles.length })] : []);
        }
        for (const a of attacks) {
          expect(a.arrival).toBeGreaterThanOrEqual(plan.window.from);
          expect(a.arrival).toBeLessThanOrEqual(plan.window.to);
          if (plan.avoidNightBonus && !isSupportType(a.type)) expect(isNightBonus(a.arrival, { night: plan.night }, zone)).toBe(false);
          if (plan.now !== undefined) expect(a.sendTime).toBeGreaterThanOrEqual(plan.now + (plan.leadMs ?? 0));
          expect(a.sendTime).toBe(a.arrival - a.travelSeconds * 1000);
        }
      }),
      { numRuns: 400 },
    );
  });
});

// ---- planNobleTrains against a brute-force reference ----

/** Allowed intervals far apart (gaps beyond any train here), as the night bonus leaves them. */
const intervalsArb = fc
  .record({ first: fc.integer({ min: 0, max: 500 }), parts: fc.array(fc.record({ length: fc.nat(600), skip: fc.integer({ min: 600, max: 1500 }) }), { minLength: 1, maxLength: 4 }) })
  .map(({ first, parts }) => {
    const out: number[] = [];
    let at = first;
    for (const { length, skip } of parts) {
      out.push(at, at + length);
      at += length + skip;
    }
    return out;
  });

const caseArb = fc.record({
  intervals: intervalsArb,
  gap: fc.integer({ min: 10, max: 100 }),
  nobles: fc.array(fc.integer({ min: -300, max: 4000 }), { minLength: 1, maxLength: 4 }),
  clearing: fc.array(fc.integer({ min: -300, max: 4000 }), { maxLength: 2 }),
  random: fc.boolean(),
  seed: fc.nat(),
});

const allowed = (intervals: readonly number[], t: number) => {
  for (let i = 0; i < intervals.length; i += 2) if (t >= intervals[i]! && t <= intervals[i + 1]!) return true;
  return false;
};

/** Every ordering of every k of the values. */
function arrangements(values: readonly number[], k: number): number[][] {
  if (k === 0) return [[]];
  return values.flatMap((v, i) => arrangements([...values.slice(0, i), ...values.slice(i + 1)], k - 1).map((rest) => [v, ...rest]));
}

/** The largest train any k nobles (any order) can form and its earliest start, checking each instant. */
function reference(c: { intervals: number[]; gap: number; nobles: number[]; clearing: number[] }): { cars: number; start: number | null } {
  const { intervals, gap, nobles, clearing } = c;
  const candidates = new Set<number>();
  for (let i = 0; i < intervals.length; i += 2) for (let p = -1; p < nobles.length; p++) candidates.add(intervals[i]! - p * gap);
  for (const lower of nobles) for (let p = 0; p < nobles.length; p++) candidates.add(lower - p * gap);
  for (const lower of clearing) candidates.add(lower + gap);
  const sorted = [...candidates].sort((a, b) => a - b);
  const clearingFits = (t: number) => clearing.length === 0 || (allowed(intervals, t - gap) && clearing.every((lower) => t - gap >= lower));
  for (let cars = nobles.length; cars > 0; cars--) {
    const orders = arrangements(nobles, cars);
    const start = sorted.find((t) => clearingFits(t) && orders.some((order) => order.every((lower, p) => t + p * gap >= lower && allowed(intervals, t + p * gap))));
    if (start !== undefined) return { cars, start };
  }
  return { cars: 0, start: null };
}

const attackOf = (type: "conquer" | "attack", id: number): PlannedAttack => ({
  from: { x: 1, y: id },
  to: { x: 500, y: 500 },
  type,
  units: type === "conquer" ? { snob: 1 } : { axe: 1 },
  unit: type === "conquer" ? "snob" : "axe",
  arrival: -1,
  priority: 3,
  fromVillageId: id,
  travelSeconds: 0,
  sendTime: -1,
});

describe("planNobleTrains", () => {
  it("keeps the largest train any choice and order of the nobles could form, exactly a gap apart, the earliest one for 'nearest'", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const nobles = c.nobles.map((_, i) => attackOf("conquer", i));
        const clearing = c.clearing.map((_, i) => attackOf("attack", 100 + i));
        const lowers = new Map<PlannedAttack, number>([...nobles.map((a, i) => [a, c.nobles[i]!] as const), ...clearing.map((a, i) => [a, c.clearing[i]!] as const)]);
        const dropped = planNobleTrains([...clearing, ...nobles], {
          intervals: c.intervals,
          lowerOf: (a) => lowers.get(a) as number,
          random: c.random ? seededRandom(c.seed) : null,
          spacingMs: c.gap,
        });
        const expected = reference(c);
        const kept = nobles.filter((a) => !dropped.has(a)).sort((a, b) => a.arrival - b.arrival);
        expect(kept).toHaveLength(expected.cars);
        expect([...dropped].every((a) => a.type === "conquer")).toBe(true);
        if (expected.cars === 0) {
          for (const a of clearing) expect(a.arrival).toBe(-1);
          return;
        }
        const first = kept[0]!.arrival;
        if (!c.random) expect(first).toBe(expected.start);
        kept.forEach((a, p) => {
          expect(a.arrival).toBe(first + p * c.gap);
          expect(a.arrival).toBeGreaterThanOrEqual(lowers.get(a) as number);
          expect(allowed(c.intervals, a.arrival)).toBe(true);
          expect(a.sendTime).toBe(a.arrival);
        });
        for (const a of clearing) {
          expect(a.arrival).toBe(first - c.gap);
          expect(a.arrival).toBeGreaterThanOrEqual(lowers.get(a) as number);
          expect(allowed(c.intervals, a.arrival)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("draws a 'random' train from the whole allowed range, the same for the same seed", () => {
    const intervals = [0, 10_000];
    const starts = new Set<number>();
    for (let seed = 0; seed < 20; seed++) {
      const run = () => {
        const nobles = [attackOf("conquer", 1), attackOf("conquer", 2)];
        planNobleTrains(nobles, { intervals, lowerOf: () => 0, random: seededRandom(seed) });
        return nobles.map((a) => a.arrival);
      };
      const [first, second] = run() as [number, number];
      expect(run()).toEqual([first, second]);
      expect(second - first).toBe(gap);
      expect(second).toBeLessThanOrEqual(10_000);
      starts.add(first);
    }
    expect(starts.size).toBeGreaterThan(15);
  });
});
