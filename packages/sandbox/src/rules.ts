// Simplified game rules of the sandbox: production, storage, farm, costs and times.
// Shapes follow the real game (exponential growth per level); the constants are rounded.
import type { Building, BuildingLevels, Resources, Unit } from "@dsbot/protocol";

export const maxLevels: BuildingLevels = {
  main: 30, barracks: 25, stable: 20, garage: 15, church: 3, church_f: 1, watchtower: 20, snob: 1, smith: 20,
  place: 1, statue: 1, market: 25, wood: 30, stone: 30, iron: 30, farm: 30, storage: 30, hide: 10, wall: 20,
};

/** Base cost (level 1) and growth factor per level; time in seconds at main level 1. */
const buildingCosts: Record<Building, { wood: number; stone: number; iron: number; pop: number; time: number; factor: number }> = {
  main: { wood: 90, stone: 80, iron: 70, pop: 5, time: 900, factor: 1.26 },
  barracks: { wood: 200, stone: 170, iron: 90, pop: 7, time: 1800, factor: 1.26 },
  stable: { wood: 270, stone: 240, iron: 260, pop: 8, time: 6000, factor: 1.26 },
  garage: { wood: 300, stone: 240, iron: 260, pop: 8, time: 6000, factor: 1.26 },
  church: { wood: 16000, stone: 20000, iron: 5000, pop: 5000, time: 184980, factor: 1.26 },
  church_f: { wood: 160, stone: 200, iron: 50, pop: 5, time: 8160, factor: 1.26 },
  watchtower: { wood: 12000, stone: 14000, iron: 10000, pop: 500, time: 13200, factor: 1.17 },
  snob: { wood: 15000, stone: 25000, iron: 10000, pop: 80, time: 586800, factor: 2 },
  smith: { wood: 220, stone: 180, iron: 240, pop: 20, time: 6000, factor: 1.26 },
  place: { wood: 10, stone: 40, iron: 30, pop: 0, time: 10860, factor: 1.26 },
  statue: { wood: 220, stone: 220, iron: 220, pop: 10, time: 1500, factor: 1.26 },
  market: { wood: 100, stone: 100, iron: 100, pop: 20, time: 2700, factor: 1.26 },
  wood: { wood: 50, stone: 60, iron: 40, pop: 5, time: 900, factor: 1.25 },
  stone: { wood: 65, stone: 50, iron: 40, pop: 10, time: 900, factor: 1.27 },
  iron: { wood: 75, stone: 65, iron: 70, pop: 10, time: 1080, factor: 1.252 },
  farm: { wood: 45, stone: 40, iron: 30, pop: 0, time: 1200, factor: 1.3 },
  storage: { wood: 60, stone: 50, iron: 40, pop: 0, time: 1020, factor: 1.265 },
  hide: { wood: 50, stone: 60, iron: 50, pop: 2, time: 1800, factor: 1.25 },
  wall: { wood: 50, stone: 100, iron: 20, pop: 5, time: 3600, factor: 1.26 },
};

/** Resources per hour of one mine at `level` on a world of `speed`. */
export function production(level: number, speed: number): number {
  return level === 0 ? 5 * speed : 30 * Math.pow(1.163118, level - 1) * speed;
}

export function storageCapacity(level: number): number {
  return Math.round(1000 * Math.pow(1.2294934, Math.max(level, 1) - 1));
}

export function farmCapacity(level: number): number {
  return Math.round(240 * Math.pow(1.172103, Math.max(level, 1) - 1));
}

/** Cost of raising `building` to `level`. */
export function buildCost(building: Building, level: number): Resources & { pop: number } {
  const base = buildingCosts[building];
  const f = Math.pow(base.factor, level - 1);
  const popPrev = level > 1 ? Math.round(base.pop * Math.pow(1.17, level - 2)) : 0;
  return {
    wood: Math.round(base.wood * f),
    stone: Math.round(base.stone * f),
    iron: Math.round(base.iron * f),
    pop: Math.round(base.pop * Math.pow(1.17, level - 1)) - popPrev,
  };
}

/** Build time in seconds; a higher main building builds faster. */
export function buildSeconds(building: Building, level: number, mainLevel: number, speed: number): number {
  const base = buildingCosts[building].time;
  return Math.max(1, Math.round((base * Math.pow(1.2, level - 1) * Math.pow(0.952, mainLevel - 1)) / speed));
}

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

/** Minutes per field at world speed 1 and unit speed 1 (the real game's base values). */
export const unitMinutesPerField: Record<Unit, number> = {
  spear: 18, sword: 22, axe: 18, archer: 18, spy: 9, light: 10, marcher: 10, heavy: 11, ram: 30, catapult: 30,
  knight: 10, snob: 35,
};

/** Points of a village from its building levels (roughly the game's scale: ~26 for a new village). */
export function villagePoints(levels: BuildingLevels): number {
  let points = 0;
  for (const [building, level] of Object.entries(levels) as [Building, number][]) {
    if (level > 0) points += Math.round((building === "main" ? 10 : 4) * Math.pow(1.2, level - 1));
  }
  return points;
}

export const gameErrors = {
  not_logged_in: "Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.",
  captcha: "Bot-Schutz: Bitte bestätige im Spiel, dass du kein Bot bist.",
  invalid_credentials: "Benutzername oder Passwort ist ungültig.",
  maintenance: "Die Welt wird gerade gewartet. Bitte versuche es später erneut.",
  resources: "Nicht genügend Rohstoffe vorhanden.",
  queue_full: "Die Bauschleife ist voll.",
  requirements: "Die Voraussetzungen sind nicht erfüllt.",
  max_level: "Das Gebäude ist bereits vollständig ausgebaut.",
  units: "Nicht genügend Einheiten vorhanden.",
  farm: "Der Bauernhof ist zu klein.",
  not_found: "Das Dorf existiert nicht oder gehört dir nicht.",
  invalid: "Ungültige Eingabe.",
} as const;
