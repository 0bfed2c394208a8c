// What the tooltip and the side panel say about one village, from the data already on the client
// (the name alone comes from the detail endpoint), and the game links built on the user's world.
import type { World } from "@dsbot/protocol";
import { continent, playerInfoUrl, rallyPointUrl, villageInfoUrl, allyInfoUrl } from "@dsbot/protocol";
import type { WorldAllyInfo, WorldData, WorldPlayerInfo } from "@/lib/world-data";

export interface VillageInfo {
  index: number;
  id: number;
  x: number;
  y: number;
  continent: string;
  points: number;
  bonusId: number;
  /** undefined: barbarian (or a player missing from player.txt). */
  player: WorldPlayerInfo | undefined;
  ally: WorldAllyInfo | undefined;
}

export function villageInfo(data: Pick<WorldData, "villages" | "players" | "allies">, index: number): VillageInfo | null {
  const v = data.villages;
  if (index < 0 || index >= v.count) return null;
  const x = v.x[index]!;
  const y = v.y[index]!;
  const player = data.players.get(v.playerIds[index]!);
  return {
    index,
    id: v.ids[index]!,
    x,
    y,
    continent: continent({ x, y }),
    points: v.points[index]!,
    bonusId: v.bonusIds[index]!,
    player,
    ally: player && player.allyId ? data.allies.get(player.allyId) : undefined,
  };
}

/** The own village nearest to the target (not the target itself), or -1: the rally point to send from. */
export function nearestOwnVillage(data: Pick<WorldData, "villages">, ownPlayerIds: ReadonlySet<number>, target: number): number {
  const v = data.villages;
  if (ownPlayerIds.size === 0 || target < 0 || target >= v.count) return -1;
  const tx = v.x[target]!;
  const ty = v.y[target]!;
  let best = -1;
  let bestDistance = Infinity;
  for (let i = 0; i < v.count; i++) {
    if (i === target || !ownPlayerIds.has(v.playerIds[i]!)) continue;
    const d = (v.x[i]! - tx) ** 2 + (v.y[i]! - ty) ** 2;
    if (d < bestDistance) {
      bestDistance = d;
      best = i;
    }
  }
  return best;
}

export interface GameLinks {
  village: string;
  player: string | null;
  ally: string | null;
  /** The rally point of `source` with this village as target; null without an own village. */
  rallyPoint: string | null;
}

export function gameLinks(world: World, info: VillageInfo, sourceVillageId: number | null): GameLinks {
  return {
    village: villageInfoUrl(world, info.id),
    player: info.player ? playerInfoUrl(world, info.player.id) : null,
    ally: info.ally ? allyInfoUrl(world, info.ally.id) : null,
    rallyPoint: sourceVillageId ? rallyPointUrl(world, sourceVillageId, info.id) : null,
  };
}
