// REST of one plan's attacks: the table page (server-side paging, sorting, search), add/edit/delete,
// bulk actions and the village lookup of the attack form.
import type { AttackBulk, RouteBody } from "@dsbot/protocol";
import { attackPlanRoutes } from "@dsbot/protocol";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { attackPlanKeys, type AttackListParams } from "./keys";
import { invalidatePlan } from "./plans-api";

export function attacksQueryOptions(planId: number, params: AttackListParams) {
  return queryOptions({
    queryKey: attackPlanKeys.attackList(planId, params),
    queryFn: ({ signal }) =>
      api.call(attackPlanRoutes.attacks, {
        params: { id: planId },
        query: { ...params, statusFilter: params.statusFilter },
        signal,
      }),
  });
}

/** The body of POST/PUT: coordinates as `x|y`, arrival in epoch ms (milliseconds kept). */
export type AttackBody = RouteBody<typeof attackPlanRoutes.createAttack>;

export function useSaveAttack(planId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: AttackBody }) =>
      id === undefined
        ? api.call(attackPlanRoutes.createAttack, { params: { id: planId }, body })
        : api.call(attackPlanRoutes.updateAttack, { params: { id: planId, attackId: id }, body }),
    onSuccess: () => invalidatePlan(client, planId),
  });
}

/** The body of POST …/attacks/train: the nobles' attack plus the train's count, spacing and clearing units. */
export type AttackTrainBody = RouteBody<typeof attackPlanRoutes.createTrain>;

export function useAddAttackTrain(planId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AttackTrainBody) => api.call(attackPlanRoutes.createTrain, { params: { id: planId }, body }),
    onSuccess: () => invalidatePlan(client, planId),
  });
}

export function useDeleteAttack(planId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(attackPlanRoutes.removeAttack, { params: { id: planId, attackId: id } }),
    onSuccess: () => invalidatePlan(client, planId),
  });
}

export function useBulkAttacks(planId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AttackBulk) => api.call(attackPlanRoutes.bulk, { params: { id: planId }, body }),
    onSuccess: () => invalidatePlan(client, planId),
  });
}

/** The village on `x|y` of the plan's world (name and player), null when there is none. */
export function villageLookupQueryOptions(planId: number, coords: string) {
  return queryOptions({
    queryKey: attackPlanKeys.village(planId, coords),
    queryFn: ({ signal }) =>
      api.call(attackPlanRoutes.village, { params: { id: planId }, query: { coords }, signal }),
    staleTime: 5 * 60_000,
  });
}
