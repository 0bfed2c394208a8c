// The planner: hand-checked plans for each rule (nearest first, troops, unknown villages, night bonus,
// now, Freundschaft, noble range, round robin, reasons), then properties over random plans: known troops
// are never exceeded, arrivals stay in the window and out of the night bonus, the same seed gives the
// same plan, and nearest-first equals a plain reference.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isNightBonus, type NightBonusWindow } from "../game/night-bonus.js";
import { parseServerTime } from "../game/server-time.js";
import { distance } from "../game/travel.js";
import { units, type UnitCounts } from "../units.js";
import { attackTimes, isSupportType } from "./attack.js";
import { planAttacks, plannerTypeOrder, type PlannerAttacker, type PlannerInput, type PlannerTarget } from "./planner.js";
import { PlannerRun } from "./planner-engine.js";
import { NOBLE_TRAIN_SPACING_DEFAULT_MS } from "./execution.js";
import { plannerMessages } from "./messages.js";
import { plannerBenchInput } from "./planner-fixture.js";
import { speedOneUnitInfo } from "./test-arbitraries.js";

const at = (text: string) => {
  const parsed = parseServerTime(text, "Europe/Berlin");
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};

const night: NightBonusWindow = { active: true, startHour: 0, endHour: 8 };
const window = { from: at("24.12.25 18:00:00:000"), to: at("24.12.25 22:00:00:000") };
const target: PlannerTarget = { coord: { x: 500, y: 500 }, villageId: 9 };

function input(overrides: Partial<PlannerInput>): PlannerInput {
  return {
    attackers: [],
    targets: [target],
    window,
    templates: { attack: { axe: 100 }, conquer: { snob: 1, axe: 100 }, fake: { ram: 1 }, wallbreaker: { axe: 50, ram: 10 }, support: { spear: 100 } },
    unitInfo: speedOneUnitInfo,
    algorithm: "nearest",
    timeZone: "Europe/Berlin",
    ...overrides,
  };
}

const village = (id: number, x: number, y: number, troops?: UnitCounts): PlannerAttacker => ({ id, coord: { x, y }, ...(troops ? { troops } : {}) });

describe("planAttacks", () => {
  it("with onePerPlayer sends at most one attack of a type per player and target: the nearest village of each player", () => {
    const own = (id: number, x: number, y: number, player?: number): PlannerAttacker => ({ ...village(id, x, y, { spear: 1000 }), ...(player !== undefined ? { player } : {}) });
    // Player 0 owns the three nearest villages, player 1 two farther ones; village 6 (no player: not limited)
    // has troops for one support.
    const attackers = [own(1, 501, 500, 0), own(2, 502, 500, 0), own(3, 503, 500, 0), own(4, 510, 500, 1), own(5, 511, 500, 1), village(6, 520, 500, { spear: 100 })];
    for (const algorithm of ["nearest", "random"] as const) {
      const result = planAttacks(input({ attackers, counts: { support: 4 }, onePerPlayer: true, algorithm }));
      const from = result.attacks.map((a) => a.fromVillageId);
      expect(from).toHaveLength(3);
      expect(from.filter((id) => id <= 3)).toHaveLength(1);
      expect(from.filter((id) => id === 4 || id === 5)).toHaveLength(1);
      expect(from).toContain(6);
      if (algorithm === "nearest") expect(from.sort()).toEqual([1, 4, 6]);
      expect(result.unserved).toEqual([{ target: target.coord, toVillageId: 9, type: "support", requested: 4, planned: 3, reason: plannerMessages.used }]);
    }
    // Without it the nearest village serves every time, whoever owns it.
    expect(planAttacks(input({ attackers, counts: { support: 3 } })).attacks.map((a) => a.fromVillageId)).toEqual([1, 1, 1]);
  });

  it("sends from the nearest villages, arriving at the window's start, with send times from the game rules", () => {
    const result = planAttacks(input({ attackers: [village(1, 510, 500), village(2, 503, 504), village(3, 500, 520)], counts: { attack: 2 } }));
    expect(result.unserved).toEqual([]);
    expect(result.attacks).toEqual([
      {
        from: { x: 503, y: 504 },
        to: { x: 500, y: 500 },
        type: "attack",
        units: { axe: 100 },
        unit: "axe",
        arrival: window.from,
        priority: 3,
        fromVillageId: 2,
        toVillageId: 9,
        travelSeconds: 5400,
        sendTime: window.from - 5_400_000,
      },
      expect.objectContaining({ fromVillageId: 1, travelSeconds: 10800, sendTime: window.from - 10_800_000 }),
    ]);
  });

  it("sends a noble train of four from one village that has four nobles, consuming its troops", () => {
    const attackers = [village(1, 501, 500, { snob: 4, axe: 400 }), village(2, 502, 500, { snob: 1, axe: 100 })];
    const result = planAttacks(input({ attackers, counts: { conquer: 5 } }));
    expect(result.attacks.map((a) => a.fromVillageId)).toEqual([1, 1, 1, 1, 2]);
    const more = planAttacks(input({ attackers, counts: { conquer: 6 } }));
    expect(more.unserved).toEqual([
      { target: { x: 500, y: 500 }, toVillageId: 9, type: "conquer", requested: 6, planned: 5, reason: "Kein Angreiferdorf hat noch genug Truppen für die Vorlage." },
    ]);
  });

  it("lands a target's clearing attacks first and its nobles after them as a train", () => {
    // The nobles' villages are nearer than the clearing attacks': on their own they would land first.
    const attackers = [village(1, 501, 500, { snob: 1, axe: 100 }), village(2, 500, 501, { snob: 1, axe: 100 }), village(3, 505, 500, { axe: 300 }), village(4, 500, 506, { axe: 50, ram: 10 })];
    const spacing = NOBLE_TRAIN_SPACING_DEFAULT_MS;
    for (const algorithm of ["nearest", "random"] as const) {
      const templates = { conquer: { snob: 1, axe: 100 }, attack: { axe: 300 }, wallbreaker: { axe: 50, ram: 10 } };
      const { attacks, unserved } = planAttacks(input({ attackers, templates, counts: { conquer: 2, attack: 1, wallbreaker: 1 }, algorithm, seed: 7 }));
      expect(unserved).toEqual([]);
      const clearing = attacks.filter((a) => a.type === "attack" || a.type === "wallbreaker").map((a) => a.arrival);
      const nobles = attacks.filter((a) => a.type === "conquer").map((a) => a.arrival).sort((a, b) => a - b);
      expect(nobles).toHaveLength(2);
      expect(Math.max(...clearing) + spacing).toBeLessThanOrEqual(nobles[0] as number);
      expect((nobles[1] as number) - (nobles[0] as number)).toBe(spacing);
      for (const a of attacks) expect(a.sendTime).toBe(a.arrival - a.travelSeconds * 1000);
      if (algorithm === "nearest") {
        // As early as the rules allow: the clearing attacks at the window's start, the train right behind.
        expect(clearing).toEqual([window.from, window.from]);
        expect(nobles).toEqual([window.from + spacing, window.from + 2 * spacing]);
      }
    }
  });

  it("avoids the night bonus for attacks only: a support may arrive in it", () => {
    const attackers = [village(1, 501, 500, { axe: 100, spear: 100 }), village(2, 502, 500, { spear: 100 })];
    const nightWindow = { from: at("25.12.25 01:00:00:000"), to: at("25.12.25 02:00:00:000") };
    const { attacks, unserved } = planAttacks(input({ attackers, counts: { attack: 1, support: 1 }, window: nightWindow, night, avoidNightBonus: true }));
    expect(attacks.map((a) => [a.type, a.arrival])).toEqual([["support", nightWindow.from]]);
    expect(unserved).toEqual([expect.objectContaining({ type: "attack", planned: 0, reason: plannerMessages.nightOnly })]);
  });

  it("reports nobles the window has no room for behind the clearing attacks", () => {
    const attackers = [village(1, 501, 500, { snob: 1, axe: 100 }), village(3, 505, 500, { axe: 200 })];
    const short = { from: window.from, to: window.from + NOBLE_TRAIN_SPACING_DEFAULT_MS - 1 };
    const { attacks, unserved } = planAttacks(input({ attackers, counts: { conquer: 1, attack: 1 }, window: short }));
    expect(attacks.map((a) => a.type)).toEqual(["attack"]);
    expect(unserved).toEqual([{ target: { x: 500, y: 500 }, toVillageId: 9, type: "conquer", requested: 1, planned: 0, reason: plannerMessages.noRoomForNobles }]);
  });

  it("sends nobles only from villages with known troops, unless allowed", () => {
    const attackers = [village(1, 501, 500), village(2, 502, 500, { snob: 1, axe: 100 })];
    const refused = planAttacks(input({ attackers: attackers.slice(0, 1), counts: { conquer: 1 } }));
    expect(refused.attacks).toEqual([]);
    expect(refused.unserved).toEqual([expect.objectContaining({ type: "conquer", planned: 0, reason: plannerMessages.unknownTroops })]);
    // The nearer unknown village is passed over for the known one, or taken when allowed.
    expect(planAttacks(input({ attackers, counts: { conquer: 1 } })).attacks.map((a) => a.fromVillageId)).toEqual([2]);
    expect(planAttacks(input({ attackers, counts: { conquer: 1 }, noblesFromUnknownVillages: true })).attacks.map((a) => a.fromVillageId)).toEqual([1]);
  });

  it("uses a village with unknown troops once (or as often as allowed)", () => {
    const attackers = [village(1, 501, 500), village(2, 502, 500)];
    const once = planAttacks(input({ attackers, counts: { attack: 3 } }));
    expect(once.attacks.map((a) => a.fromVillageId)).toEqual([1, 2]);
    expect(once.unserved[0]?.reason).toBe("Alle passenden Angreiferdörfer sind schon verplant.");
    const twice = planAttacks(input({ attackers, counts: { attack: 3 }, maxAttacksPerUnknownVillage: 2 }));
    expect(twice.attacks.map((a) => a.fromVillageId)).toEqual([1, 1, 2]);
  });

  it("moves arrivals out of the night bonus, or reports a window that lies in it", () => {
    const nightWindow = { from: at("25.12.25 01:00:00:000"), to: at("25.12.25 12:00:00:000") };
    const attackers = [village(1, 501, 500)];
    const avoided = planAttacks(input({ attackers, counts: { attack: 1 }, window: nightWindow, night, avoidNightBonus: true }));
    expect(avoided.attacks[0]?.arrival).toBe(at("25.12.25 08:00:00:000"));
    const ignored = planAttacks(input({ attackers, counts: { attack: 1 }, window: nightWindow, night, avoidNightBonus: false }));
    expect(ignored.attacks[0]?.arrival).toBe(nightWindow.from);
    const inNight = { from: at("25.12.25 01:00:00:000"), to: at("25.12.25 07:59:59:999") };
    const none = planAttacks(input({ attackers, counts: { attack: 1 }, window: inNight, night, avoidNightBonus: true }));
    expect(none.attacks).toEqual([]);
    expect(none.unserved[0]?.reason).toBe("Das Ankunftsfenster liegt vollständig im Nachtbonus.");
  });

  it("lets a village arrive later in the window when it cannot make the start any more, and reports when none can", () => {
    const now = at("24.12.25 12:00:00:000");
    const far = village(1, 510, 500); // 10 fields of axes: 3 h
    const soon = { from: now + 3_600_000, to: now + 5 * 3_600_000 };
    const late = planAttacks(input({ attackers: [far], counts: { attack: 1 }, window: soon, now, leadMs: 1000 }));
    expect(late.attacks[0]).toMatchObject({ arrival: now + 3 * 3_600_000 + 1000, sendTime: now + 1000 });
    const tooSoon = { from: now + 3_600_000, to: now + 2 * 3_600_000 };
    const none = planAttacks(input({ attackers: [far], counts: { attack: 1 }, window: tooSoon, now }));
    expect(none.unserved[0]?.reason).toBe("Kein freies Dorf erreicht das Ziel noch im Ankunftsfenster.");
  });

  it("walks supports with the village's or the plan's Freundschaft", () => {
    const attackers = [{ ...village(1, 503, 504), supportBoost: 0.2 }, village(2, 497, 496)];
    const result = planAttacks(input({ attackers, counts: { support: 2 }, supportBoost: 0.1 }));
    expect(result.attacks.map((a) => [a.fromVillageId, a.travelSeconds])).toEqual([
      [1, 4500], // 5 fields × 18 min = 5400 s, / 1.2
      [2, 4909], // 5400 s / 1.1, rounded
    ]);
  });

  it("keeps nobles within the noble range", () => {
    const result = planAttacks(input({ attackers: [village(1, 503, 504, { snob: 1, axe: 100 })], counts: { conquer: 1 }, nobleMaxDistance: 3 }));
    expect(result.unserved[0]?.reason).toBe("Kein Dorf mit Adelsgeschlechtern liegt in Adelsreichweite (3 Felder).");
  });

  it("lets a noble walk exactly the noble range (distance ≤ max_dist), not a step beyond", () => {
    // 503|504 is exactly 5 fields from the target at 500|500 (3-4-5): allowed at range 5, refused at 4.99.
    const at = (range: number) => planAttacks(input({ attackers: [village(1, 503, 504, { snob: 1, axe: 100 })], counts: { conquer: 1 }, nobleMaxDistance: range }));
    expect(at(5).attacks).toHaveLength(1);
    expect(at(4.99).attacks).toHaveLength(0);
  });

  it("reports types without a template, with a unit the world lacks, and plans without villages", () => {
    const noArchers = { ...speedOneUnitInfo, archer: undefined };
    const result = planAttacks(
      input({ attackers: [village(1, 501, 500)], counts: { fake_support: 1, support: 1 }, templates: { support: { archer: 10 } }, unitInfo: noArchers }),
    );
    expect(result.unserved.map((u) => [u.type, u.reason])).toEqual([
      ["support", "Die Einheit „Bogenschütze“ gibt es auf dieser Welt nicht."],
      ["fake_support", "Keine Truppenvorlage für „Fake-Unterstützung“."],
    ]);
    expect(planAttacks(input({ counts: { attack: 1 } })).unserved[0]?.reason).toBe("Keine Angreiferdörfer angegeben.");
  });

  it("serves every target's first attack before any target's second (round robin)", () => {
    const a: PlannerTarget = { coord: { x: 500, y: 500 } };
    const b: PlannerTarget = { coord: { x: 510, y: 500 } };
    const attackers = [village(1, 505, 500), village(2, 498, 500), village(3, 530, 500)];
    const result = planAttacks(input({ attackers, targets: [a, b], counts: { attack: 2 } }));
    expect(result.attacks.map((x) => [x.to.x, x.fromVillageId])).toEqual([
      [500, 2],
      [510, 1],
      [500, 3],
    ]);
  });

  it("takes a target's own counts over the plan's and the plan's priorities", () => {
    const targets = [target, { coord: { x: 520, y: 500 }, counts: { fake: 2 } }];
    const result = planAttacks(input({ attackers: [village(1, 510, 500, { ram: 10, axe: 100 })], targets, counts: { attack: 1 }, priorities: { fake: 5 } }));
    expect(result.attacks.map((x) => [x.to.x, x.type, x.priority])).toEqual([
      [500, "attack", 3],
      [520, "fake", 5],
      [520, "fake", 5],
    ]);
  });

  it("throws a German RangeError for a reversed window", () => {
    expect(() => planAttacks(input({ window: { from: 2, to: 1 } }))).toThrow("Das Ende des Ankunftsfensters muss nach dem Anfang liegen.");
  });

  it("drops every village at once when the window ends before any could arrive (no pass per target)", () => {
    const big = plannerBenchInput(2000, 500);
    const counts = { attack: 100, conquer: 100, fake: 100, support: 100, wallbreaker: 100, fake_support: 100 };
    const templates = { ...big.templates, support: { spear: 100 }, wallbreaker: { ram: 100 }, fake_support: { spear: 1 } };
    const past = { from: at("01.01.00 00:00:00:000"), to: at("31.01.00 00:00:00:000") };
    for (const algorithm of ["nearest", "random"] as const) {
      const result = planAttacks({ ...big, algorithm, counts, templates, window: past, now: at("24.12.25 12:00:00:000") });
      expect(result.attacks).toEqual([]);
      expect(result.unserved).toHaveLength(500 * 6);
      // Most villages lack nobles, so "troops" stays the nobles' most common reason.
      for (const u of result.unserved) expect(u.reason).toBe(u.type === "conquer" ? plannerMessages.troops : plannerMessages.late);
      // Before: every target × type offered every village (6,000,000 visits); now one pass over the villages.
      expect(result.visits).toBeLessThanOrEqual(2000);
    }
  });

  it("stops a search at the first village beyond reach instead of offering every village to an unreachable target", () => {
    // Villages in a cluster that only reaches the near target; the far target is beyond every village's reach.
    const attackers = Array.from({ length: 400 }, (_, i) => village(i + 1, 500 + (i % 20), 520 + Math.floor(i / 20)));
    const now = window.from - 2 * 3_600_000;
    const targets = [{ coord: { x: 500, y: 519 }, villageId: 1 }, { coord: { x: 700, y: 700 }, villageId: 2 }];
    for (const algorithm of ["nearest", "random"] as const) {
      const result = planAttacks(input({ attackers, targets, counts: { attack: 3 }, now, algorithm }));
      expect(result.attacks.map((a) => a.toVillageId)).toEqual([1, 1, 1]);
      expect(result.unserved).toEqual([expect.objectContaining({ toVillageId: 2, planned: 0, reason: plannerMessages.late })]);
      expect(result.visits).toBeLessThan(attackers.length * 2);
    }
  });

  it("plans 2,000 villages × 500 targets (npm run bench measures the time)", () => {
    const big = plannerBenchInput(2000, 500);
    const result = planAttacks(big);
    expect(result.attacks.length + result.unserved.reduce((n, u) => n + u.requested - u.planned, 0)).toBe(500 * 8);
  });
});

// ---- properties ----

const near = fc.record({ x: fc.integer({ min: 490, max: 510 }), y: fc.integer({ min: 490, max: 510 }) });
const troopsArb = fc.option(
  fc.record({ axe: fc.nat(600), ram: fc.nat(20), snob: fc.nat(3), spear: fc.nat(600) }, { requiredKeys: ["axe", "ram", "snob", "spear"] }),
  { nil: undefined },
);
const countsArb = fc.record({ attack: fc.nat(3), conquer: fc.nat(3), fake: fc.nat(3), support: fc.nat(3), wallbreaker: fc.nat(2) });
const nightArb = fc.record({ active: fc.boolean(), startHour: fc.integer({ min: 0, max: 23 }), endHour: fc.integer({ min: 0, max: 23 }) });

const planArb = fc
  .record({
    attackers: fc.array(fc.record({ coord: near, troops: troopsArb, supportBoost: fc.option(fc.constantFrom(0, 0.1, 0.2), { nil: undefined }) }), { maxLength: 25 }),
    targets: fc.array(fc.record({ coord: near, counts: fc.option(countsArb, { nil: undefined }) }), { minLength: 1, maxLength: 8 }),
    counts: countsArb,
    start: fc.integer({ min: at("01.01.25 00:00:00:000"), max: at("31.12.25 00:00:00:000") }),
    length: fc.integer({ min: 0, max: 3 * 86_400_000 }),
    algorithm: fc.constantFrom("nearest" as const, "random" as const),
    seed: fc.nat(),
    night: nightArb,
    avoidNightBonus: fc.boolean(),
    now: fc.option(fc.integer({ min: -86_400_000, max: 86_400_000 }), { nil: undefined }),
    leadMs: fc.nat(60_000),
    nobleMaxDistance: fc.option(fc.integer({ min: 5, max: 30 }), { nil: undefined }),
  })
  .map(
    (p): PlannerInput =>
      input({
        attackers: p.attackers.map((a, i) => ({ id: i + 1, coord: a.coord, troops: a.troops, ...(a.supportBoost !== undefined ? { supportBoost: a.supportBoost } : {}) })),
        targets: p.targets.map((t, i) => ({ coord: t.coord, villageId: 1000 + i, ...(t.counts ? { counts: t.counts } : {}) })),
        counts: p.counts,
        window: { from: p.start, to: p.start + p.length },
        algorithm: p.algorithm,
        seed: p.seed,
        night: p.night,
        avoidNightBonus: p.avoidNightBonus,
        ...(p.now !== undefined ? { now: p.start + p.now, leadMs: p.leadMs } : {}),
        ...(p.nobleMaxDistance !== undefined ? { nobleMaxDistance: p.nobleMaxDistance } : {}),
        supportBoost: 0.05,
      }),
  );

describe("planAttacks properties", () => {
  it("never plans more units than a village has where troops are known, and unknown villages once", () => {
    fc.assert(
      fc.property(planArb, (plan) => {
        const sent = new Map<number, UnitCounts>();
        for (const a of planAttacks(plan).attacks) {
          const total = sent.get(a.fromVillageId) ?? {};
          for (const unit of units) total[unit] = (total[unit] ?? 0) + (a.units[unit] ?? 0);
          sent.set(a.fromVillageId, total);
        }
        for (const attacker of plan.attackers) {
          const total = sent.get(attacker.id);
          if (!total) continue;
          if (attacker.troops) for (const unit of units) expect(total[unit] ?? 0).toBeLessThanOrEqual(attacker.troops[unit] ?? 0);
        }
        const perUnknown = new Map<number, number>();
        for (const a of planAttacks(plan).attacks) {
          if (!plan.attackers[a.fromVillageId - 1]?.troops) perUnknown.set(a.fromVillageId, (perUnknown.get(a.fromVillageId) ?? 0) + 1);
        }
        for (const n of perUnknown.values()) expect(n).toBe(1);
      }),
      { numRuns: 200 },
    );
  });

  it("arrives inside the window, attacks outside the night bonus when avoiding it (supports anywhere), sends after now + lead, with the game's travel times", () => {
    fc.assert(
      fc.property(planArb, (plan) => {
        for (const a of planAttacks(plan).attacks) {
          expect(a.arrival).toBeGreaterThanOrEqual(plan.window.from);
          expect(a.arrival).toBeLessThanOrEqual(plan.window.to);
          if (plan.avoidNightBonus && !isSupportType(a.type)) expect(isNightBonus(a.arrival, { night: plan.night }, "Europe/Berlin")).toBe(false);
          if (plan.now !== undefined) expect(a.sendTime).toBeGreaterThanOrEqual(plan.now + (plan.leadMs ?? 0));
          const attacker = plan.attackers[a.fromVillageId - 1] as PlannerAttacker;
          const boost = isSupportType(a.type) ? (attacker.supportBoost ?? 0.05) : 0;
          const times = attackTimes({ from: a.from, to: a.to, units: a.units, arrival: a.arrival, unitInfo: speedOneUnitInfo, boost });
          expect({ unit: a.unit, travelSeconds: a.travelSeconds, sendTime: a.sendTime }).toEqual(times);
          if (a.units.snob && plan.nobleMaxDistance !== undefined) expect(distance(a.from, a.to)).toBeLessThanOrEqual(plan.nobleMaxDistance);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("accounts for every wanted attack: planned, or reported with what was planned", () => {
    fc.assert(
      fc.property(planArb, (plan) => {
        const result = planAttacks(plan);
        plan.targets.forEach((t, i) => {
          for (const type of plannerTypeOrder) {
            const wanted = t.counts?.[type] ?? plan.counts?.[type] ?? 0;
            const planned = result.attacks.filter((a) => a.toVillageId === 1000 + i && a.type === type).length;
            const report = result.unserved.filter((u) => u.toVillageId === 1000 + i && u.type === type);
            expect(planned).toBeLessThanOrEqual(wanted);
            expect(report).toEqual(planned < wanted ? [expect.objectContaining({ requested: wanted, planned })] : []);
          }
        });
      }),
      { numRuns: 200 },
    );
  });

  it("lands every target's clearing attacks before its first noble, the nobles a train apart", () => {
    fc.assert(
      fc.property(planArb, (plan) => {
        const byTarget = new Map<number, { clearing: number[]; nobles: number[] }>();
        for (const a of planAttacks(plan).attacks) {
          const key = a.to.x * 1000 + a.to.y;
          const entry = byTarget.get(key) ?? { clearing: [], nobles: [] };
          byTarget.set(key, entry);
          if (a.type === "attack" || a.type === "wallbreaker") entry.clearing.push(a.arrival);
          if (a.type === "conquer") entry.nobles.push(a.arrival);
        }
        for (const { clearing, nobles } of byTarget.values()) {
          nobles.sort((a, b) => a - b);
          if (nobles.length > 0 && clearing.length > 0) expect(Math.max(...clearing)).toBeLessThanOrEqual((nobles[0] as number) - NOBLE_TRAIN_SPACING_DEFAULT_MS);
          for (let i = 1; i < nobles.length; i++) expect((nobles[i] as number) - (nobles[i - 1] as number)).toBeGreaterThanOrEqual(NOBLE_TRAIN_SPACING_DEFAULT_MS);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("gives the same plan for the same seed", () => {
    fc.assert(
      fc.property(planArb, (plan) => {
        expect(planAttacks(plan)).toEqual(planAttacks(JSON.parse(JSON.stringify(plan)) as PlannerInput));
      }),
      { numRuns: 100 },
    );
  });

  it("bounding the work by reach and noble range changes no plan", () => {
    fc.assert(
      fc.property(planArb, (plan) => {
        const bounded = planAttacks(plan);
        const plain = new PlannerRun(plan, false);
        plain.run();
        expect(bounded.attacks).toEqual(plain.attacks);
        expect(bounded.unserved.map(({ reason: _, ...u }) => u)).toEqual(plain.unserved().map(({ reason: _, ...u }) => u));
      }),
      { numRuns: 300 },
    );
  });

  it("nearest first picks exactly what a plain nearest-available scan picks", () => {
    const arb = fc.record({
      villages: fc.array(fc.record({ coord: near, troops: fc.option(fc.record({ axe: fc.nat(400) }), { nil: undefined }) }), { maxLength: 30 }),
      target: near,
      count: fc.integer({ min: 1, max: 12 }),
      need: fc.integer({ min: 1, max: 150 }),
    });
    fc.assert(
      fc.property(arb, ({ villages, target: t, count, need }) => {
        const attackers = villages.map((v, i) => ({ id: i + 1, coord: v.coord, troops: v.troops }));
        const plan = input({ attackers, targets: [{ coord: t }], counts: { attack: count }, templates: { attack: { axe: need } } });
        expect(planAttacks(plan).attacks.map((a) => a.fromVillageId)).toEqual(referenceNearest(attackers, t, count, need));
      }),
      { numRuns: 300 },
    );
  });
});

/** Each attack: scan all villages by (distance, input order) and take the first that can still send. */
function referenceNearest(attackers: PlannerAttacker[], t: { x: number; y: number }, count: number, need: number): number[] {
  const order = [...attackers].sort((a, b) => distance(a.coord, t) - distance(b.coord, t) || a.id - b.id);
  const left = new Map(attackers.map((a) => [a.id, a.troops ? (a.troops.axe ?? 0) : -1]));
  const picked: number[] = [];
  for (let k = 0; k < count; k++) {
    const next = order.find((a) => (a.coord.x !== t.x || a.coord.y !== t.y) && (left.get(a.id) as number) !== -2 && (a.troops ? (left.get(a.id) as number) >= need : true));
    if (!next) break;
    picked.push(next.id);
    left.set(next.id, next.troops ? (left.get(next.id) as number) - need : -2);
  }
  return picked;
}
