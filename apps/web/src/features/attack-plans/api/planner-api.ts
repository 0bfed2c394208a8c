// The planner (POST /api/attack-plans/{id}/planner): a preview, or the planned attacks added (save).
// The attacker bots come from the user's bot list.
import type { PlannerRequest } from "@dsbot/protocol";
import { attackPlanRoutes, botStatusFilterOrder, dsbotRoutes } from "@dsbot/protocol";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { attackPlanKeys } from "./keys";
import { invalidatePlan } from "./plans-api";

export function usePlanner(planId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PlannerRequest) => api.call(attackPlanRoutes.planner, { params: { id: planId }, body }),
    onSuccess: (answer) => (answer.saved > 0 ? invalidatePlan(client, planId) : undefined),
  });
}

/** The bots the user may use (up to 100, by player name). */
export function plannerBotsQueryOptions() {
  return queryOptions({
    queryKey: attackPlanKeys.bots,
    queryFn: ({ signal }) =>
      api.call(dsbotRoutes.list, {
        query: { activePage: 1, perPage: 100, sortBy: "player", statusFilter: [...botStatusFilterOrder] },
        signal,
      }),
  });
}
