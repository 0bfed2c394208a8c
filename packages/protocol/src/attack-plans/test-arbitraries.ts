// fast-check generators and fixtures shared by the attack-plan tests (not exported by the package).
import fc from "fast-check";
import type { UnitSpeedTable } from "../game/travel.js";
import { baseUnitSpeeds } from "../game/unit-info.js";
import { units, type Unit, type UnitCounts } from "../units.js";
import { attackTypes, slowestUnitOnAnyWorld, sameSpeed, timedUnits, ARRIVAL_MAX_MS, ARRIVAL_MIN_MS, type AttackData, type UnitFormulas } from "./attack.js";
import type { PlannerInput } from "./planner.js";

/** A world with speed × unit_speed = 1: get_unit_info speeds are the base speeds. */
export const speedOneUnitInfo: UnitSpeedTable = Object.fromEntries(units.map((unit) => [unit, { speed: baseUnitSpeeds[unit] }]));

export const coordArb = fc.record({ x: fc.integer({ min: 0, max: 999 }), y: fc.integer({ min: 0, max: 999 }) });

export const unitCountsArb: fc.Arbitrary<UnitCounts> = fc
  .subarray([...units])
  .chain((chosen) => fc.tuple(...chosen.map(() => fc.integer({ min: 1, max: 1_000_000 }))).map((counts) => ({ chosen, counts })))
  .map(({ chosen, counts }) => Object.fromEntries(chosen.map((unit, i) => [unit, counts[i]])) as UnitCounts);

/** The unit of an attack: any unit as fast as the slowest sent (ram or catapult, …), or any unit without troops. */
function unitFor(counts: UnitCounts): fc.Arbitrary<Unit> {
  const slowest = slowestUnitOnAnyWorld(counts);
  return fc.constantFrom(...(slowest ? units.filter((u) => sameSpeed(u, slowest)) : units));
}

/** DS Workbench formulas as its users write them. */
export const formulaArb = fc.constantFrom("alle", "alle-100", "50%", "(alle-50)/2", "fake", "rnd*100", "alle>1000", "Alle - 5");

/** Formulas for some of the units not sent with a count (none most of the time). */
function formulasFor(counts: UnitCounts): fc.Arbitrary<UnitFormulas | undefined> {
  const free = units.filter((u) => counts[u] === undefined);
  if (free.length === 0) return fc.constant(undefined);
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc
        .subarray(free, { minLength: 1 })
        .chain((chosen) => fc.tuple(...chosen.map(() => formulaArb)).map((texts) => Object.fromEntries(chosen.map((u, i) => [u, texts[i]])) as UnitFormulas)),
    },
  );
}

export const attackDataArb: fc.Arbitrary<AttackData> = fc
  .record({
    from: coordArb,
    to: coordArb,
    type: fc.constantFrom(...attackTypes),
    units: unitCountsArb,
    arrival: fc.integer({ min: ARRIVAL_MIN_MS, max: ARRIVAL_MAX_MS }),
    priority: fc.integer({ min: 1, max: 5 }),
  })
  .filter((a) => a.from.x !== a.to.x || a.from.y !== a.to.y)
  .chain((a) => formulasFor(a.units).map((formulas): Omit<AttackData, "unit"> => (formulas ? { ...a, formulas: orderFormulas(formulas) } : a)))
  .chain((a) => unitFor(timedUnits(a.units, a.formulas)).map((unit) => ({ ...a, unit })));

/** Formulas trimmed and in the game's unit order, as the schemas output them. */
function orderFormulas(formulas: UnitFormulas): UnitFormulas {
  const out: UnitFormulas = {};
  for (const unit of units) if (formulas[unit] !== undefined) out[unit] = (formulas[unit] as string).trim();
  return out;
}

const trainCoordArb = (spread: number) => fc.record({ x: fc.integer({ min: 500 - spread, max: 500 + spread }), y: fc.integer({ min: 500 - spread, max: 500 + spread }) });
const JAN_2025 = Date.UTC(2025, 0, 1);
const HOUR_MS = 3_600_000;

/**
 * Plans that make noble trains hard: nobles from near and far villages (up to ~40 fields: a day of
 * travel), clearing attacks, windows that start soon after `now` (or before it), night bonus settings
 * (usually avoided) and both algorithms. Server time zone Europe/Berlin.
 */
export const trainPlanArb: fc.Arbitrary<PlannerInput> = fc
  .record({
    attackers: fc.array(fc.record({ coord: trainCoordArb(30), snob: fc.nat(4), axe: fc.nat(1500), ram: fc.nat(20) }), { minLength: 1, maxLength: 12 }),
    targets: fc.uniqueArray(trainCoordArb(10), { minLength: 1, maxLength: 4, selector: (c) => c.x * 1000 + c.y }),
    counts: fc.record({ conquer: fc.integer({ min: 1, max: 5 }), attack: fc.nat(2), wallbreaker: fc.nat(1), fake: fc.nat(1) }),
    start: fc.integer({ min: JAN_2025, max: JAN_2025 + 364 * 24 * HOUR_MS }),
    length: fc.oneof(fc.integer({ min: 0, max: 2_000 }), fc.integer({ min: 0, max: 48 * HOUR_MS })),
    algorithm: fc.constantFrom("nearest" as const, "random" as const),
    seed: fc.nat(),
    night: fc.record({ active: fc.boolean(), startHour: fc.integer({ min: 0, max: 23 }), endHour: fc.integer({ min: 0, max: 23 }) }),
    avoidNightBonus: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    now: fc.option(fc.integer({ min: -30 * HOUR_MS, max: 2 * HOUR_MS }), { nil: undefined }),
    leadMs: fc.nat(60_000),
  })
  .map(
    (p): PlannerInput => ({
      attackers: p.attackers.map((a, i) => ({ id: i + 1, coord: a.coord, troops: { snob: a.snob, axe: a.axe, ram: a.ram } })),
      targets: p.targets.map((coord, i) => ({ coord, villageId: 1000 + i })),
      window: { from: p.start, to: p.start + p.length },
      counts: p.counts,
      templates: { conquer: { snob: 1, axe: 100 }, attack: { axe: 300 }, wallbreaker: { axe: 50, ram: 10 }, fake: { ram: 1 } },
      unitInfo: speedOneUnitInfo,
      algorithm: p.algorithm,
      seed: p.seed,
      night: p.night,
      avoidNightBonus: p.avoidNightBonus,
      timeZone: "Europe/Berlin",
      ...(p.now !== undefined ? { now: p.start + p.now, leadMs: p.leadMs } : {}),
    }),
  );
