// Short unit names for the compact unit badges (the full German name shows in the tooltip).
import { unitLabels, units, type Unit } from "@dsbot/protocol";

export const unitShortLabels: Record<Unit, string> = {
  spear: "Speer",
  sword: "Schwert",
  axe: "Axt",
  archer: "Bogen",
  spy: "Späher",
  light: "LKav",
  marcher: "BBogen",
  heavy: "SKav",
  ram: "Ramme",
  catapult: "Kata",
  knight: "Pala",
  snob: "AG",
};

export function isUnit(name: string): name is Unit {
  return (units as readonly string[]).includes(name);
}

/** Units with a count > 0 in the game's order; unknown names last. */
export function unitEntries(counts: Record<string, number>): { unit: string; label: string; short: string; count: number }[] {
  const known = units.filter((u) => (counts[u] ?? 0) > 0).map((u) => ({ unit: u, label: unitLabels[u], short: unitShortLabels[u], count: counts[u] ?? 0 }));
  const other = Object.entries(counts)
    .filter(([name, n]) => !isUnit(name) && n > 0)
    .map(([name, n]) => ({ unit: name, label: name, short: name, count: n }));
  return [...known, ...other];
}
