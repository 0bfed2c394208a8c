// A hand-off to an attack plan's planner: the Koordinaten Filter's targets, or the supports for an
// incoming attack ("Verteidigen" on Eingehende Angriffe). It travels as react-router navigation state
// (not in the URL, so links stay short and shareable), and the plan page opens the planner with it once,
// then drops the state so a reload does not open it again.

/** Supports for one village: they must land by `arriveBy` (epoch ms), sent by the user's bots. */
export interface PlannerDefend {
  arriveBy: number;
}

/** Navigation state of /attack-plans/:id that opens the planner with these targets. */
export interface PlannerHandoffState {
  plannerTargets: string;
  plannerDefend?: PlannerDefend;
}

export interface PlannerHandoff {
  targets: string;
  defend: PlannerDefend | null;
}

export function plannerHandoffState(targets: string, defend?: PlannerDefend): PlannerHandoffState {
  return defend ? { plannerTargets: targets, plannerDefend: defend } : { plannerTargets: targets };
}

/** The hand-off in a location's state, or null (other state, none, or no targets). */
export function readPlannerHandoff(state: unknown): PlannerHandoff | null {
  if (typeof state !== "object" || state === null || !("plannerTargets" in state)) return null;
  const { plannerTargets: targets, plannerDefend } = state as { plannerTargets: unknown; plannerDefend?: unknown };
  if (typeof targets !== "string" || targets.trim() === "") return null;
  const arriveBy = (plannerDefend as { arriveBy?: unknown } | undefined)?.arriveBy;
  return { targets, defend: typeof arriveBy === "number" && Number.isFinite(arriveBy) ? { arriveBy } : null };
}
