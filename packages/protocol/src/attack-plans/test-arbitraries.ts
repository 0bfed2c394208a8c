// fast-check generators and fixtures shared by the attack-plan tests (not exported by the package).
import fc from "fast-check";
import type { UnitSpeedTable } from "../game/travel.js";
import { baseUnitSpeeds } from "../game/unit-info.js";
import { units, type Unit, type UnitCounts } from "../units.js";
import { attackTypes, slowestUnitOnAnyWorld, sameSpeed, ARRIVAL_MAX_MS, ARRIVAL_MIN_MS, type AttackData } from "./attack.js";

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
  .chain((a) => unitFor(a.units).map((unit) => ({ ...a, unit })));
