// Loads the bot list when a user is signed in and keeps the bot realtime handlers registered.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { useSession } from "@/lib/session";
import { botListParams, useBotTable } from "../stores/bot-table-store";
import { registerBotRealtimeHandlers } from "./bot-realtime";
import { botsQueryOptions } from "./bots-api";

/** Returns a function that (pre)fetches the bot list with the kept table state, if a user is present. */
export function useBotsLoader(): () => void {
  const client = useQueryClient();
  return useCallback(() => {
    if (!useSession.getState().user) return;
    void client.prefetchQuery(botsQueryOptions(botListParams(useBotTable.getState())));
  }, [client]);
}

/** App-wide bot wiring: realtime handlers for the three bot stores, and the list load on sign-in. */
export function useBotsBootstrap(ready = true): void {
  const client = useQueryClient();
  const userId = useSession((state) => state.user?.id);
  const loadBots = useBotsLoader();
  useEffect(() => registerBotRealtimeHandlers(client), [client]);
  useEffect(() => {
    if (ready && userId !== undefined) loadBots();
  }, [ready, userId, loadBots]);
}

/** useBotsBootstrap as a component: the app shell loads it (and the bot code) once a user is signed in. */
export function BotsBootstrap(): null {
  useBotsBootstrap();
  return null;
}
