// The attack planner (issue 12): attacker villages × targets → attacks with send times, pure and fast.
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
// - What cannot be served is reported per target and type with the most common reason in German.
// - Work is bounded by reach (see planner-engine.ts); planner-limits.ts bounds a run before it starts.
import type { Coord } from "../game/coords.js";
import type { NightBonusWindow } from "../game/night-bonus.js";
import type { UnitSpeedTable } from "../game/travel.js";
import type { UnitCounts } from "../units.js";
import type { AttackData, AttackType } from "./attack.js";
import { plannerMessages } from "./messages.js";
import { PlannerRun } from "./planner-engine.js";

export const plannerAlgorithms = ["nearest", "random"] as const;
export type PlannerAlgorithm = (typeof plannerAlgorithms)[number];
export const plannerAlgorithmLabels: Record<PlannerAlgorithm, string> = { nearest: "Nächste zuerst", random: "Zufällig" };

export { plannerTypeOrder } from "./planner-engine.js";

export type TypeCounts = Partial<Record<AttackType, number>>;

export interface PlannerAttacker {
  id: number;
  coord: Coord;
  /** Known troops (consumed by planned attacks); absent = unknown. */
  troops?: UnitCounts | null;
  /** This village's player's support boost (Freundschaft 0–0.2); else the plan's `supportBoost`. */
  supportBoost?: number;
  /** Who owns the village (any number per player): with `onePerPlayer`, villages of one player share one slot. */
  player?: number;
}

export interface PlannerTarget {
  coord: Coord;
  villageId?: number;
  /** Attacks wanted on this target by type; else the plan's `counts`. */
  counts?: TypeCounts;
}

export interface PlannerInput {
  attackers: readonly PlannerAttacker[];
  targets: readonly PlannerTarget[];
  /** Arrival window, epoch ms, both ends allowed. */
  window: { from: number; to: number };
  counts?: TypeCounts;
  /** Units each attack of a type sends. */
  templates: Partial<Record<AttackType, UnitCounts>>;
  unitInfo: UnitSpeedTable;
  algorithm: PlannerAlgorithm;
  /** Seed of "random" (default 1). */
  seed?: number;
  avoidNightBonus?: boolean;
  /** The world's night bonus (get_config `<night>`). */
  night?: NightBonusWindow | null;
  /** The world's server time zone (time-zones.ts): the night bonus runs on its hours. */
  timeZone: string;
  supportBoost?: number;
  /** Send times must not lie before now + leadMs (epoch ms); without `now` any send time goes. */
  now?: number;
  leadMs?: number;
  maxAttacksPerUnknownVillage?: number;
  /** Nobles also from villages whose troops are unknown (default false: a noble needs scanned troops). */
  noblesFromUnknownVillages?: boolean;
  /** Nobles walk at most this far (get_config `<snob><max_dist>`); no limit if absent. */
  nobleMaxDistance?: number;
  priorities?: TypeCounts;
  /**
   * Per target and type at most one attack from each `player` ("Verteidigen": one support from every bot's
   * player); villages without a player are not limited.
   */
  onePerPlayer?: boolean;
}

export interface PlannedAttack extends AttackData {
  fromVillageId: number;
  toVillageId?: number;
  travelSeconds: number;
  /** Epoch ms. */
  sendTime: number;
}

export interface UnservedDemand {
  target: Coord;
  toVillageId?: number;
  type: AttackType;
  requested: number;
  planned: number;
  reason: string;
}

export interface PlannerResult {
  /** In planning order (round by round). */
  attacks: PlannedAttack[];
  unserved: UnservedDemand[];
  /** Villages offered to targets while planning (skipped or tried): the work done, for tests of its bounds. */
  visits: number;
}

/** Plans the attacks; a German RangeError for a window that ends before it starts. */
export function planAttacks(input: PlannerInput): PlannerResult {
  const { window } = input;
  if (!Number.isFinite(window.from) || !Number.isFinite(window.to) || window.to < window.from) throw new RangeError(plannerMessages.window);
  const run = new PlannerRun(input);
  run.run();
  return { attacks: run.attacks, unserved: run.unserved(), visits: run.visits };
}
