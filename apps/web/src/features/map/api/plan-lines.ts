// The attack plans on the map: the user's plans of the map's world (for the "Angriffsplan" choice) and
// the chosen plan's lines, refetched when the server reports changed attacks of that plan.
import type { AttackPlan, World } from "@dsbot/protocol";
import { attackPlanRoutes } from "@dsbot/protocol";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { api } from "@/lib/api";
import { registerRealtimeHandler } from "@/lib/realtime-dispatcher";
import { useSession } from "@/lib/session";
import { buildPlanOverlay, type PlanOverlay } from "../lib/plan-overlay";

/** Plans listed for the choice (the list route's page maximum). */
export const MAP_PLANS_MAX = 100;
/** Status changes come in bursts when many attacks go out at once: one refetch per this many ms. */
const REFETCH_COALESCE_MS = 500;

/** Under the plan lists' prefix, so creating, renaming and deleting plans refresh it too. */
export const mapPlansKey = ["attack-plans", "list", "map"] as const;
export const planLinesKey = (planId: number) => ["attack-plans", "lines", planId] as const;

const NO_PLANS: readonly AttackPlan[] = [];

/** The plans the user may see on the given world (empty until loaded, or when the list fails). */
export function useWorldPlans(world: World): { plans: readonly AttackPlan[]; loaded: boolean } {
  const signedIn = useSession((s) => s.user !== null);
  const query = useQuery({
    queryKey: mapPlansKey,
    queryFn: ({ signal }) => api.call(attackPlanRoutes.list, { query: { perPage: MAP_PLANS_MAX }, signal }),
    enabled: signedIn,
  });
  const plans = useMemo(
    () => query.data?.attackPlans.filter((plan) => plan.world.server === world.server && plan.world.world === world.world) ?? NO_PLANS,
    [query.data, world.server, world.world],
  );
  return { plans, loaded: query.isSuccess };
}

export interface PlanLines {
  /** null while nothing is chosen, loading or failed. */
  overlay: PlanOverlay | null;
  loading: boolean;
  failed: boolean;
}

/** The lines of the plan (none for null), as the renderer's overlay, built once per answer. */
export function usePlanLines(planId: number | null): PlanLines {
  const query = useQuery({
    queryKey: planLinesKey(planId ?? 0),
    queryFn: ({ signal }) => api.call(attackPlanRoutes.lines, { params: { id: planId ?? 0 }, signal }),
    enabled: planId !== null,
    // Attacks change on the plan's own page too: a visit of the map always asks again.
    staleTime: 0,
  });
  const data = planId !== null ? query.data : undefined;
  const overlay = useMemo(() => (data ? buildPlanOverlay(data) : null), [data]);
  return { overlay, loading: planId !== null && query.isPending, failed: planId !== null && query.isError };
}

/** While mounted: `attacks-updated` refetches that plan's lines (if loaded), at most every 500 ms per plan. */
export function usePlanLinesRealtime(): void {
  const client = useQueryClient();
  useEffect(() => {
    const timers = new Map<number, ReturnType<typeof setTimeout>>();
    const off = registerRealtimeHandler("attacks-updated", ({ planId }) => {
      if (timers.has(planId)) return;
      timers.set(
        planId,
        setTimeout(() => {
          timers.delete(planId);
          void client.invalidateQueries({ queryKey: planLinesKey(planId) });
        }, REFETCH_COALESCE_MS),
      );
    });
    return () => {
      off();
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, [client]);
}
