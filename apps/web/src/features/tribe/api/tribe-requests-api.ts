// REST of Unterstützung anfordern: the tribe's open support requests, asking for support from a board row
// and withdrawing a request. Their query key lies under the board's (tribeKeys.requests), so realtime
// `tribe-board-updated` (sent on every change of the requests too) and `tribe-updated` load them again.
import type { TribeDefencePlanInput, TribeDetail, TribeIncoming, TribeRequestCreate, TribeSupportRequest } from "@dsbot/protocol";
import { tribeRoutes } from "@dsbot/protocol";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { tribeKeys } from "./tribes-api";

export const tribeRequestsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: tribeKeys.requests(id),
    queryFn: ({ signal }) => api.call(tribeRoutes.requests, { params: { id }, signal }),
  });

/**
 * Whether the caller may ask for support for `memberId`'s village, or withdraw such a request: the member
 * themself, a Koordinator or the Anführer. Admins who are not members (no role) only look.
 */
export function mayRequestFor(tribe: Pick<TribeDetail, "myRole">, userId: number | undefined, memberId: number): boolean {
  if (tribe.myRole === null) return false;
  return tribe.myRole === "leader" || tribe.myRole === "coordinator" || (userId !== undefined && userId === memberId);
}

/**
 * Whether an open request already asks for `incoming`'s village and attack (the server keeps one per
 * village and arrival; a train's request names the train's first arrival and the command it came from).
 */
export function isRequested(requests: readonly TribeSupportRequest[], incoming: TribeIncoming): boolean {
  return requests.some(
    (request) =>
      request.village.coordinates === incoming.target.coordinates &&
      (request.attackArrival === incoming.arrivalTime || request.incomingId === incoming.id || (request.trainId !== null && request.trainId === incoming.trainId)),
  );
}

export function useCreateRequest(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TribeRequestCreate) => api.call(tribeRoutes.createRequest, { params: { id }, body }),
    // Also after a refusal: another member may have asked for the village meanwhile (409), which the
    // board then shows on its row.
    onSettled: () => client.invalidateQueries({ queryKey: tribeKeys.requests(id) }),
  });
}

export function useWithdrawRequest(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (requestId: number) => api.call(tribeRoutes.withdrawRequest, { params: { id, requestId } }),
    // Also after a 404 (withdrawn by someone else, landed): the list on screen is stale either way.
    onSettled: () => client.invalidateQueries({ queryKey: tribeKeys.requests(id) }),
  });
}

/** Whether the caller plans the tribe's defence: a Koordinator or the Anführer. */
export const mayPlanDefence = (tribe: Pick<TribeDetail, "myRole">) => tribe.myRole === "leader" || tribe.myRole === "coordinator";

/** Verteidigung planen: a preview, or with `save` the supports written to the members' plans. */
export function usePlanDefence(id: number, requestId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TribeDefencePlanInput) => api.call(tribeRoutes.planDefence, { params: { id, requestId }, body }),
    onSettled: (_data, _error, body) => (body.save ? client.invalidateQueries({ queryKey: tribeKeys.requests(id) }) : undefined),
  });
}
