// REST of the plans: list, one plan, create, rename, delete (GET/POST /api/attack-plans,
// GET/PATCH/DELETE /api/attack-plans/{id}).
import type { AttackPlanCreate, AttackPlanUpdate } from "@dsbot/protocol";
import { attackPlanRoutes } from "@dsbot/protocol";
import { queryOptions, useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { confirm } from "@/components/ui/confirm-store";
import { alert } from "@/lib/alerts";
import { api } from "@/lib/api";
import { alertError } from "@/lib/api-error-message";
import { attackPlanTexts as texts } from "../texts";
import { attackPlanKeys, type PlanListParams } from "./keys";

export function plansQueryOptions(params: PlanListParams) {
  return queryOptions({
    queryKey: attackPlanKeys.list(params),
    queryFn: ({ signal }) => api.call(attackPlanRoutes.list, { query: { ...params }, signal }),
  });
}

export function planQueryOptions(id: number) {
  return queryOptions({
    queryKey: attackPlanKeys.detail(id),
    queryFn: ({ signal }) => api.call(attackPlanRoutes.detail, { params: { id }, signal }),
  });
}

/** After any change of a plan's attacks: its table, its counts (detail) and the plan list. */
export function invalidatePlan(client: QueryClient, id: number): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: attackPlanKeys.attacks(id) }),
    client.invalidateQueries({ queryKey: attackPlanKeys.detail(id) }),
    client.invalidateQueries({ queryKey: attackPlanKeys.lists }),
  ]);
}

export function useCreatePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AttackPlanCreate) => api.call(attackPlanRoutes.create, { body }),
    onSuccess: ({ attackPlan }) => {
      client.setQueryData(attackPlanKeys.detail(attackPlan.id), { attackPlan });
      return client.invalidateQueries({ queryKey: attackPlanKeys.lists });
    },
  });
}

export function useRenamePlan(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AttackPlanUpdate) => api.call(attackPlanRoutes.update, { params: { id }, body }),
    onSuccess: ({ attackPlan }) => {
      client.setQueryData(attackPlanKeys.detail(attackPlan.id), { attackPlan });
      return client.invalidateQueries({ queryKey: attackPlanKeys.lists });
    },
  });
}

/** Asks ('Löschen bestätigen'), deletes and reports; resolves true when the plan was deleted. */
export function useConfirmDeletePlan(): (plan: { id: number; name: string }) => Promise<boolean> {
  const client = useQueryClient();
  return useCallback(
    async (plan) => {
      const confirmed = await confirm({
        title: texts.deleteTitle,
        message: texts.deleteMessage(plan.name),
        confirmLabel: texts.deleteConfirm,
        cancelLabel: texts.cancel,
        danger: true,
      });
      if (!confirmed) return false;
      try {
        await api.call(attackPlanRoutes.remove, { params: { id: plan.id } });
      } catch (error) {
        alertError(error);
        return false;
      }
      alert.success(texts.deleted);
      client.removeQueries({ queryKey: attackPlanKeys.detail(plan.id) });
      client.removeQueries({ queryKey: attackPlanKeys.attacks(plan.id) });
      await client.invalidateQueries({ queryKey: attackPlanKeys.lists });
      return true;
    },
    [client],
  );
}
