// Which colour each village gets: own (the user's bots' players), tribe (their tribes), user-marked
// players and tribes, barbarian, bonus barbarian, others. One byte per village, recomputed only when
// the world or the choices change; the renderer draws one pass per colour from it.
import type { VillageMap } from "@dsbot/protocol";

export const villageClasses = ["other", "barbarian", "bonus", "own", "tribe"] as const;
export type VillageClass = (typeof villageClasses)[number];

export const CLASS_OTHER = 0;
export const CLASS_BARBARIAN = 1;
export const CLASS_BONUS = 2;
export const CLASS_OWN = 3;
export const CLASS_TRIBE = 4;
/** Colour index of the first user mark; mark k has colour index FIRST_MARK + k. */
export const FIRST_MARK = villageClasses.length;
/** The colour index fits a byte: at most this many marks. */
export const MAX_MARKS = 255 - FIRST_MARK;

export const classColors: Record<VillageClass, string> = {
  other: "#a0522d",
  barbarian: "#8c8f96",
  bonus: "#d0bfff",
  own: "#ffe066",
  tribe: "#4dabf7",
};

/** Colours offered for marks, in the order new marks take them. */
export const markSwatches = ["#ff6b6b", "#51cf66", "#22b8cf", "#ff922b", "#f06595", "#94d82d", "#ffffff", "#845ef7", "#20c997", "#ffa8a8"] as const;

export type MarkKind = "player" | "ally";

/** A player or tribe the user chose to colour (kept in the browser per world). */
export interface MapMark {
  kind: MarkKind;
  id: number;
  /** Name (player) or tag (tribe) when marked, shown in the legend even before the data is loaded. */
  label: string;
  color: string;
}

export interface ClassifyInput {
  villages: Pick<VillageMap, "count" | "playerIds" | "bonusIds">;
  /** Tribe of a player (0 = none); undefined for a player missing from player.txt. */
  allyOf: (playerId: number) => number | undefined;
  ownPlayerIds: ReadonlySet<number>;
  marks: readonly MapMark[];
}

/** Own players' tribes (never tribe 0). */
export function ownAllyIds(ownPlayerIds: Iterable<number>, allyOf: (playerId: number) => number | undefined): Set<number> {
  const allies = new Set<number>();
  for (const id of ownPlayerIds) {
    const ally = allyOf(id);
    if (ally) allies.add(ally);
  }
  return allies;
}

/**
 * The colour index of every village. Precedence: own, marked player, marked tribe, own tribe,
 * bonus barbarian, barbarian, other — a mark the user chose wins over the generic tribe colour.
 */
export function classifyVillages({ villages, allyOf, ownPlayerIds, marks }: ClassifyInput): Uint8Array {
  const markedPlayers = new Map<number, number>();
  const markedAllies = new Map<number, number>();
  marks.slice(0, MAX_MARKS).forEach((mark, k) => {
    const target = mark.kind === "player" ? markedPlayers : markedAllies;
    if (!target.has(mark.id)) target.set(mark.id, FIRST_MARK + k);
  });
  const tribes = ownAllyIds(ownPlayerIds, allyOf);
  // Every village of a player gets the same class: decide per player once.
  const byPlayer = new Map<number, number>();
  const playerClass = (playerId: number): number => {
    let cls = byPlayer.get(playerId);
    if (cls !== undefined) return cls;
    const ally = allyOf(playerId) ?? 0;
    if (ownPlayerIds.has(playerId)) cls = CLASS_OWN;
    else cls = markedPlayers.get(playerId) ?? (ally ? (markedAllies.get(ally) ?? (tribes.has(ally) ? CLASS_TRIBE : CLASS_OTHER)) : CLASS_OTHER);
    byPlayer.set(playerId, cls);
    return cls;
  };
  const out = new Uint8Array(villages.count);
  for (let i = 0; i < villages.count; i++) {
    const playerId = villages.playerIds[i]!;
    out[i] = playerId === 0 ? (villages.bonusIds[i]! > 0 ? CLASS_BONUS : CLASS_BARBARIAN) : playerClass(playerId);
  }
  return out;
}

/** Colour of every index: the classes, then the marks. */
export function paletteOf(marks: readonly MapMark[]): string[] {
  return [...villageClasses.map((c) => classColors[c]), ...marks.slice(0, MAX_MARKS).map((m) => m.color)];
}

/** Villages per colour index (legend counts). */
export function countByColor(colors: Uint8Array, paletteSize: number): number[] {
  const counts = new Array<number>(paletteSize).fill(0);
  for (let i = 0; i < colors.length; i++) counts[colors[i]!] = (counts[colors[i]!] ?? 0) + 1;
  return counts;
}

/** The next swatch no mark uses yet (or the first). */
export function nextMarkColor(marks: readonly MapMark[]): string {
  const used = new Set(marks.map((m) => m.color));
  return markSwatches.find((c) => !used.has(c)) ?? markSwatches[marks.length % markSwatches.length]!;
}

/** "#rrggbb" → 0xAABBGGRR for a little-endian ImageData Uint32 view (opaque). */
export function rgbaWord(hex: string): number {
  const v = Number.parseInt(hex.slice(1, 7), 16);
  const r = (v >> 16) & 0xff;
  const g = (v >> 8) & 0xff;
  const b = v & 0xff;
  return ((0xff << 24) | (b << 16) | (g << 8) | r) >>> 0;
}
