// The hand-off from the Koordinaten Filter to an attack plan's planner: the filtered coordinates travel
// as react-router navigation state (not in the URL, so links stay short and shareable), and the plan
// page opens the planner with them once, then drops the state so a reload does not open it again.

/** Navigation state of /attack-plans/:id that opens the planner with these targets. */
export interface PlannerHandoffState {
  plannerTargets: string;
}

export function plannerHandoffState(targets: string): PlannerHandoffState {
  return { plannerTargets: targets };
}

/** The targets handed over in a location's state, or null (other state, none, or empty text). */
export function readPlannerHandoff(state: unknown): string | null {
  if (typeof state !== "object" || state === null || !("plannerTargets" in state)) return null;
  const targets = (state as { plannerTargets: unknown }).plannerTargets;
  return typeof targets === "string" && targets.trim() !== "" ? targets : null;
}
