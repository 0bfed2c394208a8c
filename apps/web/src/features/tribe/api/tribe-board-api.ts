// REST of Stammes-Eingänge: one page of the tribe's board with its filters (member, kind, arriving
// within). Realtime `tribe-board-updated` and `tribe-updated` load it again (tribe-realtime.ts).
import type { TribeBoardQuery } from "@dsbot/protocol";
import { tribeRoutes } from "@dsbot/protocol";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { tribeKeys } from "./tribes-api";

export const tribeBoardQueryOptions = (id: number, params: TribeBoardQuery) =>
  queryOptions({
    queryKey: [...tribeKeys.board(id), params] as const,
    queryFn: ({ signal }) => api.call(tribeRoutes.board, { params: { id }, query: params, signal }),
    placeholderData: keepPreviousData,
  });
