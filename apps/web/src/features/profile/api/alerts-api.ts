// REST of the own alert channels (Profil → Benachrichtigungen, /api/alert-channels): the list, a new
// channel, on/off and name, delete, the test message and each channel's delivery log; the rules
// (/api/alert-rules: which events go to which channels, the quiet hours).
import type { AlertChannelCreate, AlertChannelUpdate, AlertRulesUpdate } from "@dsbot/protocol";
import { alertRoutes } from "@dsbot/protocol";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";

export const alertKeys = {
  channels: ["alert-channels"] as const,
  rules: ["alert-rules"] as const,
  deliveries: (id: number) => ["alert-channels", id, "deliveries"] as const,
};

export const alertChannelsQueryOptions = queryOptions({
  queryKey: alertKeys.channels,
  queryFn: ({ signal }) => api.call(alertRoutes.list, { signal }),
  // A channel's newest message still waiting: look again until it is delivered or failed.
  refetchInterval: (query) => (query.state.data?.channels.some((c) => c.lastDelivery?.status === "pending") ? 2000 : false),
});

export const alertDeliveriesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: alertKeys.deliveries(id),
    queryFn: ({ signal }) => api.call(alertRoutes.deliveries, { params: { id }, signal }),
    // Pending messages are retried by the server: look again while any is pending.
    refetchInterval: (query) => (query.state.data?.deliveries.some((d) => d.status === "pending") ? 2000 : false),
  });

export function useCreateAlertChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertChannelCreate) => api.call(alertRoutes.create, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: alertKeys.channels }),
  });
}

export function useUpdateAlertChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AlertChannelUpdate }) => api.call(alertRoutes.update, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: alertKeys.channels }),
  });
}

export function useDeleteAlertChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(alertRoutes.remove, { params: { id } }),
    // The rules that named it name it no more.
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: alertKeys.channels }), client.invalidateQueries({ queryKey: alertKeys.rules })]),
  });
}

export function useTestAlertChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(alertRoutes.test, { params: { id } }),
    onSuccess: (_answer, id) => Promise.all([client.invalidateQueries({ queryKey: alertKeys.deliveries(id) }), client.invalidateQueries({ queryKey: alertKeys.channels })]),
  });
}

export function useConfirmAlertChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, code }: { id: number; code: string }) => api.call(alertRoutes.confirm, { params: { id }, body: { code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: alertKeys.channels }),
  });
}

export const alertRulesQueryOptions = queryOptions({
  queryKey: alertKeys.rules,
  queryFn: ({ signal }) => api.call(alertRoutes.rules, { signal }),
});

export function useSaveAlertRules() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertRulesUpdate) => api.call(alertRoutes.saveRules, { body }),
    onSuccess: (answer) => client.setQueryData(alertKeys.rules, answer),
  });
}
