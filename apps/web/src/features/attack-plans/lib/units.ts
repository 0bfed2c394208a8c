// The units of an attack in the game's order, for the unit cells (icon and count, the full German name
// as tooltip and accessible name), and its DS Workbench formulas.
import { unitLabels, units, type Unit, type UnitFormulas } from "@dsbot/protocol";

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

/** The formulas that say something (trimmed, blank ones dropped), in the game's order; undefined when none. */
export function formulasOf(formulas: Partial<Record<string, string>> | undefined): UnitFormulas | undefined {
  if (!formulas) return undefined;
  const out: UnitFormulas = {};
  for (const unit of units) {
    const text = formulas[unit]?.trim();
    if (text) out[unit] = text;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Units with a formula in the game's order, for the unit cells. */
export function formulaEntries(formulas: Partial<Record<string, string>> | undefined): { unit: Unit; label: string; formula: string }[] {
  const known = formulasOf(formulas) ?? {};
  return units.filter((u) => known[u] !== undefined).map((u) => ({ unit: u, label: unitLabels[u], formula: known[u] as string }));
}
