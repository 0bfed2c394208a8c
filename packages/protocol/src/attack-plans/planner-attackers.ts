// What the planner's attacker villages could send: a preview that plans nothing says why —
// no villages, none scanned, or no village with the troops a template asks for — and offers for each
// such type a template the strongest scanned village can send.
import { units, unitPopWeights, type Unit, type UnitCounts } from "../units.js";
import type { AttackType } from "./attack.js";
import { demandedTypes } from "./planner-limits.js";
import type { PlannerSettings } from "./planner-settings.js";

export interface PlannerAttackerSummary {
  /** Attacker villages the run had. */
  villages: number;
  /** Of them with troops known from a bot's scan. */
  scanned: number;
  /** Per demanded type: the villages that could send its template once (scanned with enough troops, or unknown and allowed). */
  able: Partial<Record<AttackType, number>>;
  /**
   * Per demanded type no village can send: the template cut to what the strongest scanned village has
   * (its units the village lacks left out); absent when no scanned village has any of them.
   */
  fitted: Partial<Record<AttackType, UnitCounts>>;
}

/** Troops of the attacker villages as the planner's worker gets them: `units.length` counts per village. */
export interface AttackerTroops {
  troops: Int32Array;
  known: Uint8Array;
}

function templateEntries(template: UnitCounts | undefined): [number, number][] {
  return Object.entries(template ?? {})
    .filter(([, count]) => (count ?? 0) > 0)
    .map(([unit, count]) => [units.indexOf(unit as Unit), count as number] as [number, number])
    .filter(([u]) => u >= 0);
}

export function summarizeAttackers(attackers: AttackerTroops, settings: Pick<PlannerSettings, "counts" | "templates" | "noblesFromUnknownVillages">): PlannerAttackerSummary {
  const U = units.length;
  const n = attackers.known.length;
  let scanned = 0;
  for (let i = 0; i < n; i++) scanned += attackers.known[i] ? 1 : 0;
  const able: PlannerAttackerSummary["able"] = {};
  const fitted: PlannerAttackerSummary["fitted"] = {};
  for (const type of demandedTypes(settings)) {
    const need = templateEntries(settings.templates[type]);
    if (need.length === 0) continue;
    const unknownAllowed = type !== "conquer" || settings.noblesFromUnknownVillages;
    let count = 0;
    let best = -1;
    let bestValue = 0;
    for (let i = 0; i < n; i++) {
      if (!attackers.known[i]) {
        if (unknownAllowed) count++;
        continue;
      }
      let enough = true;
      let value = 0;
      for (const [u, amount] of need) {
        const have = attackers.troops[i * U + u] ?? 0;
        if (have < amount) enough = false;
        value += Math.min(have, amount) * unitPopWeights[units[u] as Unit];
      }
      if (enough) count++;
      if (value > bestValue) [best, bestValue] = [i, value];
    }
    able[type] = count;
    if (count === 0 && best >= 0) {
      const template: UnitCounts = {};
      for (const [u, amount] of need) {
        const have = Math.min(amount, attackers.troops[best * U + u] ?? 0);
        if (have > 0) template[units[u] as Unit] = have;
      }
      // A noble template without its noble is no noble attack.
      if (type !== "conquer" || (template.snob ?? 0) > 0) fitted[type] = template;
    }
  }
  return { villages: n, scanned, able, fitted };
}
