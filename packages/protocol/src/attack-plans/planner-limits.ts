// What a planner run may cost, decided before it starts: the attacks asked for, the
// attackers × targets × types to weigh, and a window that no village can reach any more. The server
// refuses a request over a limit at once with the German message; the planner's engine then bounds its
// own work by reach (planner-engine.ts) and the server's worker by time.
import { playerSkillCatalog } from "../player-skills.js";
import { slowestUnit, travelSeconds, unitSpeedMinutes, type UnitSpeedTable } from "../game/travel.js";
import { compactUnits, isSupportType, type AttackType } from "./attack.js";
import { plannerMessages } from "./messages.js";
import type { PlannerSettings } from "./planner-settings.js";
import { plannerTypeOrder } from "./planner-engine.js";

/** Attacks one run may ask for (targets × counts): a plan holds at most 50,000. */
export const PLANNER_MAX_DEMAND = 50_000;
/** Attacker villages × targets × types with demand one run may weigh (20,000 × 5,000 × 2). */
export const PLANNER_MAX_WORK = 200_000_000;
/** The fastest a support can walk: Freundschaft at its maximum. */
const MAX_SUPPORT_BOOST = playerSkillCatalog.freundschaft.max / 100;

/** The types the settings ask attacks of (a count above 0). */
export function demandedTypes(settings: Pick<PlannerSettings, "counts">): AttackType[] {
  return plannerTypeOrder.filter((type) => (settings.counts[type] ?? 0) > 0);
}

/**
 * The earliest instant any demanded type could arrive anywhere when sent now: one field away, at its
 * template's slowest unit, supports with the best Freundschaft. Null when no demanded type has a usable
 * template (the planner reports that per target instead).
 */
export function earliestPossibleArrival(settings: Pick<PlannerSettings, "counts" | "templates">, unitInfo: UnitSpeedTable, now: number): number | null {
  let best: number | null = null;
  for (const type of demandedTypes(settings)) {
    try {
      const unit = slowestUnit(compactUnits(settings.templates[type] ?? {}), unitInfo);
      if (!unit) continue;
      const seconds = travelSeconds(1, unitSpeedMinutes(unitInfo, unit), isSupportType(type) ? MAX_SUPPORT_BOOST : 0);
      best = Math.min(best ?? Infinity, now + seconds * 1000);
    } catch {
      continue;
    }
  }
  return best;
}

/** The German reason a run is refused before it starts, or null. `attackers`/`targets`: village counts. */
export function plannerLimitError(
  settings: Pick<PlannerSettings, "counts" | "templates" | "window">,
  sizes: { attackers: number; targets: number },
  unitInfo: UnitSpeedTable,
  now: number,
): string | null {
  const earliest = earliestPossibleArrival(settings, unitInfo, now);
  if (earliest !== null && settings.window.to < earliest) return plannerMessages.windowPast;
  const types = demandedTypes(settings);
  const perTarget = types.reduce((sum, type) => sum + (settings.counts[type] ?? 0), 0);
  const demand = perTarget * sizes.targets;
  if (demand > PLANNER_MAX_DEMAND) return plannerMessages.tooManyAttacks(demand, PLANNER_MAX_DEMAND);
  const work = sizes.attackers * sizes.targets * types.length;
  if (work > PLANNER_MAX_WORK) return plannerMessages.tooMuchWork(sizes.attackers, sizes.targets, types.length, PLANNER_MAX_WORK);
  return null;
}
