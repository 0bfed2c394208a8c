// When a squad is back, in the world's server time (never the browser's zone): "14:05:09" on the same
// server day as now, "28.11. 02:10:00" on a later one.
import { serverTimeParts } from "@dsbot/protocol";

const pad = (n: number) => String(n).padStart(2, "0");

/** A game time (epoch ms) as seen at `now`. */
export function gameTimeText(now: number, at: number, zone: string): string {
  const back = serverTimeParts(at, zone);
  const today = serverTimeParts(now, zone);
  const time = `${pad(back.hour)}:${pad(back.minute)}:${pad(back.second)}`;
  const sameDay = back.year === today.year && back.month === today.month && back.day === today.day;
  return sameDay ? time : `${pad(back.day)}.${pad(back.month)}. ${time}`;
}

/** A squad sent now, out `seconds` (whole seconds, as the game counts them). */
export function returnTimeText(now: number, seconds: number, zone: string): string {
  return gameTimeText(now, now + Math.round(seconds) * 1000, zone);
}
