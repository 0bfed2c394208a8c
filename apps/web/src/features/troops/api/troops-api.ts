// REST of Truppen: the villages' troops with filters, pasting a troops overview, removing the
// pasted ones. `troops-updated` (a bot's scan, a paste) and every (re)connect load the list again.
import type { TroopListQuery, TroopListResponse, TroopView } from "@dsbot/protocol";
import { TROOPS_PAGE_MAX, troopRoutes } from "@dsbot/protocol";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "@/lib/api";
import { onRealtimeConnect, registerRealtimeHandler } from "@/lib/realtime-dispatcher";

export const troopKeys = { all: ["troops"] as const };
export type TroopListParams = Partial<TroopListQuery>;
/** A page with the view it was asked in: population, class and sums are of that view's units. */
export type TroopPage = TroopListResponse & { view: TroopView };

export const troopsQueryOptions = (params: TroopListParams) =>
  queryOptions({
    queryKey: [...troopKeys.all, params] as const,
    queryFn: async ({ signal }): Promise<TroopPage> => ({ ...(await api.call(troopRoutes.list, { query: params, signal })), view: params.view ?? "total" }),
    placeholderData: keepPreviousData,
  });

/** Every filtered village at once, for an export. */
export function fetchAllTroops(params: TroopListParams): Promise<TroopListResponse> {
  return api.call(troopRoutes.list, { query: { ...params, activePage: 1, perPage: TROOPS_PAGE_MAX } });
}

export function useTroopsRealtime(): void {
  const client = useQueryClient();
  useEffect(() => {
    const refetch = () => void client.invalidateQueries({ queryKey: troopKeys.all });
    const offs = [registerRealtimeHandler("troops-updated", refetch), onRealtimeConnect(refetch)];
    return () => offs.forEach((off) => off());
  }, [client]);
}

export function useImportTroops() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.call(troopRoutes.import, { body: { text } }),
    onSuccess: () => client.invalidateQueries({ queryKey: troopKeys.all }),
  });
}

export function useClearPastedTroops() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(troopRoutes.clearPasted),
    onSettled: () => client.invalidateQueries({ queryKey: troopKeys.all }),
  });
}
