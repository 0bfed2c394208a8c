// The troops overview of a premium account ("Übersichten" → "Truppen", the view with the rows
// "eigene", "im Dorf", "auswärts", "unterwegs") → the troops of each own village.
//
// The format as DS Workbench reads it (Torridity/dsworkbench, util/parser/TroopsParser70.java with the keys
// of ParserVariableManager.java): per village a line "Name (x|y) K44" followed by "eigene" and one count per
// unit of the world in the world's order (tabs or spaces, "Befehle" or "Truppen" behind the numbers), then
// the rows "im Dorf", "auswärts" and "unterwegs". A line ending in "+" (a link beside a count) goes on in
// the next line; "+" signs are no counts. Lines that belong to no village (the table head, "Gruppen: …",
// empty lines) are skipped.
//
// Read here with the rows on their own lines or joined on one, "eigene" also on the line after the name,
// and a row's numbers also broken onto the next line. A village's name may hold "(1)" or "|": the
// coordinate is the last "(x|y)" followed by "K" and the continent. Every problem is reported with its
// line; a village with any problem is not in `villages`.
import { continentNumber, formatContinent } from "../game/continent.js";
import { COORD_MAX, formatCoord } from "../game/coords.js";
import { TROOPS_VILLAGE_NAME_MAX } from "../troops.js";
import type { Unit, UnitCounts } from "../units.js";
import {
  troopsOverviewParseMessages as messages,
  warRoomParseMessages,
  WarRoomParseErrors,
  WAR_ROOM_PARSE_MAX_UNIT_COUNT,
  type WarRoomParseError,
} from "./parse-messages.js";

/** Longer texts are refused unread. */
export const TROOPS_OVERVIEW_MAX_CHARS = 2_000_000;
/** Default of `maxVillages`: more villages in one text are refused. */
export const TROOPS_OVERVIEW_MAX_VILLAGES_DEFAULT = 5_000;

/** One own village of the overview with its four rows (counts > 0 only). */
export interface OverviewVillageTroops {
  /** Line of the village's name (1-based). */
  line: number;
  name: string;
  x: number;
  y: number;
  /** "eigene": the village's own units at home (its units elsewhere are "auswärts" and "unterwegs"). */
  own: UnitCounts;
  /** "im Dorf": everything in the village, supports of others included. */
  inVillage: UnitCounts;
  /** "auswärts": own units standing in other villages. */
  outside: UnitCounts;
  /** "unterwegs": own units in commands. */
  onTheWay: UnitCounts;
}

export interface TroopsOverviewParseOptions {
  /** The world's units in the overview's column order (e.g. without archers on worlds without them). */
  units: readonly Unit[];
  /** Default TROOPS_OVERVIEW_MAX_VILLAGES_DEFAULT. */
  maxVillages?: number;
}

/** Every village read; the caller imports nothing when `errors` is not empty. */
export interface TroopsOverviewParseResult {
  villages: OverviewVillageTroops[];
  errors: WarRoomParseError[];
}

/** The rows of a village in the game's order. */
export const troopsOverviewRows = ["eigene", "im Dorf", "auswärts", "unterwegs"] as const;
type RowName = (typeof troopsOverviewRows)[number];

const villagePattern = /\((\d+)\|(\d+)\)\s*K(\d+)(?!\S)/g;
const rowPattern = /(?<!\S)(eigene|im\s+Dorf|auswärts|unterwegs)(?!\S)/g;
/** Words the game writes behind a row's numbers (its links). */
const trailingWords = new Set(["Befehle", "Truppen"]);
/** A line of numbers only: the rest of a row broken onto the next line. */
const numbersOnly = /^(?:\+?\d+|\+|Befehle|Truppen)(?:\s+(?:\+?\d+|\+|Befehle|Truppen))*$/;

type Piece =
  | { kind: "village"; line: number; name: string; x: string; y: string; continent: string }
  | { kind: "row"; line: number; row: RowName; numbers: string }
  | { kind: "text"; line: number; text: string };

/** The text's lines with a line ending in "+" joined to the next (unless that one starts a village). */
function* logicalLines(text: string): Generator<{ text: string; line: number }> {
  const lines = text.normalize("NFC").split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = i + 1;
    let last = lines[i] as string;
    let joined = last;
    while (last.trimEnd().endsWith("+") && i + 1 < lines.length && !/\(\d+\|\d+\)\s*K\d+(?!\S)/.test(lines[i + 1] as string)) {
      last = lines[++i] as string;
      joined += ` ${last}`;
    }
    yield { text: joined, line };
  }
}

/** A line cut into its village (name and coordinate), the text before any row and its rows. */
function pieces(text: string, line: number): Piece[] {
  const found: Piece[] = [];
  let rest = text;
  const village = [...text.matchAll(villagePattern)].at(-1);
  if (village) {
    const [, x, y, continent] = village as unknown as [string, string, string, string];
    found.push({ kind: "village", line, name: text.slice(0, village.index).replace(/\s+/g, " ").trim(), x, y, continent });
    rest = text.slice(village.index + village[0].length);
  }
  const rows = [...rest.matchAll(rowPattern)];
  const lead = rest.slice(0, rows[0]?.index ?? rest.length).trim();
  if (lead !== "") found.push({ kind: "text", line, text: lead });
  rows.forEach((row, i) => {
    const numbers = rest.slice(row.index + row[0].length, rows[i + 1]?.index ?? rest.length);
    found.push({ kind: "row", line, row: (row[1] as string).replace(/\s+/g, " ") as RowName, numbers });
  });
  return found;
}

interface Block {
  line: number;
  name: string;
  x: number;
  y: number;
  /** No problem so far. */
  valid: boolean;
  /** A row out of order: the block's other rows are skipped. */
  broken: boolean;
  /** Index of the next row expected. */
  next: number;
  /** The last line read into the block (where a missing row is reported). */
  lastLine: number;
  rows: UnitCounts[];
  /** The last row, still open for numbers on the next line. */
  open: { line: number; text: string } | null;
}

class OverviewReader {
  readonly errors = new WarRoomParseErrors();
  readonly villages: OverviewVillageTroops[] = [];
  private readonly firstLine = new Map<number, number>();
  private block: Block | null = null;
  count = 0;

  constructor(private readonly units: readonly Unit[]) {}

  piece(piece: Piece): void {
    if (piece.kind === "village") this.startBlock(piece);
    else if (piece.kind === "row") this.row(piece);
    else if (this.block?.open && numbersOnly.test(piece.text)) {
      this.block.open.text += ` ${piece.text}`;
      this.block.lastLine = piece.line;
    }
  }

  closeBlock(): void {
    const block = this.block;
    if (!block) return;
    this.block = null;
    this.flush(block);
    if (block.broken) return;
    if (block.next < troopsOverviewRows.length) {
      this.errors.add(block.lastLine, messages.rowMissing(block.lastLine, troopsOverviewRows[block.next] as RowName));
      return;
    }
    if (!block.valid) return;
    const [own, inVillage, outside, onTheWay] = block.rows as [UnitCounts, UnitCounts, UnitCounts, UnitCounts];
    this.villages.push({ line: block.line, name: block.name, x: block.x, y: block.y, own, inVillage, outside, onTheWay });
  }

  private startBlock(piece: Extract<Piece, { kind: "village" }>): void {
    this.closeBlock();
    this.count++;
    const { line } = piece;
    const block: Block = { line, name: piece.name, x: Number(piece.x), y: Number(piece.y), valid: true, broken: false, next: 0, lastLine: line, rows: [], open: null };
    this.block = block;
    const fail = (message: string) => {
      this.errors.add(line, message);
      block.valid = false;
    };
    if (block.name === "") fail(messages.nameMissing(line));
    else if (block.name.length > TROOPS_VILLAGE_NAME_MAX) fail(messages.nameTooLong(line, TROOPS_VILLAGE_NAME_MAX));
    if (piece.x.length > 3 || piece.y.length > 3 || block.x > COORD_MAX || block.y > COORD_MAX) {
      return fail(warRoomParseMessages.coordRange(line, `${piece.x}|${piece.y}`));
    }
    const coord = formatCoord(block);
    const actual = continentNumber(block);
    if (Number(piece.continent) !== actual) fail(messages.continent(line, coord, `K${piece.continent}`, formatContinent(actual)));
    const key = block.x * 1000 + block.y;
    const first = this.firstLine.get(key);
    if (first === undefined) this.firstLine.set(key, line);
    else fail(messages.duplicate(line, coord, first));
  }

  private row(piece: Extract<Piece, { kind: "row" }>): void {
    const block = this.block;
    if (block?.broken) return;
    if (!block || block.next >= troopsOverviewRows.length) {
      // "eigene Dörfer" in a group name is no row; a row with counts but no village before it is.
      if (/\d/.test(piece.numbers)) this.errors.add(piece.line, messages.rowWithoutVillage(piece.line, piece.row));
      return;
    }
    this.flush(block);
    const expected = troopsOverviewRows[block.next] as RowName;
    if (piece.row !== expected) {
      this.errors.add(piece.line, messages.rowExpected(piece.line, expected, piece.row));
      block.broken = true;
      return;
    }
    block.next++;
    block.lastLine = piece.line;
    block.open = { line: piece.line, text: piece.numbers };
  }

  /** Reads the open row's counts. */
  private flush(block: Block): void {
    const open = block.open;
    if (!open) return;
    block.open = null;
    const counts = this.counts(open.text, open.line);
    if (counts) block.rows.push(counts);
    else block.valid = false;
  }

  private counts(text: string, line: number): UnitCounts | null {
    const tokens = text.split(/\s+/).filter((token) => token !== "" && token !== "+");
    while (tokens.length > 0 && trailingWords.has(tokens.at(-1) as string)) tokens.pop();
    const counts: UnitCounts = {};
    for (const [i, token] of tokens.entries()) {
      const n = /^\+?\d{1,7}$/.test(token) ? Number(token) : NaN;
      if (!(n <= WAR_ROOM_PARSE_MAX_UNIT_COUNT)) {
        this.errors.add(line, messages.count(line, token, WAR_ROOM_PARSE_MAX_UNIT_COUNT));
        return null;
      }
      const unit = this.units[i];
      if (unit && n > 0) counts[unit] = n;
    }
    if (tokens.length !== this.units.length) {
      this.errors.add(line, messages.columns(line, tokens.length, this.units.length));
      return null;
    }
    return counts;
  }
}

/**
 * Reads a copied troops overview into the troops of each village. `options.units` are the world's units
 * in column order; each row must have exactly one count per unit. A village with a problem (a row
 * missing or out of order, a count that is no whole number, the wrong number of columns, a village
 * listed twice) is reported with its line. Texts over TROOPS_OVERVIEW_MAX_CHARS or with more than
 * `maxVillages` villages give only that error. Throws a RangeError for an empty or repeating unit list.
 */
export function parseTroopsOverview(text: string, options: TroopsOverviewParseOptions): TroopsOverviewParseResult {
  if (options.units.length === 0 || new Set(options.units).size !== options.units.length) {
    throw new RangeError(`Ungültige Einheitenliste: ${options.units.join(", ")}`);
  }
  const maxVillages = options.maxVillages ?? TROOPS_OVERVIEW_MAX_VILLAGES_DEFAULT;
  const refused = (message: string): TroopsOverviewParseResult => ({ villages: [], errors: [{ line: 0, message }] });
  if (text.length > TROOPS_OVERVIEW_MAX_CHARS) return refused(messages.tooLong(TROOPS_OVERVIEW_MAX_CHARS));
  const reader = new OverviewReader(options.units);
  for (const { text: line, line: number } of logicalLines(text)) {
    for (const piece of pieces(line, number)) {
      reader.piece(piece);
      if (reader.count > maxVillages) return refused(messages.tooManyVillages(maxVillages));
    }
  }
  reader.closeBlock();
  if (reader.villages.length === 0 && reader.errors.count === 0) reader.errors.add(0, messages.noVillage);
  return { villages: reader.villages, errors: reader.errors.list() };
}
