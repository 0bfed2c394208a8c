// The attack planner's input and output (planner.ts has the rules; planner-engine.ts and target-order.ts
// work on these types without importing the planner itself).
import type { Coord } from "../game/coords.js";
import type { NightBonusWindow } from "../game/night-bonus.js";
import type { UnitSpeedTable } from "../game/travel.js";
import type { UnitCounts } from "../units.js";
import type { AttackData, AttackType } from "./attack.js";

export const plannerAlgorithms = ["nearest", "random"] as const;
export type PlannerAlgorithm = (typeof plannerAlgorithms)[number];
export const plannerAlgorithmLabels: Record<PlannerAlgorithm, string> = { nearest: "Nächste zuerst", random: "Zufällig" };


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
