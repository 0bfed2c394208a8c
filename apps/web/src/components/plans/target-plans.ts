// The attack plans something can go to (the coordinate filter's targets, an incoming's supports): the
// user's plans on a world that the user may edit (GET /api/attack-plans, most recently changed first),
// and a new plan on that world (POST /api/attack-plans). Keyed under the plan lists' prefix, so the plan pages refresh them too.
import type { AttackPlan, AttackPlanCreate, World } from "@dsbot/protocol";
import { attackPlanRoutes, canEditPlan } from "@dsbot/protocol";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { api } from "@/lib/api";

/** Plans asked for at once (the list route's page maximum); a search finds older ones. */
export const TARGET_PLANS_MAX = 100;

const plansListPrefix = ["attack-plans", "list"] as const;
const targetPlansKey = (search: string) => [...plansListPrefix, "choose-plan", search] as const;

const NO_PLANS: readonly AttackPlan[] = [];

export interface TargetPlans {
  plans: readonly AttackPlan[];
  /** Plans of every world and access the answer left out (more than TARGET_PLANS_MAX match). */
  truncated: boolean;
  isPending: boolean;
  error: Error | null;
  refetch: () => void;
}

/** The editable plans of `world` whose name matches `search` (server-side), newest change first. */
export function useTargetPlans(world: World, search: string): TargetPlans {
  const query = useQuery({
    queryKey: targetPlansKey(search),
    queryFn: ({ signal }) =>
      api.call(attackPlanRoutes.list, {
        query: { activePage: 1, perPage: TARGET_PLANS_MAX, searchVal: search, sortBy: "-updatedAt" },
        signal,
      }),
    placeholderData: keepPreviousData,
    // Plans change on their own pages: opening the dialog always asks again.
    staleTime: 0,
  });
  const data = query.data;
  const plans = useMemo(
    () =>
      data?.attackPlans.filter((plan) => plan.world.server === world.server && plan.world.world === world.world && canEditPlan(plan.access)) ??
      NO_PLANS,
    [data, world.server, world.world],
  );
  return {
    plans,
    truncated: (data?.totals ?? 0) > (data?.attackPlans.length ?? 0),
    isPending: query.isPending,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}

export function useCreateTargetPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AttackPlanCreate) => api.call(attackPlanRoutes.create, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: plansListPrefix }),
  });
}
