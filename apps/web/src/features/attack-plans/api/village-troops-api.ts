// The start village's units at home by its last scan (GET /api/attack-plans/{id}/village-troops), for the
// attack form's warning about units the village does not have.
import { attackPlanRoutes } from "@dsbot/protocol";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { attackPlanKeys } from "./keys";

export function villageTroopsQueryOptions(planId: number, coords: string) {
  return queryOptions({
    queryKey: attackPlanKeys.villageTroops(planId, coords),
    queryFn: ({ signal }) => api.call(attackPlanRoutes.villageTroops, { params: { id: planId }, query: { coords }, signal }),
    // A new scan arrives every few minutes at most; the form asks again when it is opened anew.
    staleTime: 60_000,
  });
}
