// The night bonus (get_config `<night>`): between start_hour and end_hour server time (the world's
// zone, time-zones.ts) defenders fight with def_factor. The window may wrap midnight (23 → 7) or not (0 → 8).
import { serverTimeParts } from "./server-time.js";

/** The part of a world's config the night bonus needs; null or inactive = no night bonus. */
export interface NightBonusWindow {
  active: boolean;
  startHour: number;
  endHour: number;
}

/** Whether the server hour (0..23) lies in the window: [start, end), wrapping midnight when start > end. */
export function isNightHour(hour: number, night: NightBonusWindow | null | undefined): boolean {
  if (!night?.active || night.startHour === night.endHour) return false;
  if (night.startHour < night.endHour) return hour >= night.startHour && hour < night.endHour;
  return hour >= night.startHour || hour < night.endHour;
}

/** Whether an arrival at `timeMs` falls into the world's night bonus (hours of the world's zone). */
export function isNightBonus(timeMs: number, config: { night: NightBonusWindow | null | undefined }, zone: string): boolean {
  if (!config.night?.active) return false;
  return isNightHour(serverTimeParts(timeMs, zone).hour, config.night);
}
