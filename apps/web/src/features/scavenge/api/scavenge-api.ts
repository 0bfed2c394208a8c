// What Raubzug plans with: every village's units at home from the troops the user may see (the bots'
// inventory scans and the pasted troops overviews, as on Truppen: one row per village, the newest
// source), the options the bots' Raubzug modules found free, out or locked, and the user's world —
// whether it has Raubzug, its speed and its units' carry.
import type { ScavengeVillageState, ScavengeWorld, TroopRow, Unit, WorldSummary } from "@dsbot/protocol";
import { scavengeWorld, TROOPS_PAGE_MAX, troopRoutes } from "@dsbot/protocol";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { api } from "@/lib/api";
import { useSession } from "@/lib/session";
import { findWorld, worldsQueryOptions } from "@/lib/world-data";
import { troopKeys } from "@/features/troops";

/** Under the troops' key: a scan, a paste or a removed paste (which refresh Truppen) refresh this too. */
export const scavengeVillagesQueryOptions = () =>
  queryOptions({
    queryKey: [...troopKeys.all, "scavenge"] as const,
    queryFn: async ({ signal }): Promise<TroopRow[]> => {
      const rows: TroopRow[] = [];
      // Pages of the largest size the list gives, until every village is in.
      for (let page = 1; ; page++) {
        const answer = await api.call(troopRoutes.list, { query: { view: "own", sortBy: "village", activePage: page, perPage: TROOPS_PAGE_MAX }, signal });
        rows.push(...answer.troops);
        if (answer.troops.length < TROOPS_PAGE_MAX || rows.length >= answer.totals) return rows;
      }
    },
  });

export function useScavengeVillages() {
  return useQuery(scavengeVillagesQueryOptions());
}

/** The villages' options as the bots' Raubzug modules last left them, by village id (a bot's report refreshes it like a scan). */
export const scavengeStatesQueryOptions = () =>
  queryOptions({
    queryKey: [...troopKeys.all, "scavenge-states"] as const,
    queryFn: async ({ signal }) => (await api.call(troopRoutes.scavenge, { signal })).villages,
    select: (villages): ReadonlyMap<number, ScavengeVillageState> => new Map(villages.map((v) => [v.villageId, v])),
  });

export function useScavengeStates() {
  return useQuery(scavengeStatesQueryOptions());
}

export interface ScavengeWorldInfo {
  /** "server/world": the key of the villages' overrides. */
  key: string;
  /** false: the world has no Raubzug. */
  scavenging: boolean;
  /** false: the app does not know the world's config; the plan assumes speed 1. */
  configKnown: boolean;
  world: ScavengeWorld;
  /** The scavenging units the world has (all of them when its unit info is not known). */
  units: Unit[] | null;
}

/** The world's Raubzug constants from its config and unit info, where the app knows them. */
export function scavengeWorldInfo(key: string, summary: WorldSummary | null): ScavengeWorldInfo {
  const config = summary?.config ?? null;
  const unitInfo = summary?.units ?? null;
  const carry: Partial<Record<Unit, number>> = {};
  for (const [unit, stats] of Object.entries(unitInfo ?? {})) if (unit !== "militia" && stats) carry[unit as Unit] = stats.carry;
  return {
    key,
    scavenging: config?.game.scavenging ?? true,
    configKnown: config !== null,
    world: scavengeWorld(config?.speed ?? 1, carry),
    units: unitInfo ? (Object.keys(unitInfo).filter((u) => u !== "militia") as Unit[]) : null,
  };
}

/** The signed-in user's world as Raubzug needs it (undefined while the world list loads). */
export function useScavengeWorld() {
  const world = useSession((state) => state.user?.world);
  const worlds = useQuery(worldsQueryOptions());
  const summary = worlds.data ? findWorld(worlds.data.worlds, world) : undefined;
  const key = world ? `${world.server}/${world.world}` : "";
  const info = useMemo(() => (summary === undefined ? undefined : scavengeWorldInfo(key, summary)), [key, summary]);
  return { query: worlds, info };
}
