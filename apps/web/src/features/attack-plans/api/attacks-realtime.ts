// Realtime `attacks-updated` while an attack plan page is open: the changed rows of the table update in
// place at once (status, error, bot), then the plan's counts, table and the plan list are refetched;
// every (re)connect of the socket refetches what it may have missed.
import type { AttackListResponse } from "@dsbot/protocol";
import { realtimeMessageDataSchemas } from "@dsbot/protocol";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { onRealtimeConnect, registerRealtimeHandler } from "@/lib/realtime-dispatcher";
import { attackPlanKeys } from "./keys";
import { invalidatePlan } from "./plans-api";

export function handleAttacksUpdated(client: QueryClient, data: unknown): void {
  const parsed = realtimeMessageDataSchemas["attacks-updated"].safeParse(data);
  if (!parsed.success) {
    console.warn("[attack-plans] attacks-updated without attacks", data);
    return;
  }
  const { planId, attacks } = parsed.data;
  const changes = new Map(attacks.map((a) => [a.id, a]));
  client.setQueriesData<AttackListResponse>({ queryKey: attackPlanKeys.attacks(planId) }, (list) =>
    list ? { ...list, attacks: list.attacks.map((row) => ({ ...row, ...changes.get(row.id) })) } : list,
  );
  void invalidatePlan(client, planId);
}

export function useAttacksRealtime(): void {
  const client = useQueryClient();
  useEffect(() => {
    const offs = [
      registerRealtimeHandler("attacks-updated", (data) => handleAttacksUpdated(client, data)),
      // Changes while the socket was away (or before it first connected) arrive with a fresh fetch.
      onRealtimeConnect(() => void client.invalidateQueries({ queryKey: attackPlanKeys.all })),
    ];
    return () => offs.forEach((off) => off());
  }, [client]);
}
