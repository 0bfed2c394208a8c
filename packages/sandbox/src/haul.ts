// What an attack's survivors carry home from the village they beat.
import type { Resources } from "@dsbot/protocol";

const kinds = ["wood", "stone", "iron"] as const;

/**
 * Resources the hiding place keeps from a plunderer at `level`, per resource: 150 × 1.3335^(level − 1),
 * rounded (DS Workbench, de.tor.tribes.util.BuildingSettings `HIDE_CAPACITY`, `HIDE_CAPACITY_FACTOR`).
 */
export function hideCapacity(level: number): number {
  return level <= 0 ? 0 : Math.round(150 * Math.pow(1.3335, level - 1));
}

/**
 * The haul: up to `capacity` of what lies `free` (above the hiding place) in the village.
 *
 * Assumption: the load is filled evenly across wood, stone and iron, and what one resource lacks is
 * filled evenly from the others (capacity 1,000 against 100 wood, 2,000 stone and 500 iron takes
 * 100 / 450 / 450). Neither DS Workbench nor TWB models the split and no help page of the game states
 * it; it is what the game's battle reports show. Whole units that do not divide evenly (770 over three
 * resources) go one each to wood, then stone, then iron (257 / 257 / 256).
 */
export function splitHaul(free: Resources, capacity: number): Resources {
  const haul: Resources = { wood: 0, stone: 0, iron: 0 };
  const left = (r: (typeof kinds)[number]) => Math.max(0, Math.floor(free[r])) - haul[r];
  let load = Math.max(0, Math.floor(capacity));
  let open = kinds.filter((r) => left(r) > 0);
  while (load > 0 && open.length > 0) {
    const share = Math.floor(load / open.length);
    if (share === 0) {
      // Fewer units than resources still open: one each, in order.
      for (const r of open.slice(0, load)) haul[r] += 1;
      break;
    }
    const short = open.filter((r) => left(r) <= share);
    if (short.length === 0) {
      for (const r of open) haul[r] += share;
      load -= share * open.length;
      continue;
    }
    // These give all they have; the rest of the load is shared among the others again.
    for (const r of short) {
      const rest = left(r);
      load -= rest;
      haul[r] += rest;
    }
    open = open.filter((r) => !short.includes(r));
  }
  return haul;
}
