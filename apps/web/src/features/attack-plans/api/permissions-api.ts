// Access grants of a plan (owner and admins): GET /api/attack-plans/{id}/permissions,
// POST/DELETE /api/attack-plans/{id}/permission/user/{userId} with `{ level }`.
import type { AttackPlanGrantLevel } from "@dsbot/protocol";
import { attackPlanRoutes } from "@dsbot/protocol";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { attackPlanKeys } from "./keys";

export function planPermissionsQueryOptions(planId: number) {
  return queryOptions({
    queryKey: attackPlanKeys.permissions(planId),
    queryFn: ({ signal }) => api.call(attackPlanRoutes.permissions, { params: { id: planId }, signal }),
  });
}

/** Grant or change a level (the same call). */
export function useGrantPlan(planId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, level }: { userId: number; level: AttackPlanGrantLevel }) =>
      api.call(attackPlanRoutes.grant, { params: { id: planId, userId }, body: { level } }),
    onSuccess: () => client.invalidateQueries({ queryKey: attackPlanKeys.permissions(planId) }),
  });
}

export function useRevokePlan(planId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.call(attackPlanRoutes.revoke, { params: { id: planId, userId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: attackPlanKeys.permissions(planId) }),
  });
}
