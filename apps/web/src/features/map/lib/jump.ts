// "Springen": a coordinate x|y, a player's name or a tribe's tag or name → where to look. Exact
// matches only (case-insensitive); the search box offers the names to pick from.
import { parseCoord } from "@dsbot/protocol";
import type { WorldAllyInfo, WorldData, WorldPlayerInfo } from "@/lib/world-data";
import type { WorldRect } from "./view";

export type JumpTarget =
  | { kind: "coord"; x: number; y: number; index: number }
  | { kind: "player"; player: WorldPlayerInfo; rect: WorldRect | null }
  | { kind: "ally"; ally: WorldAllyInfo; rect: WorldRect | null }
  | { kind: "none" };

type JumpWorld = Pick<WorldData, "villages" | "players" | "indexAt" | "playerByName" | "allyByTagOrName">;

/** The bounding rectangle (fields, x1/y1 exclusive) of the villages whose owner passes `owned`. */
export function villagesRect(world: Pick<WorldData, "villages">, owned: (playerId: number) => boolean): WorldRect | null {
  const { count, x, y, playerIds } = world.villages;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let i = 0; i < count; i++) {
    const playerId = playerIds[i]!;
    if (playerId === 0 || !owned(playerId)) continue;
    x0 = Math.min(x0, x[i]!);
    y0 = Math.min(y0, y[i]!);
    x1 = Math.max(x1, x[i]! + 1);
    y1 = Math.max(y1, y[i]! + 1);
  }
  return x0 === Infinity ? null : { x0, y0, x1, y1 };
}

/** "[TAG] Name" as the search box lists tribes. */
const allyOption = /^\[(.+?)\]/;

export function resolveJump(query: string, world: JumpWorld): JumpTarget {
  const text = query.trim();
  if (!text) return { kind: "none" };
  const coord = parseCoord(text);
  if (coord.ok) {
    if (coord.value.x > 999 || coord.value.y > 999) return { kind: "none" };
    return { kind: "coord", x: coord.value.x, y: coord.value.y, index: world.indexAt(coord.value.x, coord.value.y) };
  }
  const player = world.playerByName(text);
  if (player) return { kind: "player", player, rect: villagesRect(world, (id) => id === player.id) };
  const tagged = allyOption.exec(text);
  const ally = world.allyByTagOrName(text) ?? (tagged ? world.allyByTagOrName(tagged[1]!) : undefined);
  if (ally) return { kind: "ally", ally, rect: villagesRect(world, (id) => world.players.get(id)?.allyId === ally.id) };
  return { kind: "none" };
}

export interface JumpSuggestions {
  players: string[];
  allies: string[];
}

/** Up to `limit` players and tribes whose name (or tag) contains the text, best ranked first. */
export function jumpSuggestions(query: string, world: Pick<WorldData, "players" | "allies">, limit = 6): JumpSuggestions {
  const text = query.trim().toLowerCase();
  if (text.length < 2 || /^\d/.test(text)) return { players: [], allies: [] };
  const rank = (value: string) => (value === text ? 0 : value.startsWith(text) ? 1 : 2);
  const players = [...world.players.values()]
    .filter((p) => p.name.toLowerCase().includes(text))
    .sort((a, b) => rank(a.name.toLowerCase()) - rank(b.name.toLowerCase()) || b.points - a.points)
    .slice(0, limit)
    .map((p) => p.name);
  const allies = [...world.allies.values()]
    .filter((a) => a.tag.toLowerCase().includes(text) || a.name.toLowerCase().includes(text))
    .sort((a, b) => Math.min(rank(a.tag.toLowerCase()), rank(a.name.toLowerCase())) - Math.min(rank(b.tag.toLowerCase()), rank(b.name.toLowerCase())))
    .slice(0, limit)
    .map((a) => `[${a.tag}] ${a.name}`);
  return { players, allies };
}
