// The filter run: coordinates from the text go through the steps in their fixed order; every step
// only drops entries (never adds or reorders) and reports its count before and after.
import { continentNumber, distance, extractCoords, type Coord } from "@dsbot/protocol";
import type { CoordsWorld } from "./coords-world";
import { checkSettings, filterStepIds, type CoordsFilterSettings, type FilterStepId, type OwnerFilter, type ResolvedFilters, type SettingsCheck, type StepState } from "./filter-settings";
import { pickRandom } from "./random-pick";

/** A coordinate on its way through the steps; `village` is its column in the world data, -1 without. */
export interface FilterItem extends Coord {
  village: number;
}

export interface StepCount {
  id: FilterStepId;
  state: StepState;
  before: number;
  after: number;
}

export interface FilterRun extends SettingsCheck {
  /** Every coordinate found in the text, in order. */
  found: number;
  steps: StepCount[];
  /** Coordinates with no village in the world (distinct, in order of first appearance). */
  missing: Coord[];
  result: Coord[];
}

type Step = (items: FilterItem[]) => FilterItem[];

/** Extracts the text's coordinates and runs every step; world null: no world data. */
export function runFilter(text: string, settings: CoordsFilterSettings, world: CoordsWorld | null): FilterRun {
  const check = checkSettings(settings, world);
  const items = extractCoords(text).map(({ x, y }) => ({ x, y, village: world ? world.indexAt(x, y) : -1 }));
  const steps = buildSteps(check.filters, world);
  const counts: StepCount[] = [];
  let current = items;
  for (const id of filterStepIds) {
    const step = check.states[id] === "on" ? steps[id] : undefined;
    const next = step ? step(current) : current;
    counts.push({ id, state: check.states[id], before: current.length, after: next.length });
    current = next;
  }
  const missing = world ? dedupe(items.filter((item) => item.village < 0)).map(toCoord) : [];
  return { ...check, found: items.length, steps: counts, missing, result: current.map(toCoord) };
}

function buildSteps(filters: ResolvedFilters, world: CoordsWorld | null): Partial<Record<FilterStepId, Step>> {
  const { owner, points, continents, radius, limit, random } = filters;
  return {
    villages: (items) => items.filter((item) => item.village >= 0),
    owner: world && owner ? (items) => items.filter((item) => ownerMatches(owner, world, item.village)) : undefined,
    points: world && points ? (items) => items.filter((item) => inRange(world.villages.points[item.village], points)) : undefined,
    continents: continents ? (items) => items.filter((item) => continents.has(continentNumber(item))) : undefined,
    radius: radius ? (items) => items.filter((item) => distance(item, radius.centre) <= radius.radius) : undefined,
    dedupe,
    limit: limit === null ? undefined : (items) => items.slice(0, limit),
    random: random ? (items) => pickRandom(items, random.count, random.seed) : undefined,
  };
}

export function ownerMatches(owner: OwnerFilter, world: CoordsWorld, village: number): boolean {
  const playerId = world.villages.playerIds[village] ?? 0;
  if (owner.mode === "barbarians" || owner.mode === "players") return (playerId === 0) === (owner.mode === "barbarians");
  const allyId = world.players.get(playerId)?.allyId ?? 0;
  const chosen = playerId !== 0 && (owner.playerIds.has(playerId) || (allyId !== 0 && owner.allyIds.has(allyId)));
  return owner.mode === "chosen" ? chosen : !chosen;
}

function inRange(value: number | undefined, range: { min: number; max: number }): boolean {
  return value !== undefined && value >= range.min && value <= range.max;
}

/** Keeps the first of every coordinate. */
export function dedupe<T extends Coord>(items: readonly T[]): T[] {
  const seen = new Set<number>();
  return items.filter((item) => {
    const key = item.x * 1000 + item.y;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const toCoord = ({ x, y }: Coord): Coord => ({ x, y });
