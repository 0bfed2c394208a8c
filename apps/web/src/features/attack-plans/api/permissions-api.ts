// Access grants of a plan (owner and admins): GET /api/attack-plans/{id}/permissions,
// POST/DELETE /api/attack-plans/{id}/permission/user/{userId} with `{ level }`.
import type { AttackPlanGrantLevel, AttackPlanPermissionsResponse, UserListResponse, UserLookupResponse } from "@dsbot/protocol";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { attackPlanKeys } from "./keys";

export function planPermissionsQueryOptions(planId: number) {
  return queryOptions({
    queryKey: attackPlanKeys.permissions(planId),
    queryFn: ({ signal }) => api.get<AttackPlanPermissionsResponse>(`/api/attack-plans/${planId}/permissions`, { signal }),
  });
}

/** Grant or change a level (the same call). */
export function useGrantPlan(planId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, level }: { userId: number; level: AttackPlanGrantLevel }) =>
      api.post(`/api/attack-plans/${planId}/permission/user/${userId}`, { level }),
    onSuccess: () => client.invalidateQueries({ queryKey: attackPlanKeys.permissions(planId) }),
  });
}

export function useRevokePlan(planId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.delete(`/api/attack-plans/${planId}/permission/user/${userId}`),
    onSuccess: () => client.invalidateQueries({ queryKey: attackPlanKeys.permissions(planId) }),
  });
}

/** The one user with exactly this name (case does not matter); 404 when there is none. */
export function useLookupUser() {
  return useMutation({
    mutationFn: (username: string) => api.get<UserLookupResponse>("/api/users/lookup", { params: { username } }),
  });
}

/** Admins only: usernames matching a search, offered while typing. */
export function userSuggestionsQueryOptions(search: string) {
  return queryOptions({
    queryKey: attackPlanKeys.userSuggestions(search),
    queryFn: ({ signal }) => api.get<UserListResponse>("/api/users", { params: { searchVal: search, perPage: 10, activePage: 1 }, signal }),
    enabled: search.length > 0,
  });
}
