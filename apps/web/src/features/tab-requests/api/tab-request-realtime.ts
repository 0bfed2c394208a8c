// Realtime `addTabRequest`: the request arrives live and is marked `added`; an info alert
// 'Neue Tab-Anfrage!' shows unless the user is on the tab-requests page, and its send alarm is set
// (send-alarm.ts). An attack of an open request
// that was sent, expired or cancelled (`attacks-updated`) closed it on the server: the lists load again.
// Every (re)connect refetches.
import type { RealtimeMessageData, TabRequestListResponse } from "@dsbot/protocol";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { paths } from "@/config/paths";
import { alert } from "@/lib/alerts";
import { onRealtimeConnect, registerRealtimeHandler } from "@/lib/realtime-dispatcher";
import { cancelSendAlarms, cancelSendAlarmsOfAttacks, scheduleSendAlarm } from "../send-alarm";
import { tabRequestTexts } from "../texts";
import { tabRequestKeys } from "./tab-requests-api";

export function handleAddTabRequest(client: QueryClient, data: RealtimeMessageData<"addTabRequest">, onTabRequestsPage: boolean): void {
  const tabRequest = { ...data.tabRequest, added: true };
  client.setQueriesData<TabRequestListResponse>({ queryKey: tabRequestKeys.all }, (list) =>
    list && !list.tabRequests.some((r) => r.id === tabRequest.id)
      ? { tabRequests: [tabRequest, ...list.tabRequests], totals: list.totals + 1 }
      : list,
  );
  if (!onTabRequestsPage) alert.info(tabRequestTexts.newRequest);
  scheduleSendAlarm(tabRequest);
}

/** Reloads the lists when an attack of an open request in them is no longer to be sent. */
export function handleAttacksChanged(client: QueryClient, data: RealtimeMessageData<"attacks-updated">): void {
  const over = new Set(data.attacks.filter((a) => a.status !== "planned" && a.status !== "due").map((a) => a.id));
  if (over.size === 0) return;
  cancelSendAlarmsOfAttacks(over);
  const lists = client.getQueriesData<TabRequestListResponse>({ queryKey: tabRequestKeys.all });
  const affected = lists.some(([, list]) => list?.tabRequests.some((r) => r.doneAt === null && r.attack !== null && over.has(r.attack.id)));
  if (affected) void client.invalidateQueries({ queryKey: tabRequestKeys.all });
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
      registerRealtimeHandler("attacks-updated", (data) => handleAttacksChanged(client, data)),
      onRealtimeConnect(() => void client.invalidateQueries({ queryKey: tabRequestKeys.all })),
    ];
    return () => {
      offs.forEach((off) => off());
      cancelSendAlarms();
    };
  }, [client]);
  return null;
}
