// REST of the user administration (admin): list, create, detail, update, delete, revoke sessions and runners.
import type { UserCreate, UserSortField, UserUpdate } from "@dsbot/protocol";
import { dsbotRoutes, userRoutes } from "@dsbot/protocol";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { useSession } from "@/lib/session";

export interface UserListParams {
  activePage: number;
  perPage: number;
  searchVal: string;
  sortBy: UserSortField | `-${UserSortField}`;
}

export const userKeys = {
  all: ["users"] as const,
  list: (params: UserListParams) => ["users", "list", params] as const,
  detail: (id: number) => ["users", "detail", id] as const,
  bots: (id: number) => ["users", "bots", id] as const,
  botSuggestions: (search: string) => ["users", "bot-suggestions", search] as const,
};

/** The bots the user owns or was granted (Benutzerdetail). */
export function userBotsQueryOptions(id: number) {
  return queryOptions({
    queryKey: userKeys.bots(id),
    queryFn: ({ signal }) => api.call(userRoutes.bots, { params: { id }, signal }),
  });
}

/** Bots whose player matches a search (admins see every bot), offered when granting one. */
export function botSuggestionsQueryOptions(search: string) {
  return queryOptions({
    queryKey: userKeys.botSuggestions(search),
    queryFn: ({ signal }) => api.call(dsbotRoutes.list, { query: { searchVal: search, perPage: 10, activePage: 1 }, signal }),
  });
}

/** Grant (POST) or revoke (DELETE) the user's access to a bot through the bot's permission route. */
export function useUserBotAccess(userId: number, method: "POST" | "DELETE") {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (botId: number) =>
      api.call(method === "POST" ? dsbotRoutes.grantPermission : dsbotRoutes.revokePermission, { params: { id: botId, userId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.bots(userId) }),
  });
}

export function usersQueryOptions(params: UserListParams) {
  return queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => api.call(userRoutes.list, { query: { ...params }, signal }),
  });
}

export function userQueryOptions(id: number) {
  return queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => api.call(userRoutes.detail, { params: { id }, signal }),
  });
}

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UserCreate) => api.call(userRoutes.create, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useUpdateUser(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UserUpdate) => api.call(userRoutes.update, { params: { id }, body }),
    onSuccess: ({ user }) => {
      // Editing oneself (e.g. the world) updates the header right away.
      const session = useSession.getState();
      if (session.user?.id === user.id) session.setUser(user);
      return client.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}

export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(userRoutes.remove, { params: { id } }),
    // Only the lists: the deleted user's open detail page leaves on its own (see user-detail-route).
    onSuccess: () => client.invalidateQueries({ queryKey: ["users", "list"] }),
  });
}

export function useRevokeUserSessions(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(userRoutes.revokeSessions, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.detail(id) }),
  });
}

export function useRevokeUserRunner(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (runnerId: number) => api.call(userRoutes.revokeRunner, { params: { id, runnerId } }),
    // Also after a 404 (the runner was already gone): the list on screen is stale either way.
    onSettled: () => client.invalidateQueries({ queryKey: userKeys.detail(id) }),
  });
}
