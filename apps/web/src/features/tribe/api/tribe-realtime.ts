// Realtime `tribe-updated` ({ tribeId }): a tribe changed (members, roles, settings, invitations, a
// member's choices), so its queries load again — the board too, as a member's troop sharing shows on it;
// a member who was removed then gets the 404 and the page says so. `tribe-board-updated` ({ tribeId }):
// a member's incomings or troops changed, so the board (Stammes-Eingänge) loads again.
// `tribe-members-updated` ({ tribeId }): a member's bot went on or off, or their troops were read anew,
// so the tribe (its members view: bots online, last scan) loads again, the board not. Every (re)connect
// refetches too: a message missed while offline is not sent again.
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { onRealtimeConnect, registerRealtimeHandler } from "@/lib/realtime-dispatcher";
import { tribeKeys } from "./tribes-api";

export function handleTribeUpdated(client: QueryClient, tribeId: number): void {
  void client.invalidateQueries({ queryKey: tribeKeys.detail(tribeId) });
  void client.invalidateQueries({ queryKey: tribeKeys.invites(tribeId) });
  void client.invalidateQueries({ queryKey: tribeKeys.board(tribeId) });
  void client.invalidateQueries({ queryKey: tribeKeys.lists });
}

/** While a tribe page is open. */
export function useTribeRealtime(): void {
  const client = useQueryClient();
  useEffect(() => {
    const offs = [
      registerRealtimeHandler("tribe-updated", ({ tribeId }) => handleTribeUpdated(client, tribeId)),
      registerRealtimeHandler("tribe-board-updated", ({ tribeId }) => void client.invalidateQueries({ queryKey: tribeKeys.board(tribeId) })),
      registerRealtimeHandler("tribe-members-updated", ({ tribeId }) => void client.invalidateQueries({ queryKey: tribeKeys.detail(tribeId), exact: true })),
      onRealtimeConnect(() => void client.invalidateQueries({ queryKey: tribeKeys.all })),
    ];
    return () => offs.forEach((off) => off());
  }, [client]);
}
