// What the planner (planner-engine.ts) knows of each attack type before it plans: the template's units,
// the slowest unit and its speed, the priority, the noble range and the reach (how far a village may be
// from a target and still arrive in the window from now), or why the type cannot be planned at all; and
// the reasons a village could not serve a target, with the German text of the most common one.
import { slowestUnit, unitSpeedMinutes } from "../game/travel.js";
import { units, type Unit, type UnitCounts } from "../units.js";
import { attackTypeLabels, compactUnits, isSupportType, ATTACK_PRIORITY_DEFAULT, type AttackType } from "./attack.js";
import { plannerMessages } from "./messages.js";
import type { PlannerAttacker, PlannerInput } from "./planner-types.js";

// Why a village could not serve a target and type; counted to name the most common reason.
export const SAME = 0;
export const NOBLE = 1;
export const TROOPS = 2;
export const USED = 3;
export const LATE = 4;
export const UNKNOWN = 5;
export const REASONS = 6;

export interface TypePlan {
  type: AttackType;
  template: UnitCounts;
  /** Unit indices and counts of the template, for the troop check. */
  need: [number, number][];
  unit: Unit;
  speed: number;
  noble: boolean;
  priority: number;
  /** Why the type cannot be planned at all (no template, unit not on the world). */
  error: string | null;
  /** Farthest distance (fields, generous by a second) any village can still arrive from; Infinity without `now`. */
  reach: number;
  /** The noble range for noble templates, else Infinity. */
  range: number;
}

export function typePlan(type: AttackType, input: PlannerInput): TypePlan {
  const template = compactUnits(input.templates[type] ?? {});
  const need = units.flatMap((unit, u): [number, number][] => ((template[unit] ?? 0) > 0 ? [[u, template[unit] as number]] : []));
  const priority = input.priorities?.[type] ?? ATTACK_PRIORITY_DEFAULT;
  const noble = (template.snob ?? 0) > 0;
  const range = noble && input.nobleMaxDistance !== undefined ? input.nobleMaxDistance : Infinity;
  const plan = { type, template, need, unit: "spear" as Unit, speed: 1, noble, priority, reach: Infinity, range };
  try {
    const unit = slowestUnit(template, input.unitInfo);
    if (!unit) return { ...plan, error: plannerMessages.noTemplate(attackTypeLabels[type]) };
    return { ...plan, unit, speed: unitSpeedMinutes(input.unitInfo, unit), error: null };
  } catch (error) {
    return { ...plan, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The boost a village's support walks with (0 for attacks). */
export function boostOf(type: AttackType, attacker: PlannerAttacker, input: PlannerInput): number {
  return isSupportType(type) ? (attacker.supportBoost ?? input.supportBoost ?? 0) : 0;
}

/**
 * Farthest distance a unit of `speed` minutes per field walking with `boost` may have to reach an
 * arrival ≤ `latest` when it leaves at `earliestSend` or later: travel rounds to whole seconds, so one
 * second of slack keeps this an upper bound (the exact check is the engine's `tryVillage`).
 */
export function reachFields(latest: number, earliestSend: number, speed: number, boost: number): number {
  const seconds = (latest - earliestSend) / 1000;
  if (!(seconds >= 0)) return -1;
  return ((seconds + 1) * (1 + boost)) / (speed * 60);
}

/** Sets each type's reach from its last allowed arrival `latestOf(p)` (only with `now`). */
export function setReach(plans: TypePlan[], input: PlannerInput, latestOf: (p: TypePlan) => number): void {
  if (input.now === undefined) return;
  const earliestSend = input.now + (input.leadMs ?? 0);
  for (const p of plans) {
    if (p.error) continue;
    let boost = 0;
    for (const a of input.attackers) boost = Math.max(boost, boostOf(p.type, a, input));
    p.reach = reachFields(latestOf(p), earliestSend, p.speed, boost);
  }
}

/**
 * Kills (type k, village i, reason) every village for which every target lies beyond the type's reach
 * (or noble range), measured to the targets' bounding box: a lower bound of the nearest target's
 * distance, enough for a window nobody can make (reach < 0) and for villages far from all targets, at
 * O(1) per village. Answers the villages looked at.
 */
export function dropOutOfReach(plans: TypePlan[], input: PlannerInput, latestOf: (p: TypePlan) => number, kill: (k: number, i: number, reason: number) => void): number {
  const limited = plans.some((p) => !p.error && (p.reach !== Infinity || p.range !== Infinity));
  if (!limited || input.targets.length === 0) return 0;
  const earliestSend = (input.now ?? 0) + (input.leadMs ?? 0);
  let [x0, x1, y0, y1] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const { coord } of input.targets) {
    [x0, x1, y0, y1] = [Math.min(x0, coord.x), Math.max(x1, coord.x), Math.min(y0, coord.y), Math.max(y1, coord.y)];
  }
  input.attackers.forEach((attacker, i) => {
    const dx = Math.max(x0 - attacker.coord.x, 0, attacker.coord.x - x1);
    const dy = Math.max(y0 - attacker.coord.y, 0, attacker.coord.y - y1);
    const nearest = Math.sqrt(dx * dx + dy * dy);
    plans.forEach((p, k) => {
      if (p.error) return;
      const own = input.now === undefined ? Infinity : reachFields(latestOf(p), earliestSend, p.speed, boostOf(p.type, attacker, input));
      if (nearest > p.range) kill(k, i, NOBLE);
      else if (nearest > own) kill(k, i, LATE);
    });
  });
  return input.attackers.length;
}

/** The German text of the most common reason counted in `fails` (indexed by reason). */
export function commonReason(fails: Int32Array, nobleMaxDistance: number | undefined): string {
  let best = TROOPS;
  for (let r = 0; r < REASONS; r++) if ((fails[r] as number) > (fails[best] as number)) best = r;
  // On a tie, the reason the user can act on: allow nobles from villages without a scan.
  if ((fails[UNKNOWN] as number) > 0 && (fails[UNKNOWN] as number) >= (fails[best] as number)) best = UNKNOWN;
  if (best === SAME) return plannerMessages.sameVillage;
  if (best === NOBLE) return plannerMessages.nobleRange(nobleMaxDistance ?? 0);
  if (best === USED) return plannerMessages.used;
  if (best === LATE) return plannerMessages.late;
  if (best === UNKNOWN) return plannerMessages.unknownTroops;
  return plannerMessages.troops;
}
