// A large deterministic plan shared by the planner test and `bench/planner.mjs` (not exported by the
// package): villages and targets spread over 100×100 fields around 500|500, known troops, 8 attacks
// per target.
import { DEFAULT_SERVER_TIME_ZONE } from "../game/time-zones.js";
import { baseUnitSpeeds } from "../game/unit-info.js";
import { units } from "../units.js";
import type { PlannerInput } from "./planner.js";

export function plannerBenchInput(villages: number, targets: number, seed = 42): PlannerInput {
  let s = seed >>> 0;
  const random = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
  const coord = () => ({ x: 450 + Math.floor(random() * 100), y: 450 + Math.floor(random() * 100) });
  return {
    attackers: Array.from({ length: villages }, (_, i) => ({
      id: i + 1,
      coord: coord(),
      troops: { axe: 6000, light: 2500, ram: 250, spear: 3000, snob: random() < 0.2 ? 4 : 0 },
    })),
    targets: Array.from({ length: targets }, (_, i) => ({ coord: coord(), villageId: 100_000 + i })),
    window: { from: Date.UTC(2025, 11, 24, 17), to: Date.UTC(2025, 11, 24, 21) },
    counts: { attack: 2, conquer: 4, fake: 2 },
    templates: { attack: { axe: 3000, light: 1000, ram: 100 }, conquer: { snob: 1, axe: 200 }, fake: { ram: 1 } },
    unitInfo: Object.fromEntries(units.map((unit) => [unit, { speed: baseUnitSpeeds[unit] }])),
    algorithm: "nearest",
    night: { active: true, startHour: 0, endHour: 8 },
    avoidNightBonus: true,
    timeZone: DEFAULT_SERVER_TIME_ZONE,
  };
}
