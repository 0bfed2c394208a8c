// Realtime `attacks-updated` while an attack plan page is open: the changed rows of the table update in
// place at once (status, error, bot), then the plan's counts, table and the plan list are refetched;
// every (re)connect of the socket refetches what it may have missed. The bot command events
// (botUpdateCommandStatus, botUpdateAttackError; the command is the attack) update the row too.
import type { AttackListResponse, RealtimeMessageData } from "@dsbot/protocol";
import { attackStatusSchema } from "@dsbot/protocol";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { onRealtimeConnect, registerRealtimeHandler } from "@/lib/realtime-dispatcher";
import { attackPlanKeys } from "./keys";
import { invalidatePlan } from "./plans-api";

export function handleAttacksUpdated(client: QueryClient, data: RealtimeMessageData<"attacks-updated">): void {
  const { planId, attacks } = data;
  const changes = new Map(attacks.map((a) => [a.id, a]));
  client.setQueriesData<AttackListResponse>({ queryKey: attackPlanKeys.attacks(planId) }, (list) =>
    list ? { ...list, attacks: list.attacks.map((row) => ({ ...row, ...changes.get(row.id) })) } : list,
  );
  void invalidatePlan(client, planId);
}

/** A bot's command (= attack) changed status or failed: the row in every loaded attack page shows it at once. */
export function handleCommandEvent(client: QueryClient, data: RealtimeMessageData<"botUpdateCommandStatus"> | RealtimeMessageData<"botUpdateAttackError">): void {
  const { command } = data;
  let change: { status: AttackListResponse["attacks"][number]["status"] } | { error: string } | null = null;
  if ("error" in command) change = { error: command.error };
  else {
    const status = attackStatusSchema.safeParse(command.status);
    if (status.success) change = { status: status.data };
  }
  if (!change) return;
  const patch = change;
  client.setQueriesData<AttackListResponse>({ queryKey: attackPlanKeys.allAttacks }, (list) =>
    list?.attacks.some((row) => row.id === command.id)
      ? { ...list, attacks: list.attacks.map((row) => (row.id === command.id ? { ...row, ...patch, dsbotId: command.dsbotId } : row)) }
      : list,
  );
}

export function useAttacksRealtime(): void {
  const client = useQueryClient();
  useEffect(() => {
    const offs = [
      registerRealtimeHandler("attacks-updated", (data) => handleAttacksUpdated(client, data)),
      registerRealtimeHandler("botUpdateCommandStatus", (data) => handleCommandEvent(client, data)),
      registerRealtimeHandler("botUpdateAttackError", (data) => handleCommandEvent(client, data)),
      // Changes while the socket was away (or before it first connected) arrive with a fresh fetch.
      onRealtimeConnect(() => void client.invalidateQueries({ queryKey: attackPlanKeys.all })),
    ];
    return () => offs.forEach((off) => off());
  }, [client]);
}
