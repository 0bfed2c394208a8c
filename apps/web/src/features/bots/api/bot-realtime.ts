// Realtime handlers of the bot area: status and connection events update the three bot stores.
import type { RealtimeMessageData } from "@dsbot/protocol";
import type { QueryClient } from "@tanstack/react-query";
import { alert } from "@/lib/alerts";
import { registerRealtimeHandler } from "@/lib/realtime-dispatcher";
import { botTexts } from "../texts";
import { addBotConnection, findKnownBot, removeBotConnection, setBotStatus, watchOvertakenBotFetches } from "./bot-cache";
import { botKeys } from "./bots-api";

/** The four connection events (a runner's or a bot's socket came or went) carry the same data. */
type ConnectionEventData = RealtimeMessageData<"bot-connection-created">;

export function handleBotStatus(client: QueryClient, data: RealtimeMessageData<"botUpdateStatus">): void {
  const { id, status, dsPlayer, protectedSince } = data.dsbot;
  const known = findKnownBot(client, id);
  setBotStatus(client, id, status, protectedSince ?? null);
  // Every status change is logged on the server; an open log shows it.
  void client.invalidateQueries({ queryKey: botKeys.botLogs(id) });
  if (known && (status === "online" || status === "offline")) {
    alert.success(botTexts.statusChanged(known.dsPlayer.name || dsPlayer?.name || String(id), status));
  }
}

export function handleConnectionCreated(client: QueryClient, data: ConnectionEventData): void {
  addBotConnection(client, data.dsbotId, data.websocketConnection);
}

export function handleConnectionDeleted(client: QueryClient, data: ConnectionEventData): void {
  // `id` is the connection's id (the same as websocketConnection.id).
  removeBotConnection(client, data.id, data.dsbotId);
}

/** Registers every bot handler; returns the function that removes them again. */
export function registerBotRealtimeHandlers(client: QueryClient): () => void {
  const offs = [
    watchOvertakenBotFetches(client),
    registerRealtimeHandler("botUpdateStatus", (data) => handleBotStatus(client, data)),
    registerRealtimeHandler("bot-user-connection-created", (data) => handleConnectionCreated(client, data)),
    registerRealtimeHandler("bot-connection-created", (data) => handleConnectionCreated(client, data)),
    registerRealtimeHandler("bot-user-connection-deleted", (data) => handleConnectionDeleted(client, data)),
    registerRealtimeHandler("bot-connection-deleted", (data) => handleConnectionDeleted(client, data)),
  ];
  return () => offs.forEach((off) => off());
}
