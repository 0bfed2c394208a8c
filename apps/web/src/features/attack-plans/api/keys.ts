// Query keys of the attack plans: the plan list, one plan, its attacks (every page), its grants and the
// village lookup of the attack form.
import type { AttackSortField, AttackStatus } from "@dsbot/protocol";

export type AttackSortBy = AttackSortField | `-${AttackSortField}`;

export interface AttackListParams {
  activePage: number;
  perPage: number;
  searchVal: string;
  sortBy: AttackSortBy;
  statusFilter: AttackStatus[];
}

export type PlanSortBy = "name" | "-name" | "nextSendTime" | "-nextSendTime" | "updatedAt" | "-updatedAt" | "createdAt" | "-createdAt";

export interface PlanListParams {
  activePage: number;
  perPage: number;
  searchVal: string;
  sortBy: PlanSortBy;
}

export const attackPlanKeys = {
  all: ["attack-plans"] as const,
  lists: ["attack-plans", "list"] as const,
  list: (params: PlanListParams) => ["attack-plans", "list", params] as const,
  detail: (id: number) => ["attack-plans", "detail", id] as const,
  /** Every page of every plan's attacks. */
  allAttacks: ["attack-plans", "attacks"] as const,
  /** Every page of one plan's attacks. */
  attacks: (id: number) => ["attack-plans", "attacks", id] as const,
  attackList: (id: number, params: AttackListParams) => ["attack-plans", "attacks", id, params] as const,
  permissions: (id: number) => ["attack-plans", "permissions", id] as const,
  village: (id: number, coords: string) => ["attack-plans", "village", id, coords] as const,
  /** The start village's last scan (the attack form's warning). */
  villageTroops: (id: number, coords: string) => ["attack-plans", "village-troops", id, coords] as const,
  bots: ["attack-plans", "planner-bots"] as const,
};
