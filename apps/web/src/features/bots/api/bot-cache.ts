// Writes realtime changes into the "three bot stores": the list query caches, the detail
// query cache and the bot-manager store.
import type { BotStatus, Dsbot, WebsocketConnection } from "@dsbot/protocol";
import type { QueryClient } from "@tanstack/react-query";
import { useBotManager } from "../stores/bot-manager-store";
import { botKeys } from "./bots-api";
import type { BotConnectionsResponse, BotDetailResponse, BotListResponse, RunnerConnectionsResponse } from "./types";

type BotUpdate = (bot: Dsbot) => Dsbot;

/** Applies `update` to bot `id` (or every bot when id is undefined) in list and detail caches. */
function updateQueryBots(client: QueryClient, id: number | undefined, update: BotUpdate): void {
  client.setQueriesData<BotListResponse>({ queryKey: botKeys.lists }, (old) => {
    if (!old) return old;
    let changed = false;
    const dsbots = old.dsbots.map((bot) => {
      if (id !== undefined && bot.id !== id) return bot;
      const next = update(bot);
      if (next !== bot) changed = true;
      return next;
    });
    return changed ? { ...old, dsbots } : old;
  });
  client.setQueriesData<BotDetailResponse>({ queryKey: botKeys.details }, (old) => {
    if (!old || (id !== undefined && old.dsbot.id !== id)) return old;
    const next = update(old.dsbot);
    return next === old.dsbot ? old : { dsbot: next };
  });
}

/** The bot as known to any of the three stores, or undefined. */
export function findKnownBot(client: QueryClient, id: number): Dsbot | undefined {
  const detail = client.getQueryData<BotDetailResponse>(botKeys.detail(id))?.dsbot;
  if (detail) return detail;
  for (const [, data] of client.getQueriesData<BotListResponse>({ queryKey: botKeys.lists })) {
    const bot = data?.dsbots.find((b) => b.id === id);
    if (bot) return bot;
  }
  return useBotManager.getState().bots.find((b) => b.id === id);
}

/** Per client: the bot queries whose fetch was on its way when a realtime event changed a bot. */
const overtaken = new WeakMap<QueryClient, Set<string>>();

function isBotQuery(queryKey: readonly unknown[]): boolean {
  return queryKey[0] === botKeys.all[0] || queryKey[0] === botKeys.runnerConnections[0];
}

/**
 * A bot query whose fetch left before a realtime event may answer with the state before that event and
 * undo it (a list refetched after "Ausgewählte starten" answered "starting" after "online" had arrived,
 * and stayed so until the next reload). Such fetches are marked here; `watchOvertakenBotFetches` fetches
 * them once more when they land, so the answer read after the event is the one that stays.
 */
function markBotFetchesInFlight(client: QueryClient): void {
  const marked = overtaken.get(client);
  if (!marked) return;
  for (const query of client.getQueryCache().findAll({ fetchStatus: "fetching" })) {
    if (isBotQuery(query.queryKey)) marked.add(query.queryHash);
  }
}

/** Installs the refetch of overtaken bot fetches (see markBotFetchesInFlight); answers its removal. */
export function watchOvertakenBotFetches(client: QueryClient): () => void {
  const marked = new Set<string>();
  overtaken.set(client, marked);
  const off = client.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || !marked.has(event.query.queryHash)) return;
    const action = event.action.type;
    if (action !== "success" && action !== "error") return;
    marked.delete(event.query.queryHash);
    // One more fetch, not a cancelled one: a stream of events cannot starve the list.
    void client.refetchQueries({ queryKey: event.query.queryKey, exact: true, type: "all" }).catch(() => undefined);
  });
  return () => {
    off();
    overtaken.delete(client);
  };
}

/** `protectedSince`: the bot protection's time as the event names it (absent from servers before it: none). */
export function setBotStatus(client: QueryClient, id: number, status: BotStatus | null, protectedSince: string | null = null): void {
  updateQueryBots(client, id, (bot) => (bot.status === status && (bot.protectedSince ?? null) === protectedSince ? bot : { ...bot, status, protectedSince }));
  useBotManager.getState().updateStatus(id, status, protectedSince);
  markBotFetchesInFlight(client);
}

export function addBotConnection(client: QueryClient, dsbotId: number, connection: WebsocketConnection): void {
  updateQueryBots(client, dsbotId, (bot) =>
    bot.websocketConnections.some((c) => c.id === connection.id)
      ? bot
      : { ...bot, websocketConnections: [...bot.websocketConnections, connection] },
  );
  client.setQueryData<BotConnectionsResponse>(botKeys.connections(dsbotId), (old) =>
    old && !old.websocketConnections.some((c) => c.id === connection.id)
      ? { websocketConnections: [...old.websocketConnections, connection] }
      : old,
  );
  useBotManager.getState().addConnection(dsbotId, connection);
  markBotFetchesInFlight(client);
  if (connection.origin === "bot-user") void client.invalidateQueries({ queryKey: botKeys.runnerConnections });
}

export function removeBotConnection(client: QueryClient, connectionId: number, dsbotId?: number): void {
  updateQueryBots(client, dsbotId, (bot) =>
    bot.websocketConnections.some((c) => c.id === connectionId)
      ? { ...bot, websocketConnections: bot.websocketConnections.filter((c) => c.id !== connectionId) }
      : bot,
  );
  client.setQueriesData<BotConnectionsResponse>({ queryKey: ["bots", "connections"] }, (old) =>
    old?.websocketConnections.some((c) => c.id === connectionId)
      ? { websocketConnections: old.websocketConnections.filter((c) => c.id !== connectionId) }
      : old,
  );
  client.setQueryData<RunnerConnectionsResponse>(botKeys.runnerConnections, (old) =>
    old?.websocketConnections.some((c) => c.id === connectionId)
      ? { websocketConnections: old.websocketConnections.filter((c) => c.id !== connectionId) }
      : old,
  );
  useBotManager.getState().removeConnection(connectionId);
  markBotFetchesInFlight(client);
}

export function setBotModuleEnabled(client: QueryClient, id: number, moduleName: string, enabled: boolean): void {
  updateQueryBots(client, id, (bot) => {
    const has = bot.modules.some((m) => m.name === moduleName);
    const modules = has
      ? bot.modules.map((m) => (m.name === moduleName ? { ...m, enabled } : m))
      : [...bot.modules, { name: moduleName as Dsbot["modules"][number]["name"], enabled }];
    return { ...bot, modules };
  });
}
