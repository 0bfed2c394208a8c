// REST of Stamm: my tribes (or, for admins, all), one tribe, founding and joining, the leader's
// management (settings, members, invitations) and a member's own choices and leaving.
import type {
  TribeCreate,
  TribeInviteCreate,
  TribeJoin,
  TribeListResponse,
  TribeMemberUpdate,
  TribeMeUpdate,
  TribeResponse,
  TribeUpdate,
  World,
} from "@dsbot/protocol";
import { tribeRoutes } from "@dsbot/protocol";
import { queryOptions, useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type TribeScope = "mine" | "all";

export const tribeKeys = {
  all: ["tribes"] as const,
  lists: ["tribes", "list"] as const,
  list: (scope: TribeScope) => ["tribes", "list", scope] as const,
  detail: (id: number) => ["tribes", "detail", id] as const,
  invites: (id: number) => ["tribes", "invites", id] as const,
  /** Stammes-Eingänge, every filter and page of it (tribe-board-api.ts). */
  board: (id: number) => ["tribes", "board", id] as const,
  /** Its open support requests (tribe-requests-api.ts): under the board, so what loads the board again loads them too. */
  requests: (id: number) => ["tribes", "board", id, "requests"] as const,
};

export const tribesQueryOptions = (scope: TribeScope) =>
  queryOptions({
    queryKey: tribeKeys.list(scope),
    queryFn: ({ signal }) => api.call(tribeRoutes.list, { query: { scope }, signal }),
  });

export const tribeQueryOptions = (id: number) =>
  queryOptions({
    queryKey: tribeKeys.detail(id),
    queryFn: ({ signal }) => api.call(tribeRoutes.detail, { params: { id }, signal }),
  });

export const tribeInvitesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: tribeKeys.invites(id),
    queryFn: ({ signal }) => api.call(tribeRoutes.invites, { params: { id }, signal }),
  });

export function sameWorld(a: World | null | undefined, b: World | null | undefined): boolean {
  return Boolean(a && b && a.server === b.server && a.world === b.world);
}

/** The tribe as the server answered it now: its detail at once, the lists (names, counts, roles) again. */
function storeTribe(client: QueryClient, answer: TribeResponse): Promise<void> {
  client.setQueryData(tribeKeys.detail(answer.tribe.id), answer);
  return client.invalidateQueries({ queryKey: tribeKeys.lists });
}

/**
 * The caller is no longer in the tribe (left, dissolved): out of "mine" at once, so no page asks for it
 * again. The lists load again without waiting: the caller's own reaction (leaving the page) comes first.
 */
function dropTribe(client: QueryClient, id: number): void {
  client.setQueryData<TribeListResponse>(tribeKeys.list("mine"), (data) => (data ? { tribes: data.tribes.filter((t) => t.id !== id) } : data));
  void client.invalidateQueries({ queryKey: tribeKeys.lists });
}

export function useCreateTribe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TribeCreate) => api.call(tribeRoutes.create, { body }),
    onSuccess: (answer) => storeTribe(client, answer),
  });
}

export function useJoinTribe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TribeJoin) => api.call(tribeRoutes.join, { body }),
    onSuccess: (answer) => storeTribe(client, answer),
  });
}

export function useUpdateTribe(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TribeUpdate) => api.call(tribeRoutes.update, { params: { id }, body }),
    onSuccess: (answer) => storeTribe(client, answer),
  });
}

export function useDissolveTribe(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(tribeRoutes.dissolve, { params: { id } }),
    onSuccess: () => dropTribe(client, id),
  });
}

export function useLeaveTribe(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(tribeRoutes.leave, { params: { id } }),
    onSuccess: () => dropTribe(client, id),
  });
}

export function useUpdateMe(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TribeMeUpdate) => api.call(tribeRoutes.updateMe, { params: { id }, body }),
    onSuccess: (answer) => storeTribe(client, answer),
  });
}

export function useUpdateMember(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...body }: TribeMemberUpdate & { userId: number }) => api.call(tribeRoutes.updateMember, { params: { id, userId }, body }),
    onSuccess: (answer) => storeTribe(client, answer),
  });
}

export function useRemoveMember(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.call(tribeRoutes.removeMember, { params: { id, userId } }),
    onSuccess: (answer) => storeTribe(client, answer),
  });
}

export function useHandOver(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.call(tribeRoutes.handOver, { params: { id }, body: { userId } }),
    onSuccess: (answer) => {
      // No longer the leader: the invitations are not the caller's business any more.
      client.removeQueries({ queryKey: tribeKeys.invites(id) });
      return storeTribe(client, answer);
    },
  });
}

export function useCreateInvite(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TribeInviteCreate) => api.call(tribeRoutes.createInvite, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: tribeKeys.invites(id) }),
  });
}

export function useRevokeInvite(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: number) => api.call(tribeRoutes.revokeInvite, { params: { id, inviteId } }),
    // Also after a 404 (already gone, expired): the list on screen is stale either way.
    onSettled: () => client.invalidateQueries({ queryKey: tribeKeys.invites(id) }),
  });
}
