// Village coordinates `x|y` (0..999 each): schema, formatter, single-input parser and extraction
// from free text (forum posts, BB-code, reports).
import { z } from "zod";
import { gameError, gameOk, type GameResult } from "./result.js";

export const COORD_MAX = 999;

const axis = z.number().int().min(0).max(COORD_MAX);
export const coordSchema = z.object({ x: axis, y: axis });
export type Coord = z.infer<typeof coordSchema>;

/** A coordinate found in text: the value, where it starts and the matched characters. */
export interface CoordMatch extends Coord {
  /** Offset of the first digit in the text (UTF-16 code units, as String#slice counts). */
  index: number;
  /** The matched text, e.g. "500|500" (digits as written, "050|007" stays as is). */
  text: string;
}

export const coordMessages = {
  format: "Bitte gib eine Koordinate im Format x|y ein (z. B. 500|500).",
  range: "Koordinaten gehen von 0|0 bis 999|999.",
} as const;

/** Whole numbers 0..999 on both axes. */
export function isCoord(value: { x: number; y: number }): boolean {
  return isAxis(value.x) && isAxis(value.y);
}

const isAxis = (n: number) => Number.isInteger(n) && n >= 0 && n <= COORD_MAX;

/** "500|500"; no padding, as the game shows coordinates. */
export function formatCoord(coord: Coord): string {
  return `${coord.x}|${coord.y}`;
}

// 1–3 digits, a bar, 1–3 digits, with no digit directly before or after: "1234|567" is none.
const coordPattern = /(?<!\d)(\d{1,3})\|(\d{1,3})(?!\d)/g;

/** Every coordinate in the text, in order of appearance. */
export function extractCoords(text: string): CoordMatch[] {
  const found: CoordMatch[] = [];
  for (const match of text.matchAll(coordPattern)) {
    found.push({ x: Number(match[1]), y: Number(match[2]), index: match.index, text: match[0] });
  }
  return found;
}

/**
 * The distinct coordinates of a text in order of appearance, stopping after `max` (so "more than max"
 * costs no more than reading up to the (max + 1)-th distinct one).
 */
export function distinctCoords(text: string, max = Infinity): Coord[] {
  const seen = new Set<number>();
  const found: Coord[] = [];
  for (const match of text.matchAll(coordPattern)) {
    const coord = { x: Number(match[1]), y: Number(match[2]) };
    const key = coord.x * 1000 + coord.y;
    if (seen.has(key)) continue;
    seen.add(key);
    found.push(coord);
    if (found.length >= max) break;
  }
  return found;
}

/**
 * One coordinate typed by a user: `x|y`, optional spaces around the bar, optionally in parentheses.
 * German error otherwise.
 */
export function parseCoord(input: string): GameResult<Coord> {
  const trimmed = input.trim();
  const match = /^\(?\s*(\d+)\s*\|\s*(\d+)\s*\)?$/.exec(trimmed);
  if (!match || trimmed.startsWith("(") !== trimmed.endsWith(")")) return gameError(coordMessages.format);
  const [x, y] = [match[1] as string, match[2] as string];
  if (x.length > 3 || y.length > 3) return gameError(coordMessages.range);
  return gameOk({ x: Number(x), y: Number(y) });
}

/** A form field holding one coordinate as text; outputs the `Coord`. */
export const coordInputSchema = z.string({ error: coordMessages.format }).transform((input, ctx) => {
  const parsed = parseCoord(input);
  if (parsed.ok) return parsed.value;
  ctx.issues.push({ code: "custom", message: parsed.error, input });
  return z.NEVER;
});
