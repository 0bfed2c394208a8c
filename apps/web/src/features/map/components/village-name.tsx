// A village's name from the detail endpoint (the map data carries no names), cached per data version.
import { useQuery } from "@tanstack/react-query";
import type { WorldSummary } from "@dsbot/protocol";
import { worldVillageQueryOptions } from "@/lib/world-data";
import { mapTexts } from "../texts";

/** The village's detail (name, owner, tribe) once `enabled`; undefined while loading. */
export function useVillageDetail(world: WorldSummary, villageId: number | null, enabled = true) {
  return useQuery({ ...worldVillageQueryOptions(world, villageId ?? 0), enabled: enabled && villageId !== null });
}

export function villageNameText(name: string | undefined, failed: boolean): string {
  if (name !== undefined) return name;
  return failed ? "" : mapTexts.tooltipLoading;
}
