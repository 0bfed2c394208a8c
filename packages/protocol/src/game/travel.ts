// Distances, travel times and send/arrival times (docs/GAME-RULES.md). Times are epoch milliseconds.
import { unitLabels, units, type Unit, type UnitCounts } from "../units.js";
import type { Coord } from "./coords.js";
import type { UnitInfoUnit } from "./unit-info.js";

/** Any per-unit table with the world's get_unit_info `speed` (minutes per field, used as is). */
export type UnitSpeedTable = Readonly<Partial<Record<UnitInfoUnit, { readonly speed: number }>>>;

/** Euclidean distance in fields between two villages. */
export function distance(a: Coord, b: Coord): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  return Math.sqrt(dx * dx + dy * dy);
}

/**
 * Whole seconds to walk `distance` fields at `speedMinutes` per field (get_unit_info's speed as is),
 * shortened by a support boost (Freundschaft 20 % → 0.2): round(distance × speed × 60 / (1 + boost)).
 * The plain walk is the game's (checked to the second against its commands, travel.test.ts).
 * Assumption (docs/GAME-RULES.md): the boost applies as a speed bonus, dividing the time by 1 + boost
 * (the game's "Unterstützungen sind x % schneller"), rounded once at the end like any walk; a game that
 * took x % off the time instead would give 1 − boost (20 %: 4 800 s instead of 5 000 s on 6 000 s).
 */
export function travelSeconds(distanceFields: number, speedMinutes: number, boost = 0): number {
  if (!(distanceFields >= 0) || !Number.isFinite(distanceFields)) throw new RangeError(`Ungültige Entfernung: ${distanceFields}`);
  if (!(speedMinutes > 0) || !Number.isFinite(speedMinutes)) throw new RangeError(`Ungültige Geschwindigkeit: ${speedMinutes}`);
  if (!(boost >= 0) || !Number.isFinite(boost)) throw new RangeError(`Ungültiger Bonus: ${boost}`);
  return Math.round((distanceFields * speedMinutes * 60) / (1 + boost));
}

/** When to send so the command arrives at `arrivalMs` (milliseconds kept). */
export function sendTime(arrivalMs: number, travel: number): number {
  return arrivalMs - travel * 1000;
}

/** When a command sent at `sendMs` arrives (milliseconds kept). */
export function arrivalTime(sendMs: number, travel: number): number {
  return sendMs + travel * 1000;
}

/** The world's minutes per field of a unit; a RangeError in German if the world lacks the unit. */
export function unitSpeedMinutes(unitInfo: UnitSpeedTable, unit: UnitInfoUnit): number {
  const speed = unitInfo[unit]?.speed;
  if (speed === undefined) {
    const label = unit === "militia" ? "Miliz" : unitLabels[unit];
    throw new RangeError(`Die Einheit „${label}“ gibt es auf dieser Welt nicht.`);
  }
  return speed;
}

/**
 * The slowest unit with a count > 0 (the largest minutes per field; on a tie the first in the game's
 * order, e.g. ram before catapult), or null for no troops. A RangeError if the world lacks one of them.
 */
export function slowestUnit(counts: UnitCounts, unitInfo: UnitSpeedTable): Unit | null {
  let slowest: Unit | null = null;
  let slowestSpeed = -Infinity;
  for (const unit of units) {
    if (!((counts[unit] ?? 0) > 0)) continue;
    const speed = unitSpeedMinutes(unitInfo, unit);
    if (speed > slowestSpeed) {
      slowest = unit;
      slowestSpeed = speed;
    }
  }
  return slowest;
}

/** The unit that sets a command's travel time: the explicit one if given, else the slowest sent. */
export function travelUnit(counts: UnitCounts, unitInfo: UnitSpeedTable, explicitUnit?: Unit | null): Unit | null {
  if (explicitUnit) {
    unitSpeedMinutes(unitInfo, explicitUnit);
    return explicitUnit;
  }
  return slowestUnit(counts, unitInfo);
}

/** Travel seconds of `unit` from one village to another on the world of `unitInfo`. */
export function unitTravelSeconds(from: Coord, to: Coord, unit: UnitInfoUnit, unitInfo: UnitSpeedTable, boost = 0): number {
  return travelSeconds(distance(from, to), unitSpeedMinutes(unitInfo, unit), boost);
}
