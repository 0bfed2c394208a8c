// The bot's request budget (GET /api/dsbot/{id}/usage): each report the bot sends every
// minute arrives as `bot-usage` and replaces the shown one; every (re)connect loads it again.
import type { BotUsageResponse } from "@dsbot/protocol";
import { dsbotRoutes } from "@dsbot/protocol";
import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "@/lib/api";
import { onRealtimeConnect, registerRealtimeHandler } from "@/lib/realtime-dispatcher";
import { botKeys } from "./bots-api";

const usageKey = (id: number) => [...botKeys.all, "usage", id] as const;

export const botUsageQueryOptions = (id: number) =>
  queryOptions({
    queryKey: usageKey(id),
    queryFn: ({ signal }) => api.call(dsbotRoutes.usage, { params: { id }, signal }),
  });

export function useBotUsageRealtime(id: number): void {
  const client = useQueryClient();
  useEffect(() => {
    const offs = [
      registerRealtimeHandler("bot-usage", ({ dsbotId, usage }) => {
        if (dsbotId === id) client.setQueryData<BotUsageResponse>(usageKey(id), { usage });
      }),
      onRealtimeConnect(() => void client.invalidateQueries({ queryKey: usageKey(id) })),
    ];
    return () => offs.forEach((off) => off());
  }, [client, id]);
}
