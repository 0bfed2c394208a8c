// Server time: the game's worlds run on Europe/Berlin (CET/CEST). Times are epoch milliseconds;
// the text form is the game's DD.MM.YY HH:mm:ss:SSS. Uses Intl only (no date library).
import { gameError, gameOk, type GameResult } from "./result.js";

export const SERVER_TIME_ZONE = "Europe/Berlin";

export const serverTimeMessages = {
  format: "Bitte gib die Zeit im Format TT.MM.JJ HH:mm:ss:SSS ein (z. B. 24.12.25 18:00:00:000).",
  invalidDate: "Dieses Datum gibt es nicht.",
  skipped: "Diese Uhrzeit gibt es in Europe/Berlin nicht (Umstellung auf Sommerzeit).",
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

let formatter: Intl.DateTimeFormat | undefined;

function berlinFormatter(): Intl.DateTimeFormat {
  formatter ??= new Intl.DateTimeFormat("en-US", {
    timeZone: SERVER_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  });
  return formatter;
}

function checkTime(ms: number): void {
  if (!Number.isFinite(ms)) throw new RangeError(`Ungültige Zeit: ${ms}`);
}

/** The wall-clock fields of an instant in Europe/Berlin. */
export function serverTimeParts(ms: number): ServerTimeParts {
  checkTime(ms);
  const whole = Math.floor(ms);
  const parts: Record<string, number> = {};
  for (const part of berlinFormatter().formatToParts(whole)) {
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

/** "DD.MM.YY HH:mm:ss:SSS" in Europe/Berlin, e.g. "26.10.25 02:30:00:000" (two-digit year: unambiguous for 2000–2099). */
export function formatServerTime(ms: number): string {
  const p = serverTimeParts(ms);
  return `${pad(p.day)}.${pad(p.month)}.${pad(((p.year % 100) + 100) % 100)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}:${pad(p.millisecond, 3)}`;
}

/**
 * DS Workbench's time in its BB-code exports (types/Attack.java#getReplacements, worlds with
 * milliseconds): "dd.MM.yy 'um' HH:mm:ss.SSS", in BB code the milliseconds in "[size=8]…[/size]".
 */
export function formatDswbTime(ms: number, bbCode = false): string {
  const p = serverTimeParts(ms);
  const millis = pad(p.millisecond, 3);
  return `${pad(p.day)}.${pad(p.month)}.${pad(((p.year % 100) + 100) % 100)} um ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}.${bbCode ? `[size=8]${millis}[/size]` : millis}`;
}

/** The wall clock read as if it were UTC (the fields of serverTimeParts as one number). */
function wallClock(p: ServerTimeParts): number {
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, p.millisecond);
}

/** Offset of Europe/Berlin from UTC at that instant, in ms (3600000 in winter, 7200000 in summer). */
export function serverTimeOffsetMs(ms: number): number {
  const whole = Math.floor(ms);
  return wallClock(serverTimeParts(whole)) - whole;
}

/**
 * The instant a Europe/Berlin wall-clock time denotes. In the repeated hour of the autumn change the
 * earlier instant (still summer time) is taken; a time in the skipped spring hour gives null.
 */
export function serverWallClockToMs(p: ServerTimeParts): number | null {
  const wall = wallClock(p);
  const candidates = new Set([serverTimeOffsetMs(wall - 86_400_000), serverTimeOffsetMs(wall), serverTimeOffsetMs(wall + 86_400_000)]);
  let best: number | null = null;
  for (const offset of candidates) {
    const ms = wall - offset;
    if (wallClock(serverTimeParts(ms)) === wall && (best === null || ms < best)) best = ms;
  }
  return best;
}

/**
 * Reads "DD.MM.YY HH:mm:ss:SSS" (also a four-digit year, "." before the milliseconds, or no
 * milliseconds) as Europe/Berlin time. Two-digit years are 2000–2099. The repeated autumn hour is
 * read as its first occurrence (summer time).
 */
export function parseServerTime(input: string): GameResult<number> {
  const match = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})\s+(\d{1,2}):(\d{2}):(\d{2})(?:[:.](\d{3}))?\s*$/.exec(input);
  if (!match) return gameError(serverTimeMessages.format);
  const [day, month, yearText, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const year = (match[3] as string).length === 2 ? 2000 + yearText : yearText;
  const millisecond = match[7] === undefined ? 0 : Number(match[7]);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth || hour > 23 || minute > 59 || second > 59) {
    return gameError(serverTimeMessages.invalidDate);
  }
  const ms = serverWallClockToMs({ year, month, day, hour, minute, second, millisecond });
  return ms === null ? gameError(serverTimeMessages.skipped) : gameOk(ms);
}
