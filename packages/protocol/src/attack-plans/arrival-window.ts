// The instants an attack may arrive at: the planner's window minus the world's night bonus, as a few
// inclusive [start, end] ms intervals, and the earliest or a random instant in them.
import { isNightBonus, type NightBonusWindow } from "../game/night-bonus.js";

/** Every zone's offset from UTC, and every change of it, falls on a quarter hour. */
const QUARTER_HOUR_MS = 900_000;

/**
 * Inclusive intervals [s0, e0, s1, e1, …] of `[from, to]` outside the night bonus (the whole window when
 * `night` is null or inactive), in the hours of the world's zone. The night bonus starts and ends on full
 * hours of that zone, and every zone is a whole number of quarter hours off UTC (changing only on a
 * quarter hour), so checking one instant per UTC quarter hour is exact.
 */
export function arrivalIntervals(from: number, to: number, night: NightBonusWindow | null | undefined, zone: string): number[] {
  if (!night?.active) return from <= to ? [from, to] : [];
  const config = { night };
  const out: number[] = [];
  for (let t = from; t <= to; ) {
    const end = Math.min(to, Math.floor(t / QUARTER_HOUR_MS) * QUARTER_HOUR_MS + QUARTER_HOUR_MS - 1);
    if (!isNightBonus(t, config, zone)) {
      if (out.length > 0 && out[out.length - 1] === t - 1) out[out.length - 1] = end;
      else out.push(t, end);
    }
    t = end + 1;
  }
  return out;
}

/** The earliest allowed instant ≥ `lower`, or null. */
export function earliestArrival(intervals: readonly number[], lower: number): number | null {
  for (let i = 0; i < intervals.length; i += 2) {
    const end = intervals[i + 1] as number;
    if (end >= lower) return Math.max(intervals[i] as number, lower);
  }
  return null;
}

/** A uniformly random allowed instant ≥ `lower` (whole ms) from `random()` in [0, 1), or null. */
export function randomArrival(intervals: readonly number[], lower: number, random: () => number): number | null {
  let total = 0;
  for (let i = 0; i < intervals.length; i += 2) {
    const start = Math.max(intervals[i] as number, lower);
    const end = intervals[i + 1] as number;
    if (end >= start) total += end - start + 1;
  }
  if (total === 0) return null;
  let offset = Math.floor(random() * total);
  for (let i = 0; i < intervals.length; i += 2) {
    const start = Math.max(intervals[i] as number, lower);
    const end = intervals[i + 1] as number;
    if (end < start) continue;
    const length = end - start + 1;
    if (offset < length) return start + offset;
    offset -= length;
  }
  return null;
}
