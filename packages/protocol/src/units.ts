// The game's units, their German names and their population weights.
import { z } from "zod";

export const units = [
  "spear",
  "sword",
  "axe",
  "archer",
  "spy",
  "light",
  "marcher",
  "heavy",
  "ram",
  "catapult",
  "knight",
  "snob",
] as const;
export type Unit = (typeof units)[number];
export const unitSchema = z.enum(units, { error: "Unbekannte Einheit" });

export const unitLabels: Record<Unit, string> = {
  spear: "Speerträger",
  sword: "Schwertkämpfer",
  axe: "Axtkämpfer",
  archer: "Bogenschütze",
  spy: "Späher",
  light: "Leichte Kavallerie",
  marcher: "Berittener Bogenschütze",
  heavy: "Schwere Kavallerie",
  ram: "Rammbock",
  catapult: "Katapult",
  knight: "Paladin",
  snob: "Adelsgeschlecht",
};

/** Unit point weights for the population calculation. */
export const unitPopWeights: Record<Unit, number> = {
  spear: 1,
  sword: 1,
  axe: 1,
  archer: 1,
  spy: 2,
  light: 4,
  marcher: 5,
  heavy: 6,
  ram: 5,
  catapult: 8,
  snob: 100,
  knight: 10,
};

export type UnitCounts = Partial<Record<Unit, number>>;

/** Population of a set of units by the weights above. */
export function population(counts: UnitCounts): number {
  let total = 0;
  for (const unit of units) total += (counts[unit] ?? 0) * unitPopWeights[unit];
  return total;
}

/** Non-negative whole unit counts; absent units count as zero. */
/** One unit count (0 to a million). */
export const unitCountSchema = z.number({ error: "Bitte gib eine gültige Zahl ein" }).int("Nur ganze Zahlen").min(0, "Mindestens 0").max(1_000_000, "Höchstens 1000000");
export const unitCountsSchema = z.partialRecord(unitSchema, unitCountSchema);

export const resources = ["wood", "stone", "iron"] as const;
export type Resource = (typeof resources)[number];
export const resourceLabels: Record<Resource, string> = { wood: "Holz", stone: "Lehm", iron: "Eisen" };
