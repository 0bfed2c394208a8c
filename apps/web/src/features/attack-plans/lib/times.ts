// Server times of the attack plans, in the zone of the plan's world (never the browser's), as the table
// shows them (DD.MM.YY HH:mm:ss plus :SSS) and as the forms take them (DD.MM.YYYY HH:mm:ss:SSS,
// milliseconds kept exactly). A typed time in the repeated autumn hour names two instants: the form keeps
// the player's choice of occurrence beside the text (repeated-hour-choice.tsx asks for it).
import { formatServerTime, parseServerTime, repeatedHourOf, serverTimeParts, type GameResult, type RepeatedHour } from "@dsbot/protocol";

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The table's time: `DD.MM.YY HH:mm:ss` and the milliseconds `:SSS` apart (shown smaller). */
export function splitServerTime(ms: number, zone: string): { main: string; millis: string } {
  const text = formatServerTime(ms, zone);
  return { main: text.slice(0, -4), millis: text.slice(-4) };
}

/** `DD.MM.YYYY HH:mm:ss:SSS` (or without `:SSS`) in the zone, for a form field. */
export function formatInputTime(ms: number, zone: string, withMillis = true): string {
  const p = serverTimeParts(ms, zone);
  const base = `${pad(p.day)}.${pad(p.month)}.${p.year} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
  return withMillis ? `${base}:${pad(p.millisecond, 3)}` : base;
}

/**
 * Reads a form field's time (two- or four-digit year, milliseconds optional) in the zone; one in the
 * repeated autumn hour as `repeatedHour` says, without it refused with the question.
 */
export function parseInputTime(text: string, zone: string, repeatedHour?: RepeatedHour | null): GameResult<number> {
  return parseServerTime(text, zone, { repeatedHour });
}

/** A form field's text for an instant and the occurrence that text needs to read back to it (null outside the repeated hour). */
export function inputTimeOf(ms: number, zone: string, withMillis = true): { text: string; repeatedHour: RepeatedHour | null } {
  return { text: formatInputTime(ms, zone, withMillis), repeatedHour: repeatedHourOf(ms, zone) };
}
