// The buildings' rules: German names, maximum levels, prerequisites, cost, population,
// build time and points per level. The sandbox charges by these and the builder templates count their
// running totals with them, so a template's sums are what the sandbox bot pays. The shapes are the
// game's (exponential growth per level); the constants are rounded.
import type { Building, BuildingLevels, Resources } from "../game-driver.js";
import type { Unit } from "../units.js";
import { buildings } from "../game-driver.js";

export const buildingLabels: Record<Building, string> = {
  main: "Hauptgebäude",
  barracks: "Kaserne",
  stable: "Stall",
  garage: "Werkstatt",
  church: "Kirche",
  church_f: "Erste Kirche",
  watchtower: "Wachturm",
  snob: "Adelshof",
  smith: "Schmiede",
  place: "Versammlungsplatz",
  statue: "Statue",
  market: "Marktplatz",
  wood: "Holzfällerlager",
  stone: "Lehmgrube",
  iron: "Eisenmine",
  farm: "Bauernhof",
  storage: "Speicher",
  hide: "Versteck",
  wall: "Wall",
};

export const maxLevels: BuildingLevels = {
  main: 30, barracks: 25, stable: 20, garage: 15, church: 3, church_f: 1, watchtower: 20, snob: 1, smith: 20,
  place: 1, statue: 1, market: 25, wood: 30, stone: 30, iron: 30, farm: 30, storage: 30, hide: 10, wall: 20,
};

/** What a building needs before its first level, as in the game. */
export const buildingRequirements: Record<Building, Partial<BuildingLevels>> = {
  main: {},
  barracks: { main: 3 },
  stable: { main: 10, barracks: 5, smith: 5 },
  garage: { main: 10, smith: 10 },
  church: { main: 5, farm: 5 },
  church_f: {},
  watchtower: { main: 5, farm: 5 },
  snob: { main: 20, smith: 20, market: 10 },
  smith: { main: 5, barracks: 1 },
  place: {},
  statue: {},
  market: { main: 3, storage: 2 },
  wood: {},
  stone: {},
  iron: {},
  farm: {},
  storage: {},
  hide: {},
  wall: { barracks: 1 },
};

/** A new village's levels: the main building, farm, storage and rally point; the mines start at 0 (TWB's
 *  builder templates open with `wood:1`, `stone:1`, `iron:1`). */
export const startLevels: BuildingLevels = {
  ...(Object.fromEntries(buildings.map((b) => [b, 0])) as BuildingLevels),
  main: 1, place: 1, farm: 1, storage: 1,
};

/**
 * The game's building info (interface.php?func=get_building_info, e.g. DS Workbench's servers/de107/
 * buildings.xml): level 1's cost and population, each resource's and the population's growth factor per
 * level, `build_time` at world speed 1 (the file divides it by the world's speed: de107, a speed-1.6
 * world, says 562.5 for the main building's 900) and the points of level 1.
 */
const rules: Record<Building, { wood: number; stone: number; iron: number; pop: number; factors: readonly [number, number, number]; popFactor: number; time: number; points: number }> = {
  main: { wood: 90, stone: 80, iron: 70, pop: 5, factors: [1.26, 1.275, 1.26], popFactor: 1.17, time: 900, points: 10 },
  barracks: { wood: 200, stone: 170, iron: 90, pop: 7, factors: [1.26, 1.28, 1.26], popFactor: 1.17, time: 1800, points: 16 },
  stable: { wood: 270, stone: 240, iron: 260, pop: 8, factors: [1.26, 1.28, 1.26], popFactor: 1.17, time: 6000, points: 20 },
  garage: { wood: 300, stone: 240, iron: 260, pop: 8, factors: [1.26, 1.28, 1.26], popFactor: 1.17, time: 6000, points: 24 },
  church: { wood: 16000, stone: 20000, iron: 5000, pop: 5000, factors: [1.26, 1.28, 1.26], popFactor: 1.55, time: 184980, points: 10 },
  church_f: { wood: 160, stone: 200, iron: 50, pop: 5, factors: [1.26, 1.28, 1.26], popFactor: 1.55, time: 8160, points: 10 },
  watchtower: { wood: 12000, stone: 14000, iron: 10000, pop: 500, factors: [1.17, 1.17, 1.18], popFactor: 1.18, time: 13200, points: 42 },
  snob: { wood: 15000, stone: 25000, iron: 10000, pop: 80, factors: [2, 2, 2], popFactor: 1.17, time: 586800, points: 512 },
  smith: { wood: 220, stone: 180, iron: 240, pop: 20, factors: [1.26, 1.275, 1.26], popFactor: 1.17, time: 6000, points: 19 },
  place: { wood: 10, stone: 40, iron: 30, pop: 0, factors: [1.26, 1.275, 1.26], popFactor: 1.17, time: 10860, points: 0 },
  statue: { wood: 220, stone: 220, iron: 220, pop: 10, factors: [1.26, 1.275, 1.26], popFactor: 1.17, time: 1500, points: 24 },
  market: { wood: 100, stone: 100, iron: 100, pop: 20, factors: [1.26, 1.275, 1.26], popFactor: 1.17, time: 2700, points: 10 },
  wood: { wood: 50, stone: 60, iron: 40, pop: 5, factors: [1.25, 1.275, 1.245], popFactor: 1.155, time: 900, points: 6 },
  stone: { wood: 65, stone: 50, iron: 40, pop: 10, factors: [1.27, 1.265, 1.24], popFactor: 1.14, time: 900, points: 6 },
  iron: { wood: 75, stone: 65, iron: 70, pop: 10, factors: [1.252, 1.275, 1.24], popFactor: 1.17, time: 1080, points: 6 },
  farm: { wood: 45, stone: 40, iron: 30, pop: 0, factors: [1.3, 1.32, 1.29], popFactor: 1, time: 1200, points: 5 },
  storage: { wood: 60, stone: 50, iron: 40, pop: 0, factors: [1.265, 1.27, 1.245], popFactor: 1.15, time: 1020, points: 6 },
  hide: { wood: 50, stone: 60, iron: 50, pop: 2, factors: [1.25, 1.25, 1.25], popFactor: 1.17, time: 1800, points: 5 },
  wall: { wood: 50, stone: 100, iron: 20, pop: 5, factors: [1.26, 1.275, 1.26], popFactor: 1.17, time: 3600, points: 8 },
};

/** Population a building of this level uses in all (the game's: level 1's, ×popFactor per level, rounded). */
function levelPopulation(building: Building, level: number): number {
  const base = rules[building];
  return level < 1 ? 0 : Math.round(base.pop * Math.pow(base.popFactor, level - 1));
}

/** Cost of raising `building` from `level - 1` to `level`: resources and the population it adds. */
export function buildCost(building: Building, level: number): Resources & { pop: number } {
  const base = rules[building];
  const [woodFactor, stoneFactor, ironFactor] = base.factors;
  return {
    wood: Math.round(base.wood * Math.pow(woodFactor, level - 1)),
    stone: Math.round(base.stone * Math.pow(stoneFactor, level - 1)),
    iron: Math.round(base.iron * Math.pow(ironFactor, level - 1)),
    pop: levelPopulation(building, level) - levelPopulation(building, level - 1),
  };
}

/**
 * The factor on a building's `build_time` for each target level (index 0 = level 1) on today's worlds
 * (get_config `<game><buildtime_formula>` 2, as both real worlds in the repo's fixtures say). The game
 * publishes no formula for it; these are DS-Ultimate's values, fitted to build times players read off
 * the game's main building on such worlds (ds-ultimate/ds-ultimatev3-frontend,
 * src/util/dsHelpers/BuildingUtils.tsx `BUILD_TIME_FACTOR_2015`). Every building of the game has
 * `build_time_factor` 1.2 (DS Workbench, servers/de107/buildings.xml), so one table serves them all.
 */
const buildTimeFactors: readonly number[] = [
  0.095972951067676, 0.095972951067676, 0.161516436165735, 0.50029139641408, 0.956686699233349,
  1.5081900491495, 2.15872239973382, 2.92402139950873, 3.8264181497567, 4.89346144998492,
  6.15818184983154, 7.65953289967186, 9.443819799993, 11.5652774999329, 14.0884324499439,
  17.0893036499556, 20.6580694499856, 24.9012377499945, 29.945072799976, 35.9387667499927,
  43.0592063999605, 51.5155386999649, 61.5553531499961, 73.4716182999805, 87.6113783496337,
  104.384299199706, 124.275985499834, 147.860715649921, 175.81797914994, 208.950582949914,
];

/** Each main building level shortens every build by this factor (the game's 1.05^-level). */
const MAIN_BUILDING_REDUCTION = 1.05;

/**
 * Seconds to raise `building` to `level` with the main building at `mainLevel`, on a world of `speed`:
 * build_time × factor(level) × 1.05^-mainLevel ÷ speed, rounded to whole seconds (today's worlds,
 * buildtime_formula 2; see buildTimeFactors). The main building's reduction is the one the
 * Tribal Wars forum's "Building Time Formula" threads give, and DS-Ultimate divides it out the same way.
 * Example: a barracks level 1 with the main building at 3 on a speed-1 world takes
 * 1800 × 0.09597 ÷ 1.05³ ≈ 149 s.
 */
export function buildSeconds(building: Building, level: number, mainLevel: number, speed: number): number {
  const factor = buildTimeFactors[Math.min(Math.max(level, 1), buildTimeFactors.length) - 1] as number;
  const seconds = (rules[building].time * factor * Math.pow(MAIN_BUILDING_REDUCTION, -mainLevel)) / speed;
  return Math.max(1, Math.round(seconds));
}

/** Points a building of this level is worth (the game's: level 1 its base, each level ×1.2 of that, rounded). */
export function buildingPoints(building: Building, level: number): number {
  return level < 1 ? 0 : Math.round(rules[building].points * Math.pow(1.2, level - 1));
}

/** Points raising the building to `level` adds. */
export function levelPoints(building: Building, level: number): number {
  return buildingPoints(building, level) - buildingPoints(building, level - 1);
}

/** Points of a village from its building levels (a full village about 12,000, as in the game). */
export function villagePoints(levels: BuildingLevels): number {
  let points = 0;
  for (const building of buildings) points += buildingPoints(building, levels[building]);
  return points;
}

/** Population the buildings of these levels use. */
export function buildingsPopulation(levels: BuildingLevels): number {
  let pop = 0;
  for (const building of buildings) for (let level = 1; level <= levels[building]; level++) pop += buildCost(building, level).pop;
  return pop;
}

/** The first requirement `levels` do not meet for the next level of `building`, or null. */
export function missingRequirement(levels: BuildingLevels, building: Building): { building: Building; level: number } | null {
  for (const [needed, level] of Object.entries(buildingRequirements[building]) as [Building, number][]) {
    if (levels[needed] < level) return { building: needed, level };
  }
  return null;
}

/** What one unit costs to recruit, the population it takes, its seconds at world speed 1 and where it is recruited. */
export const unitCosts: Record<Unit, { wood: number; stone: number; iron: number; pop: number; seconds: number; building: Building }> = {
  spear: { wood: 50, stone: 30, iron: 10, pop: 1, seconds: 1020, building: "barracks" },
  sword: { wood: 30, stone: 30, iron: 70, pop: 1, seconds: 1500, building: "barracks" },
  axe: { wood: 60, stone: 30, iron: 40, pop: 1, seconds: 1320, building: "barracks" },
  archer: { wood: 100, stone: 30, iron: 60, pop: 1, seconds: 1800, building: "barracks" },
  spy: { wood: 50, stone: 50, iron: 20, pop: 2, seconds: 900, building: "stable" },
  light: { wood: 125, stone: 100, iron: 250, pop: 4, seconds: 1800, building: "stable" },
  marcher: { wood: 250, stone: 100, iron: 150, pop: 5, seconds: 2700, building: "stable" },
  heavy: { wood: 200, stone: 150, iron: 600, pop: 6, seconds: 3600, building: "stable" },
  ram: { wood: 300, stone: 200, iron: 200, pop: 5, seconds: 4800, building: "garage" },
  catapult: { wood: 320, stone: 400, iron: 100, pop: 8, seconds: 7200, building: "garage" },
  knight: { wood: 20, stone: 20, iron: 40, pop: 10, seconds: 21600, building: "statue" },
  snob: { wood: 40000, stone: 50000, iron: 50000, pop: 100, seconds: 18000, building: "snob" },
};
