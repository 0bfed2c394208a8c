// Import and export of a plan's attacks (POST /api/attack-plans/{id}/import and /export).
import type { AttackExport, AttackImport } from "@dsbot/protocol";
import { attackPlanRoutes } from "@dsbot/protocol";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { invalidatePlan } from "./plans-api";

/** A bad import answers 400 with one German issue per line (path "text") and imports nothing. */
export function useImportAttacks(planId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AttackImport) => api.call(attackPlanRoutes.importAttacks, { params: { id: planId }, body }),
    onSuccess: () => invalidatePlan(client, planId),
  });
}

export function useExportAttacks(planId: number) {
  return useMutation({
    mutationFn: (body: AttackExport) => api.call(attackPlanRoutes.exportAttacks, { params: { id: planId }, body }),
  });
}
