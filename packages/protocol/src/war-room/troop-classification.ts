// Truppen: a village's army by population share. Offensive units (axe, light and mounted
// archers, rams, catapults) against defensive ones (spear, sword, archer, heavy cavalry), weighted by
// the population weights of units.ts; scouts, the paladin and nobles count for neither.
import { population, unitPopWeights, units, type Unit, type UnitCounts } from "../units.js";

export const offensiveUnits = ["axe", "light", "marcher", "ram", "catapult"] as const satisfies readonly Unit[];
export const defensiveUnits = ["spear", "sword", "archer", "heavy"] as const satisfies readonly Unit[];

export const troopClasses = ["off", "def", "mixed", "empty"] as const;
export type TroopClass = (typeof troopClasses)[number];
export const troopClassLabels: Record<TroopClass, string> = { off: "Off", def: "Def", mixed: "Gemischt", empty: "Leer" };

/** Below this population of fighting units a village counts as empty. */
export const TROOP_CLASS_MIN_POPULATION = 500;
/** Share of the fighting population that makes a village Off or Def. */
export const TROOP_CLASS_SHARE = 0.75;

function popOf(counts: UnitCounts, list: readonly Unit[]): number {
  let total = 0;
  for (const unit of list) total += (counts[unit] ?? 0) * unitPopWeights[unit];
  return total;
}

export interface TroopPopulation {
  total: number;
  off: number;
  def: number;
}

export function troopPopulation(counts: UnitCounts): TroopPopulation {
  return { total: population(counts), off: popOf(counts, offensiveUnits), def: popOf(counts, defensiveUnits) };
}

export function classifyTroops(counts: UnitCounts): TroopClass {
  const { off, def } = troopPopulation(counts);
  const fighting = off + def;
  if (fighting < TROOP_CLASS_MIN_POPULATION) return "empty";
  if (off >= fighting * TROOP_CLASS_SHARE) return "off";
  if (def >= fighting * TROOP_CLASS_SHARE) return "def";
  return "mixed";
}

/** The sum of several unit counts (only counts > 0 kept). */
export function addUnitCounts(...list: readonly UnitCounts[]): UnitCounts {
  const sum: UnitCounts = {};
  for (const unit of units) {
    let n = 0;
    for (const counts of list) n += counts[unit] ?? 0;
    if (n > 0) sum[unit] = n;
  }
  return sum;
}
