// The records of the game's world files: one per line, comma separated, names
// URL-encoded with `+` for a space. The files may end without a final newline, so records are
// counted, never newline characters. A malformed line rejects the whole file with a German message
// naming the file and its 1-based line number.
import { isCleanText } from "@dsbot/protocol";
import { worldFileMessages } from "./world-file-messages.js";
import type { AllyRecord, PlayerRecord, VillageRecord, WorldFileKind } from "./world-files.js";
import {
  MAX_INT,
  MAX_LINE_LENGTH,
  MAX_NAME_LENGTH,
  MAX_RECORDS,
  PARSE_CHUNK_LINES,
  WorldFileError,
  worldFileNames,
} from "./world-files.js";

type FieldSpec = readonly [name: string, kind: "id" | "ref" | "count" | "coord" | "bonus" | "text"];

class LineReader {
  constructor(
    private readonly file: string,
    public line: number,
  ) {}

  fail(message: string): never {
    throw new WorldFileError(worldFileMessages.atLine(this.file, this.line, message), this.file, this.line);
  }

  int(value: string, label: string, min: number, max: number): number {
    // Digits only, 1 to 10 of them (the hot path of a 100k-village file: no regex per field).
    let number = 0;
    let digits = value.length > 0 && value.length <= 10;
    for (let i = 0; digits && i < value.length; i++) {
      const code = value.charCodeAt(i) - 48;
      if (code < 0 || code > 9) digits = false;
      else number = number * 10 + code;
    }
    if (!digits) this.fail(value === "" ? worldFileMessages.noValue(label) : worldFileMessages.notInteger(label, preview(value)));
    if (number < min || number > max) this.fail(worldFileMessages.outOfRange(label, min, max, number));
    return number;
  }

  name(value: string, label: string): string {
    let decoded = value;
    try {
      // Most names need no decoding at all.
      if (value.includes("%") || value.includes("+")) decoded = decodeURIComponent(value.replaceAll("+", " "));
    } catch {
      this.fail(worldFileMessages.badEncoding(label, preview(value)));
    }
    if (!isCleanText(decoded)) this.fail(worldFileMessages.badChars(label));
    decoded = stripInvisibleControls(decoded);
    if (decoded.length > MAX_NAME_LENGTH) this.fail(worldFileMessages.nameTooLong(label, MAX_NAME_LENGTH));
    return decoded;
  }
}

/**
 * Control characters (C0 but NUL, which is refused, DEL, C1) and the invisible marks that turn text
 * around or reorder it (bidi embeddings, overrides, isolates, LRM/RLM/ALM, line and paragraph
 * separators, BOM): dropped from names, so a name cannot disguise itself or what stands next to it.
 */
const INVISIBLE_CONTROLS = "\\u0001-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028-\\u202e\\u2066-\\u2069\\ufeff";
const hasInvisibleControl = new RegExp(`[${INVISIBLE_CONTROLS}]`);
const invisibleControls = new RegExp(`[${INVISIBLE_CONTROLS}]`, "g");

export function stripInvisibleControls(name: string): string {
  return hasInvisibleControl.test(name) ? name.replace(invisibleControls, "") : name;
}

/** A value quoted in a message: short, without double quotes, control characters or lone surrogates. */
export function preview(value: string, length = 20): string {
  const short = value.length > length ? `${value.slice(0, length)}…` : value;
  // Iterating by code point leaves lone surrogates as single units: those and control characters go.
  return Array.from(short, (char) => {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f || (code >= 0xd800 && code <= 0xdfff)) return "?";
    return char === '"' ? "'" : char;
  }).join("");
}

const limits: Record<Exclude<FieldSpec[1], "text">, [min: number, max: number]> = {
  id: [1, MAX_INT],
  ref: [0, MAX_INT],
  count: [0, MAX_INT],
  coord: [0, 999],
  bonus: [0, 255],
};

interface RecordSpec<T> {
  kind: WorldFileKind;
  fields: readonly FieldSpec[];
  build: (values: (number | string)[]) => T;
  /** A check across records (e.g. coordinates used twice); fails through the reader. */
  across?: () => (record: T, reader: LineReader) => void;
}

/**
 * Parses every line into a record; one bad line rejects the file. Ids must be unique. A line's
 * length is checked before it is cut into fields, and the record count before each record is kept,
 * so a hostile file costs no more than a good one of the limits' size. Yields after every
 * PARSE_CHUNK_LINES lines: the caller decides whether to let the event loop run there.
 */
function* parseSteps<T>(input: string, file: string, spec: RecordSpec<T>): Generator<void, T[], void> {
  const { fields } = spec;
  const maxRecords = MAX_RECORDS[spec.kind];
  const records: T[] = [];
  const seen = new Map<number, number>();
  const check = spec.across?.();
  const reader = new LineReader(file, 0);
  // Records are counted, not newlines: a final newline (LF or CRLF) ends the last record.
  const text = input.endsWith("\n") ? input.slice(0, -1) : input;
  if (text === "" || text === "\r") return records;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    reader.line += 1;
    if (end - start > MAX_LINE_LENGTH + 1) reader.fail(worldFileMessages.lineTooLong(MAX_LINE_LENGTH));
    if (records.length >= maxRecords) throw new WorldFileError(worldFileMessages.tooManyRecords(file, maxRecords), file, reader.line, 413);
    let line = text.slice(start, end);
    start = end + 1;
    if (line.endsWith("\r")) line = line.slice(0, -1);
    if (line === "") reader.fail(worldFileMessages.emptyLine);
    const parts = line.split(",");
    if (parts.length !== fields.length) reader.fail(worldFileMessages.fieldCount(fields.length, fields.map(([name]) => name), parts.length));
    const values = fields.map(([name, kind], index) => {
      const raw = parts[index] ?? "";
      if (kind === "text") return reader.name(raw, name);
      const [min, max] = limits[kind];
      return reader.int(raw, name, min, max);
    });
    const id = values[0] as number;
    const earlier = seen.get(id);
    if (earlier !== undefined) reader.fail(worldFileMessages.duplicateId(id, earlier));
    seen.set(id, reader.line);
    const record = spec.build(values);
    check?.(record, reader);
    records.push(record);
    if (reader.line % PARSE_CHUNK_LINES === 0) yield;
  }
  return records;
}

/** Runs the parse to its end at once (small files, tests). */
function parseNow<T>(steps: Generator<void, T[], void>): T[] {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Runs the parse with a break for the event loop after every chunk of lines. */
async function parseInChunks<T>(steps: Generator<void, T[], void>): Promise<T[]> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const villageFields = [
  ["id", "id"],
  ["name", "text"],
  ["x", "coord"],
  ["y", "coord"],
  ["player", "ref"],
  ["points", "count"],
  ["bonus_id", "bonus"],
] as const satisfies readonly FieldSpec[];

const playerFields = [
  ["id", "id"],
  ["name", "text"],
  ["ally", "ref"],
  ["villages", "count"],
  ["points", "count"],
  ["rank", "count"],
] as const satisfies readonly FieldSpec[];

const allyFields = [
  ["id", "id"],
  ["name", "text"],
  ["tag", "text"],
  ["members", "count"],
  ["villages", "count"],
  ["points", "count"],
  ["all_points", "count"],
  ["rank", "count"],
] as const satisfies readonly FieldSpec[];

/** Each map field holds one village: a coordinate used twice rejects the file (a line number per field). */
function uniqueCoordinates(): (village: VillageRecord, reader: LineReader) => void {
  let lineAt: Int32Array | undefined;
  return (village, reader) => {
    lineAt ??= new Int32Array(1000 * 1000);
    const field = village.x * 1000 + village.y;
    const earlier = lineAt[field] ?? 0;
    if (earlier !== 0) reader.fail(worldFileMessages.duplicateCoords(village.x, village.y, earlier));
    lineAt[field] = reader.line;
  };
}

const villageSpec: RecordSpec<VillageRecord> = {
  kind: "village",
  fields: villageFields,
  build: (v) => ({
    id: v[0] as number,
    name: v[1] as string,
    x: v[2] as number,
    y: v[3] as number,
    playerId: v[4] as number,
    points: v[5] as number,
    bonusId: v[6] as number,
  }),
  across: uniqueCoordinates,
};

const playerSpec: RecordSpec<PlayerRecord> = {
  kind: "player",
  fields: playerFields,
  build: (v) => ({
    id: v[0] as number,
    name: v[1] as string,
    allyId: v[2] as number,
    villages: v[3] as number,
    points: v[4] as number,
    rank: v[5] as number,
  }),
};

const allySpec: RecordSpec<AllyRecord> = {
  kind: "ally",
  fields: allyFields,
  build: (v) => ({
    id: v[0] as number,
    name: v[1] as string,
    tag: v[2] as string,
    members: v[3] as number,
    villages: v[4] as number,
    points: v[5] as number,
    allPoints: v[6] as number,
    rank: v[7] as number,
  }),
};

export const parseVillages = (text: string, file = worldFileNames.village) => parseNow(parseSteps(text, file, villageSpec));
export const parsePlayers = (text: string, file = worldFileNames.player) => parseNow(parseSteps(text, file, playerSpec));
export const parseAllies = (text: string, file = worldFileNames.ally) => parseNow(parseSteps(text, file, allySpec));

/** The same parsers, with a break for the event loop between chunks of lines (uploads and syncs). */
export const parseWorldFileInChunks = {
  village: (text: string, file = worldFileNames.village) => parseInChunks(parseSteps(text, file, villageSpec)),
  player: (text: string, file = worldFileNames.player) => parseInChunks(parseSteps(text, file, playerSpec)),
  ally: (text: string, file = worldFileNames.ally) => parseInChunks(parseSteps(text, file, allySpec)),
};
