// What some module pages read besides the config: the Offplaner Scanner's plans by name and the
// Umbenenner's preview data (the bot's upcoming incoming attacks).
import { dsbotRoutes } from "@dsbot/protocol";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { botKeys } from "./bots-api";

export function scannerPlansQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...botKeys.all, "scanner-plans", id] as const,
    queryFn: ({ signal }) => api.call(dsbotRoutes.scannerPlans, { params: { id }, signal }),
    staleTime: 30_000,
  });
}

export function renamerPreviewQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...botKeys.all, "renamer-preview", id] as const,
    queryFn: ({ signal }) => api.call(dsbotRoutes.renamerPreview, { params: { id }, signal }),
    staleTime: 30_000,
  });
}
