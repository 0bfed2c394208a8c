// The pieces of an SOS text (sos-parser.ts reads it with them): its keywords, a line cut at them, values
// without BB codes, coordinates, player and tribe names, and unit names.
import { COORD_MAX, type Coord } from "../game/coords.js";
import { unitLabels, units, type Unit } from "../units.js";

export type Keyword = "defender" | "name" | "tribe" | "points" | "target" | "wall" | "troops" | "unit" | "attack" | "attacker" | "origin" | "arrival";

const keywordPattern =
  /\bVerteidiger\b|\bAngegriffenes\s+Dorf\b|\bAnwesende\s+Truppen\b|(?<![\d.])\d{1,5}\.\s*Angriff\b|\bAngreifer\s*:|\bName\s*:|\bStamm\s*:|\bPunkte\s*:|\bStufe\s+des\s+Walls\s*:|\bHerkunft\s*:|\bAnkunftszeit\s*:|\[unit\]/g;

const keywordWords: Record<string, Keyword> = {
  Verteidiger: "defender", Name: "name", Stamm: "tribe", Punkte: "points", Angegriffenes: "target", Stufe: "wall",
  Anwesende: "troops", Angreifer: "attacker", Herkunft: "origin", Ankunftszeit: "arrival",
};

function keywordOf(match: string): Keyword {
  if (/^\d/.test(match)) return "attack";
  if (match === "[unit]") return "unit";
  return keywordWords[/^[A-Za-z]+/.exec(match)?.[0] ?? ""] ?? "points";
}

/** The keywords' German names, for messages. */
export const fieldNames: Partial<Record<Keyword, string>> = { attacker: "Angreifer:", origin: "Herkunft:", arrival: "Ankunftszeit:" };

// Every pattern looks at most a bounded distance ahead, so no text makes it slower than linear.
/** The contents of [player]…[/player] and [ally]…[/ally] (names, at most 100 characters): no keyword is looked for there. */
const namedTagPattern = /\[(player|ally)\][^\n]{0,100}?\[\/\1\]/g;
export const playerPattern = /\[player\]([^\n]{0,100}?)\[\/player\]/;
export const allyPattern = /\[ally\]([^\n]{0,100}?)\[\/ally\]/;
const bbTagPattern = /\[\/?(?:b|i|u|s|size|color|coord|player|ally|unit|village|url|quote|spoiler)(?:=[^\]]{0,50})?\]/gi;
const taggedCoordPattern = /\[coord\]\s*(\d+)\|(\d+)\s*\[\/coord\]/;
const coordPattern = /(?<!\d)(\d+)\|(\d+)(?!\d)/g;

/** A line cut at its keywords: the text before the first one (keyword null), then each keyword with its value. */
export function segments(line: string): { keyword: Keyword | null; value: string }[] {
  const masked = line.replace(namedTagPattern, (tagged) => " ".repeat(tagged.length));
  const found: { keyword: Keyword | null; value: string }[] = [];
  let keyword: Keyword | null = null;
  let start = 0;
  for (const match of masked.matchAll(keywordPattern)) {
    found.push({ keyword, value: line.slice(start, match.index) });
    keyword = keywordOf(match[0]);
    start = match.index + match[0].length;
  }
  found.push({ keyword, value: line.slice(start) });
  return found;
}

/** A value without BB codes and with single spaces. */
export function plain(value: string): string {
  return value.replace(bbTagPattern, " ").replace(/\s+/g, " ").trim();
}

export function nameValue(value: string, tagged: RegExp): string | null {
  const match = tagged.exec(value);
  const name = match ? (match[1] as string).trim() : plain(value);
  return name === "" ? null : name;
}

export type CoordRead = { ok: true; coord: Coord } | { ok: false; text: string };

/** The [coord] of a value, else its last "x|y" (a village name comes before its coordinate); null if none. */
export function readCoord(value: string): CoordRead | null {
  const tagged = taggedCoordPattern.exec(value);
  const match = tagged ?? [...plain(value).matchAll(coordPattern)].at(-1);
  if (!match) return null;
  const [x, y] = [match[1] as string, match[2] as string];
  if (x.length > 3 || y.length > 3 || Number(x) > COORD_MAX || Number(y) > COORD_MAX) return { ok: false, text: `${x}|${y}` };
  return { ok: true, coord: { x: Number(x), y: Number(y) } };
}

/** A unit by its game name ("axe") or German label ("Axtkämpfer"). */
export function unitByName(name: string): Unit | null {
  if ((units as readonly string[]).includes(name)) return name as Unit;
  return units.find((unit) => unitLabels[unit] === name) ?? null;
}
