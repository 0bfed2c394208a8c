// REST of Eingehende Angriffe: the visible incomings with their filters, tagging one,
// deleting a pasted one and pasting an SOS text. `incomings-updated` (a bot's scan, a paste) and every
// (re)connect load the lists again.
import type { IncomingListQuery, IncomingPatch, SosImport } from "@dsbot/protocol";
import { incomingRoutes } from "@dsbot/protocol";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "@/lib/api";
import { onRealtimeConnect, registerRealtimeHandler } from "@/lib/realtime-dispatcher";

export const incomingKeys = { all: ["incomings"] as const };

export type IncomingListParams = Partial<IncomingListQuery>;

export const incomingsQueryOptions = (params: IncomingListParams) =>
  queryOptions({
    queryKey: [...incomingKeys.all, params] as const,
    queryFn: ({ signal }) => api.call(incomingRoutes.list, { query: params, signal }),
    placeholderData: keepPreviousData,
  });

export function useIncomingsRealtime(): void {
  const client = useQueryClient();
  useEffect(() => {
    const refetch = () => void client.invalidateQueries({ queryKey: incomingKeys.all });
    const offs = [registerRealtimeHandler("incomings-updated", refetch), onRealtimeConnect(refetch)];
    return () => offs.forEach((off) => off());
  }, [client]);
}

export function useTagIncoming() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, tag }: { id: number } & IncomingPatch) => api.call(incomingRoutes.tag, { params: { id }, body: { tag } }),
    onSettled: () => client.invalidateQueries({ queryKey: incomingKeys.all }),
  });
}

export function useDeleteIncoming() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(incomingRoutes.remove, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: incomingKeys.all }),
  });
}

export function useClearPastedIncomings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(incomingRoutes.clearPasted),
    onSettled: () => client.invalidateQueries({ queryKey: incomingKeys.all }),
  });
}

export function useImportSos() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SosImport) => api.call(incomingRoutes.importSos, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: incomingKeys.all }),
  });
}
