// REST of one plan's attacks: the table page (server-side paging, sorting, search), add/edit/delete,
// bulk actions and the village lookup of the attack form.
import type {
  AttackBulk,
  AttackBulkResponse,
  AttackListResponse,
  AttackResponse,
  AttackTrainResponse,
  AttackVillageLookupResponse,
} from "@dsbot/protocol";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { attackPlanKeys, type AttackListParams } from "./keys";
import { invalidatePlan } from "./plans-api";

export function attacksQueryOptions(planId: number, params: AttackListParams) {
  return queryOptions({
    queryKey: attackPlanKeys.attackList(planId, params),
    queryFn: ({ signal }) =>
      api.get<AttackListResponse>(`/api/attack-plans/${planId}/attacks`, {
        params: { ...params, statusFilter: params.statusFilter },
        signal,
      }),
  });
}

/** The body of POST/PUT: coordinates as `x|y`, arrival in epoch ms (milliseconds kept). */
export interface AttackBody {
  from: string;
  to: string;
  type: string;
  units: Record<string, number>;
  /** DS Workbench formulas by unit ("alle-100"). */
  formulas?: Record<string, string>;
  unit?: string;
  arrival: number;
  priority: number;
}

export function useSaveAttack(planId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: AttackBody }) =>
      id === undefined
        ? api.post<AttackResponse>(`/api/attack-plans/${planId}/attacks`, body)
        : api.put<AttackResponse>(`/api/attack-plans/${planId}/attacks/${id}`, body),
    onSuccess: () => invalidatePlan(client, planId),
  });
}

/** The body of POST …/attacks/train: the nobles' attack plus the train's count, spacing and clearing units. */
export interface AttackTrainBody extends AttackBody {
  nobles: number;
  spacingMs: number;
  clearUnits?: Record<string, number>;
}

export function useAddAttackTrain(planId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AttackTrainBody) => api.post<AttackTrainResponse>(`/api/attack-plans/${planId}/attacks/train`, body),
    onSuccess: () => invalidatePlan(client, planId),
  });
}

export function useDeleteAttack(planId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/attack-plans/${planId}/attacks/${id}`),
    onSuccess: () => invalidatePlan(client, planId),
  });
}

export function useBulkAttacks(planId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AttackBulk) => api.post<AttackBulkResponse>(`/api/attack-plans/${planId}/attacks/bulk`, body),
    onSuccess: () => invalidatePlan(client, planId),
  });
}

/** The village on `x|y` of the plan's world (name and player), null when there is none. */
export function villageLookupQueryOptions(planId: number, coords: string) {
  return queryOptions({
    queryKey: attackPlanKeys.village(planId, coords),
    queryFn: ({ signal }) =>
      api.get<AttackVillageLookupResponse>(`/api/attack-plans/${planId}/villages`, { params: { coords }, signal }),
    staleTime: 5 * 60_000,
  });
}
