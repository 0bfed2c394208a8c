// Links into the game on the user's world and server.
import { units, type UnitCounts } from "../units.js";
import { gameBaseUrl, type World } from "../world.js";

function id(value: number, what: string): string {
  if (!Number.isSafeInteger(value) || value <= 0) throw new RangeError(`Ungültige ${what}: ${value}`);
  return String(value);
}

/** `https://{world}.{server}/game.php?screen=info_village&id={id}` */
export function villageInfoUrl(world: World, villageId: number): string {
  return `${gameBaseUrl(world)}/game.php?screen=info_village&id=${id(villageId, "Dorf-ID")}`;
}

/** `https://{world}.{server}/game.php?screen=info_player&id={id}` */
export function playerInfoUrl(world: World, playerId: number): string {
  return `${gameBaseUrl(world)}/game.php?screen=info_player&id=${id(playerId, "Spieler-ID")}`;
}

/** `https://{world}.{server}/game.php?screen=info_ally&id={id}` (a tribe) */
export function allyInfoUrl(world: World, allyId: number): string {
  return `${gameBaseUrl(world)}/game.php?screen=info_ally&id=${id(allyId, "Stamm-ID")}`;
}

/**
 * The rally point of the source village with the target and the units filled in:
 * `…/game.php?village={src}&screen=place&target={tgt}&spear=10&…`, units with a count > 0 only, in
 * the game's order.
 */
export function rallyPointUrl(world: World, sourceVillageId: number, targetVillageId: number, counts: UnitCounts = {}): string {
  let url = `${gameBaseUrl(world)}/game.php?village=${id(sourceVillageId, "Dorf-ID")}&screen=place&target=${id(targetVillageId, "Dorf-ID")}`;
  for (const unit of units) {
    const n = counts[unit] ?? 0;
    if (!(n > 0)) continue;
    if (!Number.isSafeInteger(n)) throw new RangeError(`Ungültige Anzahl für ${unit}: ${n}`);
    url += `&${unit}=${n}`;
  }
  return url;
}
