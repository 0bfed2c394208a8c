// The units of an attack in the game's order, for the unit cells (icon and count, the full German name
// as tooltip and accessible name).
import { unitLabels, units, type Unit } from "@dsbot/protocol";

export function isUnit(name: string): name is Unit {
  return (units as readonly string[]).includes(name);
}

/** Units with a count > 0 in the game's order; unknown names last. */
export function unitEntries(counts: Record<string, number>): { unit: string; label: string; count: number }[] {
  const known = units.filter((u) => (counts[u] ?? 0) > 0).map((u) => ({ unit: u, label: unitLabels[u], count: counts[u] ?? 0 }));
  const other = Object.entries(counts)
    .filter(([name, n]) => !isUnit(name) && n > 0)
    .map(([name, n]) => ({ unit: name, label: name, count: n }));
  return [...known, ...other];
}
