// GET /api/dashboard: one answer for every card. Whatever changes a figure (a bot's status, attacks, a
// scan, a tab request, a notification) and every (re)connect load it again.
import type { RealtimeMessageType } from "@dsbot/protocol";
import { dashboardRoutes } from "@dsbot/protocol";
import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "@/lib/api";
import { onRealtimeConnect, registerRealtimeHandler } from "@/lib/realtime-dispatcher";

export const dashboardKeys = { all: ["dashboard"] as const };

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.all,
    queryFn: ({ signal }) => api.call(dashboardRoutes.get, { signal }),
    // The next attacks move on as their send times pass.
    refetchInterval: 60_000,
  });

const changes: readonly RealtimeMessageType[] = [
  "botUpdateStatus",
  "attacks-updated",
  "incomings-updated",
  "troops-updated",
  "addTabRequest",
  "notification-created",
];

export function useDashboardRealtime(): void {
  const client = useQueryClient();
  useEffect(() => {
    const refetch = () => void client.invalidateQueries({ queryKey: dashboardKeys.all });
    const offs = [...changes.map((type) => registerRealtimeHandler(type, refetch)), onRealtimeConnect(refetch)];
    return () => offs.forEach((off) => off());
  }, [client]);
}
