// The game world's data on the client: the user's world among the known worlds, its map data
// (binary, village-map.ts) and its players and tribes (owners), decoded once per data version.
// Shared by the map and the coordinate filter (the world is public game data, the same for everyone).
import {
  decodeVillageMap,
  type VillageMap,
  type World,
  type WorldOwnersResponse,
  type WorldSummary,
  routePath,
  worldRoutes,
} from "@dsbot/protocol";
import { queryOptions, useQuery, type UseQueryResult } from "@tanstack/react-query";
import { api, ApiError, parseApiErrorBody } from "./api";
import { currentApiBase, useSession } from "./session";

export interface WorldPlayerInfo {
  id: number;
  name: string;
  allyId: number;
  points: number;
}
export interface WorldAllyInfo {
  id: number;
  name: string;
  tag: string;
}
export interface WorldData {
  world: WorldSummary;
  villages: VillageMap;
  players: Map<number, WorldPlayerInfo>;
  allies: Map<number, WorldAllyInfo>;
  /** column index of the village at x|y, or -1 */
  indexAt(x: number, y: number): number;
  /** case-insensitive exact name */
  playerByName(name: string): WorldPlayerInfo | undefined;
  /** case-insensitive exact tag or name */
  allyByTagOrName(query: string): WorldAllyInfo | undefined;
}

export const worldKeys = {
  all: ["worlds"] as const,
  list: ["worlds", "list"] as const,
  data: (worldId: number, dataVersion: number) => ["worlds", "data", worldId, dataVersion] as const,
  village: (worldId: number, dataVersion: number, villageId: number) => ["worlds", "village", worldId, dataVersion, villageId] as const,
};

export function worldsQueryOptions() {
  return queryOptions({
    queryKey: worldKeys.list,
    queryFn: ({ signal }) => api.call(worldRoutes.list, { signal }),
  });
}

/** The known world with the same server and world code, or null. */
export function findWorld(worlds: readonly WorldSummary[], world: World | null | undefined): WorldSummary | null {
  if (!world) return null;
  return worlds.find((w) => w.server === world.server && w.world === world.world) ?? null;
}

/** The signed-in user's world among the known worlds (null: not known / no data yet). */
export function useCurrentWorld(): UseQueryResult<WorldSummary | null> {
  const world = useSession((s) => s.user?.world);
  return useQuery({
    ...worldsQueryOptions(),
    select: (data) => {
      const found = findWorld(data.worlds, world);
      return found && found.dataVersion > 0 ? found : null;
    },
  });
}

const FIELDS = 1000;

/** Builds the lookups over decoded map data and owners (pure; the hooks below cache it). */
export function buildWorldData(world: WorldSummary, villages: VillageMap, owners: WorldOwnersResponse): WorldData {
  // x·1000 + y → column index + 1 (0 = none): 4 MB, but O(1) for every hover and filter.
  const byField = new Int32Array(FIELDS * FIELDS);
  for (let i = 0; i < villages.count; i++) {
    const x = villages.x[i] as number;
    const y = villages.y[i] as number;
    if (x < FIELDS && y < FIELDS) byField[x * FIELDS + y] = i + 1;
  }
  const players = new Map<number, WorldPlayerInfo>();
  const playersByName = new Map<string, WorldPlayerInfo>();
  const p = owners.players;
  p.ids.forEach((id, i) => {
    const player: WorldPlayerInfo = { id, name: p.names[i] ?? "", allyId: p.allyIds[i] ?? 0, points: p.points[i] ?? 0 };
    players.set(id, player);
    playersByName.set(player.name.toLowerCase(), player);
  });
  const allies = new Map<number, WorldAllyInfo>();
  const alliesByName = new Map<string, WorldAllyInfo>();
  const alliesByTag = new Map<string, WorldAllyInfo>();
  const a = owners.allies;
  a.ids.forEach((id, i) => {
    const ally: WorldAllyInfo = { id, name: a.names[i] ?? "", tag: a.tags[i] ?? "" };
    allies.set(id, ally);
    alliesByName.set(ally.name.toLowerCase(), ally);
    alliesByTag.set(ally.tag.toLowerCase(), ally);
  });
  return {
    world,
    villages,
    players,
    allies,
    indexAt: (x, y) => {
      if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= FIELDS || y >= FIELDS) return -1;
      return (byField[x * FIELDS + y] ?? 0) - 1;
    },
    playerByName: (name) => playersByName.get(name.trim().toLowerCase()),
    allyByTagOrName: (query) => {
      const key = query.trim().toLowerCase();
      return alliesByTag.get(key) ?? alliesByName.get(key);
    },
  };
}

async function fetchVillageMap(worldId: number, signal: AbortSignal): Promise<VillageMap> {
  const token = useSession.getState().token;
  const response = await fetch(`${currentApiBase()}${routePath(worldRoutes.villages.path, { id: worldId })}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal,
  });
  if (!response.ok) {
    const body = parseApiErrorBody(await response.json().catch(() => undefined));
    throw new ApiError(response.status, body?.code ?? `http_${response.status}`, body?.message ?? "Die Kartendaten konnten nicht geladen werden.");
  }
  return decodeVillageMap(await response.arrayBuffer());
}

async function fetchWorldData(world: WorldSummary, signal: AbortSignal): Promise<WorldData> {
  // Owners through the API client (401 handling there); the map data is binary.
  const [villages, owners] = await Promise.all([
    fetchVillageMap(world.id, signal),
    api.call(worldRoutes.owners, { params: { id: world.id }, signal }),
  ]);
  return buildWorldData(world, villages, owners);
}

/** Map data + owners of the user's world, decoded once and cached by dataVersion (null: no data). */
export function useWorldData(): UseQueryResult<WorldData | null> {
  const current = useCurrentWorld();
  const world = current.data;
  const data = useQuery<WorldData | null>({
    queryKey: world ? worldKeys.data(world.id, world.dataVersion) : [...worldKeys.all, "data", "none"],
    queryFn: ({ signal }) => (world ? fetchWorldData(world, signal) : null),
    // undefined: the world list is still loading, so this stays pending.
    enabled: world !== undefined,
    // One data version never changes; a new import brings a new key through the world list.
    staleTime: Infinity,
    gcTime: 10 * 60_000,
  });
  return current.isError ? (current as UseQueryResult<never>) : data;
}

/** One village with its owner and tribe (tooltip name, side panel); cached per data version. */
export function worldVillageQueryOptions(world: WorldSummary, villageId: number) {
  return queryOptions({
    queryKey: worldKeys.village(world.id, world.dataVersion, villageId),
    queryFn: ({ signal }) => api.call(worldRoutes.village, { params: { id: world.id, villageId }, signal }),
    staleTime: Infinity,
    gcTime: 10 * 60_000,
  });
}
