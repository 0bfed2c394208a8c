// Realtime `addTabRequest` (spec §4): the request arrives live and is marked `added`; an info alert
// 'Neue Tab-Anfrage!' shows unless the user is on the tab-requests page. Every (re)connect refetches.
import type { TabRequestListResponse } from "@dsbot/protocol";
import { realtimeMessageDataSchemas } from "@dsbot/protocol";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { paths } from "@/config/paths";
import { alert } from "@/lib/alerts";
import { onRealtimeConnect, registerRealtimeHandler } from "@/lib/realtime-dispatcher";
import { tabRequestTexts } from "../texts";
import { tabRequestKeys } from "./tab-requests-api";

export function handleAddTabRequest(client: QueryClient, data: unknown, onTabRequestsPage: boolean): void {
  const parsed = realtimeMessageDataSchemas.addTabRequest.safeParse(data);
  if (!parsed.success) {
    console.warn("[tab-requests] addTabRequest without tab request", data);
    return;
  }
  const tabRequest = { ...parsed.data.tabRequest, added: true };
  client.setQueriesData<TabRequestListResponse>({ queryKey: tabRequestKeys.all }, (list) =>
    list && !list.tabRequests.some((r) => r.id === tabRequest.id)
      ? { tabRequests: [tabRequest, ...list.tabRequests], totals: list.totals + 1 }
      : list,
  );
  if (!onTabRequestsPage) alert.info(tabRequestTexts.newRequest);
}

/** App-wide while signed in: the handler knows whether the tab-requests page is open. */
export function TabRequestRealtime(): null {
  const client = useQueryClient();
  const { pathname } = useLocation();
  const onPage = useRef(false);
  onPage.current = pathname === paths.tabRequests;
  useEffect(() => {
    const offs = [
      registerRealtimeHandler("addTabRequest", (data) => handleAddTabRequest(client, data, onPage.current)),
      onRealtimeConnect(() => void client.invalidateQueries({ queryKey: tabRequestKeys.all })),
    ];
    return () => offs.forEach((off) => off());
  }, [client]);
  return null;
}
