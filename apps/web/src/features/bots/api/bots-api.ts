// REST of the bots: list, detail, connections, create, delete, actions, modules, access, logs.
import { botStatusFilterOrder, dsbotRoutes, type BotCreate, type BotUpdate, type Dsbot, type ModuleName } from "@dsbot/protocol";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { BotAction, BotListParams } from "./types";

export const botKeys = {
  all: ["bots"] as const,
  lists: ["bots", "list"] as const,
  list: (params: BotListParams) => ["bots", "list", params] as const,
  details: ["bots", "detail"] as const,
  detail: (id: number) => ["bots", "detail", id] as const,
  connections: (id: number) => ["bots", "connections", id] as const,
  module: (id: number, name: ModuleName) => ["bots", "module", id, name] as const,
  permissions: (id: number) => ["bots", "permissions", id] as const,
  /** Every page of one bot's log. */
  botLogs: (id: number) => ["bots", "logs", id] as const,
  logs: (id: number, activePage: number, perPage: number) => ["bots", "logs", id, activePage, perPage] as const,
  runnerConnections: ["websocket-connections"] as const,
};

export const defaultBotListParams: BotListParams = {
  activePage: 1,
  perPage: 5,
  searchVal: "",
  sortBy: "-updatedAt",
  statusFilter: [...botStatusFilterOrder],
};

export function fetchBots(params: BotListParams, signal?: AbortSignal) {
  return api.call(dsbotRoutes.list, {
    query: { websocketConnections: true, ...params, statusFilter: params.statusFilter },
    signal,
  });
}

export function botsQueryOptions(params: BotListParams) {
  return queryOptions({ queryKey: botKeys.list(params), queryFn: ({ signal }) => fetchBots(params, signal) });
}

export function botQueryOptions(id: number) {
  return queryOptions({
    queryKey: botKeys.detail(id),
    queryFn: ({ signal }) => api.call(dsbotRoutes.detail, { params: { id }, signal }),
  });
}

export function botConnectionsQueryOptions(id: number) {
  return queryOptions({
    queryKey: botKeys.connections(id),
    queryFn: ({ signal }) => api.call(dsbotRoutes.connections, { params: { id }, signal }),
  });
}

export function runnerConnectionsQueryOptions() {
  return queryOptions({
    queryKey: botKeys.runnerConnections,
    queryFn: ({ signal }) => api.call(dsbotRoutes.runnerConnections, { signal }),
  });
}

export function botModuleQueryOptions(id: number, name: ModuleName) {
  return queryOptions({
    queryKey: botKeys.module(id, name),
    queryFn: ({ signal }) => api.call(dsbotRoutes.module, { params: { id }, query: { moduleName: name }, signal }),
    staleTime: 0,
  });
}

export function botPermissionsQueryOptions(id: number) {
  return queryOptions({
    queryKey: botKeys.permissions(id),
    queryFn: ({ signal }) => api.call(dsbotRoutes.permissions, { params: { id }, signal }),
  });
}

export function botLogsQueryOptions(id: number, activePage: number, perPage: number) {
  return queryOptions({
    queryKey: botKeys.logs(id, activePage, perPage),
    queryFn: ({ signal }) => api.call(dsbotRoutes.logs, { params: { id }, query: { activePage, perPage }, signal }),
  });
}

/** A failed delete gives false (the caller reports it); success gives true. */
export async function deleteBot(id: number): Promise<boolean> {
  try {
    await api.call(dsbotRoutes.remove, { params: { id } });
    return true;
  } catch (error) {
    console.error("[bots] delete failed", id, error);
    return false;
  }
}

/** General settings (PATCH /api/dsbot/{id}); the answer replaces the cached bot. */
export function useUpdateBot(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BotUpdate) => api.call(dsbotRoutes.update, { params: { id }, body }),
    onSuccess: ({ dsbot }) => {
      client.setQueryData(botKeys.detail(dsbot.id), { dsbot });
      return Promise.all([client.invalidateQueries({ queryKey: botKeys.lists }), client.invalidateQueries({ queryKey: botKeys.botLogs(id) })]);
    },
  });
}

export function useCreateBot() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BotCreate) => api.call(dsbotRoutes.create, { body }),
    onSuccess: ({ dsbot }) => {
      client.setQueryData(botKeys.detail(dsbot.id), { dsbot });
      return client.invalidateQueries({ queryKey: botKeys.lists });
    },
  });
}

const botActionRoutes = {
  start: dsbotRoutes.start,
  stop: dsbotRoutes.stop,
  "force-stop": dsbotRoutes.forceStop,
  pause: dsbotRoutes.pause,
  resume: dsbotRoutes.resume,
  "protection-solved": dsbotRoutes.protectionSolved,
} satisfies Record<BotAction, unknown>;

export function useBotAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, websocketConnectionId }: { action: BotAction; websocketConnectionId?: number }) =>
      // Start and stop name the runner connection in their body; the other actions send none.
      websocketConnectionId === undefined
        ? api.call(botActionRoutes[action] as typeof dsbotRoutes.pause, { params: { id } })
        : api.call(botActionRoutes[action] as typeof dsbotRoutes.start, { params: { id }, body: { websocketConnectionId } }),
    // The realtime status event can overtake the HTTP answer (a fast runner stops a bot before the
    // stop request has returned): the answer only wins while no event changed the status meanwhile.
    onMutate: () => ({ statusBefore: client.getQueryData<{ dsbot: Dsbot }>(botKeys.detail(id))?.dsbot.status }),
    onSuccess: (answer, _variables, context) => {
      const current = client.getQueryData<{ dsbot: Dsbot }>(botKeys.detail(id))?.dsbot;
      if (answer?.dsbot && (!current || current.status === context?.statusBefore)) {
        client.setQueryData(botKeys.detail(id), { dsbot: answer.dsbot });
      }
      // Every action writes a log entry.
      void client.invalidateQueries({ queryKey: botKeys.botLogs(id) });
      return client.invalidateQueries({ queryKey: botKeys.lists });
    },
  });
}

export function startBot(id: number, websocketConnectionId: number) {
  return api.call(dsbotRoutes.start, { params: { id }, body: { websocketConnectionId } });
}

export function toggleBotModule(id: number, moduleName: ModuleName) {
  return api.call(dsbotRoutes.toggleModule, { params: { id }, body: { moduleName } });
}

export function saveBotModule(id: number, moduleName: ModuleName, module: Record<string, unknown>) {
  return api.call(dsbotRoutes.saveModule, { params: { id }, body: { moduleName, module } });
}

export function useGrantPermission(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.call(dsbotRoutes.grantPermission, { params: { id, userId } }),
    // The server logs the change on the bot, so its log is stale too.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: botKeys.permissions(id) }),
        client.invalidateQueries({ queryKey: botKeys.botLogs(id) }),
      ]),
  });
}

export function useRevokePermission(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.call(dsbotRoutes.revokePermission, { params: { id, userId } }),
    // The server logs the change on the bot, so its log is stale too.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: botKeys.permissions(id) }),
        client.invalidateQueries({ queryKey: botKeys.botLogs(id) }),
      ]),
  });
}
