// Realtime handlers of the bot area (spec §4): status and connection events update the three bot stores.
import { botStatuses, type BotStatus, type WebsocketConnection } from "@dsbot/protocol";
import type { QueryClient } from "@tanstack/react-query";
import { alert } from "@/lib/alerts";
import { registerRealtimeHandler } from "@/lib/realtime-dispatcher";
import { botTexts } from "../texts";
import { addBotConnection, findKnownBot, removeBotConnection, setBotStatus, watchOvertakenBotFetches } from "./bot-cache";
import { botKeys } from "./bots-api";
import type { BotConnectionEventData } from "./types";

interface StatusPayload {
  id: number;
  status: BotStatus | null;
  playerName?: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function toNumber(value: unknown): number | undefined {
  const n = typeof value === "string" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) ? n : undefined;
}

/** Accepts `{dsbot:{id,status,dsPlayer}}` and `{id,status}`. */
export function parseStatusEvent(data: unknown): StatusPayload | undefined {
  if (!isObject(data)) return undefined;
  const source = isObject(data.dsbot) ? data.dsbot : data;
  const id = toNumber(source.id);
  if (id === undefined) return undefined;
  const raw = source.status ?? data.status;
  const status = typeof raw === "string" && (botStatuses as readonly string[]).includes(raw) ? (raw as BotStatus) : null;
  const player = isObject(source.dsPlayer) ? source.dsPlayer : isObject(data.dsPlayer) ? data.dsPlayer : undefined;
  const playerName = typeof player?.name === "string" ? player.name : undefined;
  return { id, status, playerName };
}

export function handleBotStatus(client: QueryClient, data: unknown): void {
  const event = parseStatusEvent(data);
  if (!event) {
    console.warn("[bots] botUpdateStatus without bot id", data);
    return;
  }
  const known = findKnownBot(client, event.id);
  setBotStatus(client, event.id, event.status);
  // Every status change is logged on the server; an open log shows it.
  void client.invalidateQueries({ queryKey: botKeys.botLogs(event.id) });
  if (known && (event.status === "online" || event.status === "offline")) {
    alert.success(botTexts.statusChanged(known.dsPlayer.name || event.playerName || String(event.id), event.status));
  }
}

function connectionOf(data: unknown): { dsbotId?: number; connection?: WebsocketConnection } {
  if (!isObject(data)) return {};
  const event = data as BotConnectionEventData;
  const connection = isObject(event.websocketConnection) ? event.websocketConnection : undefined;
  const dsbotId = toNumber(event.dsbotId) ?? toNumber(connection?.dsbotId);
  return { dsbotId, connection };
}

export function handleConnectionCreated(client: QueryClient, data: unknown): void {
  const { dsbotId, connection } = connectionOf(data);
  if (dsbotId === undefined || !connection) return;
  addBotConnection(client, dsbotId, connection);
}

export function handleConnectionDeleted(client: QueryClient, data: unknown): void {
  const { dsbotId, connection } = connectionOf(data);
  // bot-connection-deleted carries the connection id as data.id.
  const id = toNumber(connection?.id) ?? (isObject(data) ? toNumber(data.id) : undefined);
  if (id === undefined) return;
  removeBotConnection(client, id, dsbotId);
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
