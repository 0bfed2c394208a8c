// REST of /api/dsbot-auth for the signed-in user: approve or deny a pairing code, list and revoke runners.
import type { DeviceApprove } from "@dsbot/protocol";
import { dsbotAuthRoutes } from "@dsbot/protocol";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";

export const dsbotAuthKeys = { runners: ["dsbot-auth", "runners"] as const };

/** Runners connect and disconnect without telling the website; poll while the page is open. */
export const RUNNERS_REFETCH_MS = 10_000;

export const runnersQueryOptions = queryOptions({
  queryKey: dsbotAuthKeys.runners,
  queryFn: ({ signal }) => api.call(dsbotAuthRoutes.tokens, { signal }),
  refetchInterval: RUNNERS_REFETCH_MS,
});

export function useApproveCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DeviceApprove) => api.call(dsbotAuthRoutes.approve, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: dsbotAuthKeys.runners }),
  });
}

export function useDenyCode() {
  return useMutation({ mutationFn: (body: DeviceApprove) => api.call(dsbotAuthRoutes.deny, { body }) });
}

export function useRevokeRunner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(dsbotAuthRoutes.revokeToken, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: dsbotAuthKeys.runners }),
  });
}
