// What a village of the sandbox holds at the start. A player's villages carry an army of a kind, as
// in the real game: an offensive (axes, light cavalry, rams), a defensive (spears, swords, heavy
// cavalry) or a mixed one, sized to the free population of the village's farm. A player's first
// village is an offensive, the second a defensive and the third a mixed one, so every demo player has
// a full off that fits the planner's default template, and the troops overview shows each kind.
// Most barbarian villages stand empty (farms); one in four keeps a garrison (a farm that costs losses).
import { units, type BuildingLevels, type Unit } from "@dsbot/protocol";
import type { Random } from "./random.js";
import { farmCapacity, unitCosts } from "./rules.js";

export type ArmyKind = "off" | "def" | "mixed";

/** A full army of each kind on a village with a level-30 farm: [min, max] per unit. */
const fullArmies: Record<ArmyKind, Partial<Record<Unit, readonly [number, number]>>> = {
  off: { spear: [300, 500], sword: [100, 200], axe: [6000, 7000], spy: [50, 150], light: [2500, 3000], ram: [250, 300] },
  def: { spear: [6000, 8000], sword: [5000, 7000], spy: [100, 300], heavy: [300, 600] },
  mixed: { spear: [2000, 3000], sword: [1000, 2000], axe: [1500, 2500], spy: [50, 150], light: [500, 900] },
};
/** The population the full armies are made for (a level-30 farm less its buildings). */
const FULL_ARMY_POPULATION = 22_000;

/** The kind of army of a player's village: by its place among the player's villages, then at random. */
export function armyKind(index: number, rnd: Random): ArmyKind {
  const first: readonly ArmyKind[] = ["off", "def", "mixed"];
  return first[index] ?? rnd.pick<ArmyKind>(["off", "off", "def", "def", "mixed"]);
}

/** Population the village's buildings take (the sandbox's rough rule, as in populationUsed). */
export function buildingPopulation(levels: BuildingLevels): number {
  let used = 0;
  for (const [building, level] of Object.entries(levels)) used += Math.round(level * (building === "main" ? 6 : 3));
  return used;
}

/** Units at home at the start: an army of `kind` scaled to the free population, or a barbarian garrison. */
export function startingUnits(levels: BuildingLevels, size: number, kind: ArmyKind | null, rnd: Random, garrisoned = true): Record<Unit, number> {
  const home = Object.fromEntries(units.map((u) => [u, 0])) as Record<Unit, number>;
  if (kind === null) {
    // Rolled either way, so a village's later rolls (its resources) do not depend on the garrison.
    const garrison: Partial<Record<Unit, number>> = {
      spear: rnd.int(20, 40) * size,
      sword: rnd.int(10, 30) * size,
      axe: rnd.int(0, 20) * size,
      spy: rnd.int(0, 5) * size,
      light: levels.stable > 0 ? rnd.int(0, 10) * size : 0,
    };
    if (garrisoned) Object.assign(home, garrison);
    return home;
  }
  const free = Math.max(0, farmCapacity(levels.farm) - buildingPopulation(levels));
  const scale = Math.min(1, free / FULL_ARMY_POPULATION);
  for (const [unit, [min, max]] of Object.entries(fullArmies[kind]) as [Unit, readonly [number, number]][]) {
    if (levels[unitCosts[unit].building] === 0) continue;
    home[unit] = Math.floor(rnd.int(min, max) * scale);
  }
  return home;
}
