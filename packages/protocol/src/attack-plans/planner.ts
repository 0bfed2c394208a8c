// The attack planner: attacker villages × targets → attacks with send times, pure and fast.
//
// Rules:
// - Demand is per target and type (the target's own counts, else the plan's). It is served in rounds —
//   every target's first attack of a type before any target's second — so early targets cannot take
//   all the near villages; types claim troops in `plannerTypeOrder` (nobles are the scarcest).
// - A village with known troops may send any number of attacks while its remaining troops cover the
//   type's template (troops are consumed; a noble train of four from one village needs four nobles).
//   A village with unknown troops sends at most `maxAttacksPerUnknownVillage` attacks (default 1).
// - "nearest" offers each target its villages by distance (ties in input order), "random" in a shuffle
//   seeded per target from `seed`; both are deterministic.
// - Arrival: inside the window and, with night-bonus avoidance, outside the night bonus (shifted to the
//   next allowed instant, or the village cannot serve). "nearest" takes the earliest allowed arrival
//   the village can still make (send time ≥ now + lead when `now` is given), "random" a seeded random
//   one. Supports (and fake supports) walk with the sender's Freundschaft boost.
// - Each target's nobles land as one closed train, noble i at T + i × 100 ms, its clearing attacks 100 ms
//   before the first (target-order.ts); nobles no train has room for are reported.
// - What cannot be served is reported per target and type with the most common reason in German.
// - Work is bounded by reach (see planner-engine.ts); planner-limits.ts bounds a run before it starts.
import { plannerMessages } from "./messages.js";
import { PlannerRun } from "./planner-engine.js";
import type { PlannerInput, PlannerResult } from "./planner-types.js";

export * from "./planner-types.js";
export { plannerTypeOrder } from "./planner-engine.js";

/** Plans the attacks; a German RangeError for a window that ends before it starts. */
export function planAttacks(input: PlannerInput): PlannerResult {
  const { window } = input;
  if (!Number.isFinite(window.from) || !Number.isFinite(window.to) || window.to < window.from) throw new RangeError(plannerMessages.window);
  const run = new PlannerRun(input);
  run.run();
  return { attacks: run.attacks, unserved: run.unserved(), visits: run.visits };
}
