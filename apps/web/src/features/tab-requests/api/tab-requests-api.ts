// REST of Tab Anfragen: the user's open (or all) requests and "Erledigt".
import type { TabRequest, TabRequestListResponse } from "@dsbot/protocol";
import { tabRequestRoutes } from "@dsbot/protocol";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { cancelSendAlarms } from "../send-alarm";

export const tabRequestKeys = { all: ["tab-requests"] as const };

export const tabRequestsQueryOptions = (showDone: boolean) =>
  queryOptions({
    queryKey: [...tabRequestKeys.all, { showDone }] as const,
    queryFn: ({ signal }) =>
      api.call(tabRequestRoutes.list, { signal, query: { done: showDone, perPage: 100 } }),
  });

/**
 * How many requests are open, for the sidebar: the open list's first entry and its total (a list like the
 * page's, so a live request counts at once). Read again every minute: a request the server closed (its
 * attack expired) while no list of it was loaded drops out then.
 */
export const openTabRequestCountQueryOptions = () =>
  queryOptions({
    queryKey: [...tabRequestKeys.all, "open-count"] as const,
    queryFn: ({ signal }) => api.call(tabRequestRoutes.list, { signal, query: { done: false, perPage: 1 } }),
    select: (data) => data.totals,
    refetchInterval: 60_000,
  });

export function useMarkTabRequestDone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(tabRequestRoutes.markDone, { params: { id } }),
    onSuccess: ({ tabRequest }) => {
      cancelSendAlarms([tabRequest.id]);
      client.setQueryData(tabRequestsQueryOptions(false).queryKey, (data) => (data ? withoutRequest(data, tabRequest.id) : data));
      client.setQueryData(tabRequestsQueryOptions(true).queryKey, (data) => (data ? withRequest(data, tabRequest) : data));
      return client.invalidateQueries({ queryKey: tabRequestKeys.all });
    },
  });
}

function withoutRequest(data: TabRequestListResponse, id: number): TabRequestListResponse {
  const left = data.tabRequests.filter((r) => r.id !== id);
  return left.length === data.tabRequests.length ? data : { tabRequests: left, totals: data.totals - 1 };
}

function withRequest(data: TabRequestListResponse, done: TabRequest): TabRequestListResponse {
  return { ...data, tabRequests: data.tabRequests.map((r) => (r.id === done.id ? { ...done, added: r.added } : r)) };
}
