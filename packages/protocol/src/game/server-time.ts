// Server time: a world's clock runs in its market's zone (time-zones.ts; Europe/Berlin on
// die-staemme.de), never the browser's. Every function takes that zone (an IANA name). Times are epoch
// milliseconds; the text form is the game's DD.MM.YY HH:mm:ss:SSS. Uses Intl only (no date library).
//
// Clock changes: a wall-clock time in the hour skipped in spring does not exist and is refused. A time
// in the hour repeated in autumn (Europe/Berlin: 02:00–02:59:59.999 on the last Sunday of October)
// names two instants, an hour apart; it is read only with the player's choice (`repeatedHour`:
// "first" = still summer time, "second" = winter time), else the parse answers a German question.
import { gameError, gameOk, type GameResult } from "./result.js";

/** Which of the two instants of a time in the repeated autumn hour is meant. */
export const repeatedHours = ["first", "second"] as const;
export type RepeatedHour = (typeof repeatedHours)[number];

export interface ServerTimeParseOptions {
  /** The occurrence meant when the time lies in the repeated autumn hour; without it such a time is refused with a question. */
  repeatedHour?: RepeatedHour | null;
}

export const serverTimeMessages = {
  format: "Bitte gib die Zeit im Format TT.MM.JJ HH:mm:ss:SSS ein (z. B. 24.12.25 18:00:00:000).",
  invalidDate: "Dieses Datum gibt es nicht.",
  skipped: (zone: string) => `Diese Uhrzeit gibt es in ${zone} nicht (Umstellung auf Sommerzeit).`,
  /** The question for a time in the repeated hour; `first`/`second` are repeatedHourLabels. */
  repeated: (time: string, zone: string, first: string, second: string) =>
    `„${time}“ gibt es in ${zone} zweimal (Umstellung auf Winterzeit). Bitte wähle, welche gemeint ist: die ${first} oder die ${second}.`,
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

/** The day of an instant in the zone, "YYYY-MM-DD" (a bot's daily figures are kept per server day). */
export function serverDay(ms: number, zone: string): string {
  const p = serverTimeParts(ms, zone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
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
 * Every instant the wall-clock time in the zone denotes, earliest first: one as a rule, none in the hour
 * skipped in spring, two (an hour apart) in the hour repeated in autumn.
 */
export function serverWallClockCandidates(p: ServerTimeParts, zone: string): number[] {
  const wall = wallClock(p);
  // The offsets in force a day either side: a clock change lies between them, if any.
  const offsets = new Set([serverTimeOffsetMs(wall - 86_400_000, zone), serverTimeOffsetMs(wall, zone), serverTimeOffsetMs(wall + 86_400_000, zone)]);
  const found = new Set<number>();
  for (const offset of offsets) {
    const ms = wall - offset;
    if (wallClock(serverTimeParts(ms, zone)) === wall) found.add(ms);
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * The instant a wall-clock time in the zone denotes; null in the skipped spring hour, and in the
 * repeated autumn hour unless `repeatedHour` says which occurrence is meant (serverWallClockCandidates
 * tells the two cases apart).
 */
export function serverWallClockToMs(p: ServerTimeParts, zone: string, repeatedHour?: RepeatedHour | null): number | null {
  const candidates = serverWallClockCandidates(p, zone);
  if (candidates.length === 1) return candidates[0] as number;
  if (candidates.length === 0 || !repeatedHour) return null;
  return (repeatedHour === "first" ? candidates[0] : candidates.at(-1)) as number;
}

/** "UTC+2", "UTC+5:30", "UTC-3", "UTC": an offset in ms as people write it. */
export function formatUtcOffset(offsetMs: number): string {
  if (offsetMs === 0) return "UTC";
  const minutes = Math.round(Math.abs(offsetMs) / 60_000);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `UTC${offsetMs < 0 ? "-" : "+"}${hours}${rest ? `:${String(rest).padStart(2, "0")}` : ""}`;
}

/** The German names of the two occurrences of a repeated time: "erste (Sommerzeit, UTC+2)", "zweite (Winterzeit, UTC+1)". */
export function repeatedHourLabels(first: number, zone: string): Record<RepeatedHour, string> {
  return {
    first: `erste (Sommerzeit, ${formatUtcOffset(serverTimeOffsetMs(first, zone))})`,
    second: `zweite (Winterzeit, ${formatUtcOffset(serverTimeOffsetMs(first + 3_600_000, zone))})`,
  };
}

/**
 * Which occurrence an instant is when its wall-clock time lies in the repeated autumn hour, else null:
 * what a form prefilled with the instant chooses, so the text it shows reads back to the same instant.
 */
export function repeatedHourOf(ms: number, zone: string): RepeatedHour | null {
  const whole = Math.floor(ms);
  const candidates = serverWallClockCandidates(serverTimeParts(whole, zone), zone);
  if (candidates.length < 2) return null;
  return whole === candidates[0] ? "first" : "second";
}

const serverTimePattern = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})\s+(\d{1,2}):(\d{2}):(\d{2})(?:[:.](\d{3}))?\s*$/;

/**
 * The wall-clock fields of "DD.MM.YY HH:mm:ss:SSS" (also a four-digit year, "." before the
 * milliseconds, or no milliseconds), checked to be a real date and time of day. Two-digit years are
 * 2000–2099.
 */
export function readServerTimeParts(input: string): GameResult<ServerTimeParts> {
  const match = serverTimePattern.exec(input);
  if (!match) return gameError(serverTimeMessages.format);
  const [day, month, yearText, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const year = (match[3] as string).length === 2 ? 2000 + yearText : yearText;
  const millisecond = match[7] === undefined ? 0 : Number(match[7]);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth || hour > 23 || minute > 59 || second > 59) {
    return gameError(serverTimeMessages.invalidDate);
  }
  return gameOk({ year, month, day, hour, minute, second, millisecond });
}

/** The two instants of a typed time in the repeated autumn hour with their German names; null for any other text. */
export interface RepeatedHourChoice {
  /** The time as the game writes it ("25.10.26 02:30:00:000"). */
  time: string;
  instants: Record<RepeatedHour, number>;
  labels: Record<RepeatedHour, string>;
}

export function repeatedHourChoice(input: string, zone: string): RepeatedHourChoice | null {
  const parts = readServerTimeParts(input);
  if (!parts.ok) return null;
  const candidates = serverWallClockCandidates(parts.value, zone);
  if (candidates.length < 2) return null;
  const first = candidates[0] as number;
  const second = candidates.at(-1) as number;
  return { time: formatServerTime(first, zone), instants: { first, second }, labels: repeatedHourLabels(first, zone) };
}

/** A server time inside a longer text (an SOS request, a CSV file). */
const serverTimeInText = /(?<![\d.])\d{1,2}\.\d{1,2}\.(?:\d{4}|\d{2})\s+\d{1,2}:\d{2}:\d{2}(?:[:.]\d{3})?(?!\d)/g;

/**
 * The distinct times in the repeated autumn hour that a text holds (as the game writes them, at most
 * `max`): an import asks once which occurrence its times mean. Days without a clock change are skipped
 * after one look.
 */
export function repeatedHourTimesInText(text: string, zone: string, max = 3): string[] {
  const found: string[] = [];
  const changeDays = new Map<string, boolean>();
  for (const [timeText] of text.matchAll(serverTimeInText)) {
    const parts = readServerTimeParts(timeText);
    if (!parts.ok) continue;
    const { year, month, day } = parts.value;
    const key = `${year}-${month}-${day}`;
    let changes = changeDays.get(key);
    if (changes === undefined) {
      const noon = Date.UTC(year, month - 1, day, 12);
      changes = serverTimeOffsetMs(noon - 86_400_000, zone) !== serverTimeOffsetMs(noon + 86_400_000, zone);
      changeDays.set(key, changes);
    }
    const choice = changes ? repeatedHourChoice(timeText, zone) : null;
    if (!choice || found.includes(choice.time)) continue;
    found.push(choice.time);
    if (found.length >= max) break;
  }
  return found;
}

/**
 * Reads "DD.MM.YY HH:mm:ss:SSS" (also a four-digit year, "." before the milliseconds, or no
 * milliseconds) as a time in the zone. Two-digit years are 2000–2099. A time in the skipped spring
 * hour is refused; one in the repeated autumn hour takes `options.repeatedHour`, and without it is
 * refused with the German question naming the time and both choices.
 */
export function parseServerTime(input: string, zone: string, options: ServerTimeParseOptions = {}): GameResult<number> {
  const parts = readServerTimeParts(input);
  if (!parts.ok) return parts;
  const candidates = serverWallClockCandidates(parts.value, zone);
  if (candidates.length === 0) return gameError(serverTimeMessages.skipped(zone));
  if (candidates.length === 1) return gameOk(candidates[0] as number);
  const first = candidates[0] as number;
  if (options.repeatedHour) return gameOk(options.repeatedHour === "first" ? first : (candidates.at(-1) as number));
  const labels = repeatedHourLabels(first, zone);
  return gameError(serverTimeMessages.repeated(formatServerTime(first, zone), zone, labels.first, labels.second));
}
