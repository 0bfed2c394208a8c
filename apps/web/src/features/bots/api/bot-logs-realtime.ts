// The bot's log live: each line the bot writes arrives as `bot-logs-updated` and the open log page is
// fetched again (a burst of lines joins the fetch already under way); every (re)connect fetches it too.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { onRealtimeConnect, registerRealtimeHandler } from "@/lib/realtime-dispatcher";
import { botKeys } from "./bots-api";

export function useBotLogsRealtime(id: number): void {
  const client = useQueryClient();
  useEffect(() => {
    const refetch = () => void client.invalidateQueries({ queryKey: botKeys.botLogs(id) }, { cancelRefetch: false });
    const offs = [
      registerRealtimeHandler("bot-logs-updated", ({ dsbotId }) => {
        if (dsbotId === id) refetch();
      }),
      onRealtimeConnect(refetch),
    ];
    return () => offs.forEach((off) => off());
  }, [client, id]);
}
