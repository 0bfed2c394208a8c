// Server time: a world's clock runs in its market's zone (time-zones.ts; Europe/Berlin on
// die-staemme.de), never the browser's. Every function takes that zone (an IANA name). Times are epoch
// milliseconds; the text form is the game's DD.MM.YY HH:mm:ss:SSS. Uses Intl only (no date library).
import { gameError, gameOk, type GameResult } from "./result.js";

export const serverTimeMessages = {
  format: "Bitte gib die Zeit im Format TT.MM.JJ HH:mm:ss:SSS ein (z. B. 24.12.25 18:00:00:000).",
  invalidDate: "Dieses Datum gibt es nicht.",
  skipped: (zone: string) => `Diese Uhrzeit gibt es in ${zone} nicht (Umstellung auf Sommerzeit).`,
} as const;

export interface ServerTimeParts {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
  /** 0..23 */
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone (building one costs far more than using it); throws a RangeError for an unknown zone. */
function zoneFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

function checkTime(ms: number): void {
  if (!Number.isFinite(ms)) throw new RangeError(`Ungültige Zeit: ${ms}`);
}

/** The wall-clock fields of an instant in the zone. */
export function serverTimeParts(ms: number, zone: string): ServerTimeParts {
  checkTime(ms);
  const whole = Math.floor(ms);
  const parts: Record<string, number> = {};
  for (const part of zoneFormatter(zone).formatToParts(whole)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? NaN,
    month: parts.month ?? NaN,
    day: parts.day ?? NaN,
    hour: parts.hour ?? NaN,
    minute: parts.minute ?? NaN,
    second: parts.second ?? NaN,
    millisecond: ((whole % 1000) + 1000) % 1000,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** "DD.MM.YY HH:mm:ss:SSS" in the zone, e.g. "26.10.25 02:30:00:000" (two-digit year: unambiguous for 2000–2099). */
export function formatServerTime(ms: number, zone: string): string {
  const p = serverTimeParts(ms, zone);
  return `${pad(p.day)}.${pad(p.month)}.${pad(((p.year % 100) + 100) % 100)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}:${pad(p.millisecond, 3)}`;
}

/**
 * DS Workbench's time in its BB-code exports (types/Attack.java#getReplacements, worlds with
 * milliseconds): "dd.MM.yy 'um' HH:mm:ss.SSS", in BB code the milliseconds in "[size=8]…[/size]".
 */
export function formatDswbTime(ms: number, zone: string, bbCode = false): string {
  const p = serverTimeParts(ms, zone);
  const millis = pad(p.millisecond, 3);
  return `${pad(p.day)}.${pad(p.month)}.${pad(((p.year % 100) + 100) % 100)} um ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}.${bbCode ? `[size=8]${millis}[/size]` : millis}`;
}

/** The wall clock read as if it were UTC (the fields of serverTimeParts as one number). */
function wallClock(p: ServerTimeParts): number {
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, p.millisecond);
}

/** Offset of the zone from UTC at that instant, in ms (Europe/Berlin: 3600000 in winter, 7200000 in summer). */
export function serverTimeOffsetMs(ms: number, zone: string): number {
  const whole = Math.floor(ms);
  return wallClock(serverTimeParts(whole, zone)) - whole;
}

/**
 * The instant a wall-clock time in the zone denotes. In the repeated hour of the autumn change the
 * earlier instant (still summer time) is taken; a time in the skipped spring hour gives null.
 */
export function serverWallClockToMs(p: ServerTimeParts, zone: string): number | null {
  const wall = wallClock(p);
  const candidates = new Set([
    serverTimeOffsetMs(wall - 86_400_000, zone),
    serverTimeOffsetMs(wall, zone),
    serverTimeOffsetMs(wall + 86_400_000, zone),
  ]);
  let best: number | null = null;
  for (const offset of candidates) {
    const ms = wall - offset;
    if (wallClock(serverTimeParts(ms, zone)) === wall && (best === null || ms < best)) best = ms;
  }
  return best;
}

/**
 * Reads "DD.MM.YY HH:mm:ss:SSS" (also a four-digit year, "." before the milliseconds, or no
 * milliseconds) as a time in the zone. Two-digit years are 2000–2099. The repeated autumn hour is
 * read as its first occurrence (summer time).
 */
export function parseServerTime(input: string, zone: string): GameResult<number> {
  const match = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})\s+(\d{1,2}):(\d{2}):(\d{2})(?:[:.](\d{3}))?\s*$/.exec(input);
  if (!match) return gameError(serverTimeMessages.format);
  const [day, month, yearText, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const year = (match[3] as string).length === 2 ? 2000 + yearText : yearText;
  const millisecond = match[7] === undefined ? 0 : Number(match[7]);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth || hour > 23 || minute > 59 || second > 59) {
    return gameError(serverTimeMessages.invalidDate);
  }
  const ms = serverWallClockToMs({ year, month, day, hour, minute, second, millisecond }, zone);
  return ms === null ? gameError(serverTimeMessages.skipped(zone)) : gameOk(ms);
}
