// The bot's villages as its last inventory scan saw them (GET /api/dsbot/{id}/village-states),
// a page at a time: loaded again when a scan of this bot arrives (`troops-updated`) and after every reconnect.
import { dsbotRoutes } from "@dsbot/protocol";
import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "@/lib/api";
import { onRealtimeConnect, registerRealtimeHandler } from "@/lib/realtime-dispatcher";
import { botKeys } from "./bots-api";

const villageStatesKey = (id: number) => [...botKeys.all, "village-states", id] as const;

export const botVillageStatesQueryOptions = (id: number, activePage: number, perPage: number) =>
  queryOptions({
    queryKey: [...villageStatesKey(id), activePage, perPage] as const,
    queryFn: ({ signal }) => api.call(dsbotRoutes.villageStates, { params: { id }, query: { activePage, perPage }, signal }),
  });

export function useBotVillageStatesRealtime(id: number): void {
  const client = useQueryClient();
  useEffect(() => {
    const refetch = () => void client.invalidateQueries({ queryKey: villageStatesKey(id) });
    const offs = [
      registerRealtimeHandler("troops-updated", ({ dsbotId }) => {
        if (dsbotId === id) refetch();
      }),
      onRealtimeConnect(refetch),
    ];
    return () => offs.forEach((off) => off());
  }, [client, id]);
}
