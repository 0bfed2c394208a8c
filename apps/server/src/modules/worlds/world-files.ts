// The game's public world files (PRODUCT §5): village.txt, player.txt, ally.txt, plain or gzip.
// One record per line, comma separated, names URL-encoded with `+` for a space. The files may end
// without a final newline, so records are counted, never newline characters. A malformed line
// rejects the whole file with a German message naming the file and its 1-based line number.
import { promisify } from "node:util";
import zlib from "node:zlib";
import { isCleanText } from "@dsbot/protocol";

export type WorldFileKind = "village" | "player" | "ally";

/** The file name the game serves (without `.gz`), used in every message. */
export const worldFileNames: Record<WorldFileKind, string> = {
  village: "village.txt",
  player: "player.txt",
  ally: "ally.txt",
};

export interface VillageRecord {
  id: number;
  name: string;
  x: number;
  y: number;
  /** 0 = barbarian village. */
  playerId: number;
  points: number;
  /** 0 = no bonus. */
  bonusId: number;
}

export interface PlayerRecord {
  id: number;
  name: string;
  /** 0 = in no tribe. */
  allyId: number;
  villages: number;
  points: number;
  rank: number;
}

export interface AllyRecord {
  id: number;
  name: string;
  tag: string;
  members: number;
  villages: number;
  points: number;
  allPoints: number;
  rank: number;
}

/** Largest value a column may hold (PostgreSQL integer). */
export const MAX_INT = 2_147_483_647;
/** Decompressed size a single file may reach (a gzip bomb stops here). */
export const MAX_DECOMPRESSED_BYTES = 512 * 1024 * 1024;
/** Longest name or tag kept; the game's own limits are far below. */
export const MAX_NAME_LENGTH = 255;

/** A file the importer refuses; `message` is German and names the file (and the line, if any). */
export class WorldFileError extends Error {
  constructor(
    message: string,
    public readonly file: string,
    public readonly line?: number,
  ) {
    super(message);
    this.name = "WorldFileError";
  }
}

const gunzip = promisify(zlib.gunzip);

/** gzip is recognised by its magic bytes, whatever the file is called. */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** The file's text: gunzipped when it is gzip, UTF-8 (a leading BOM dropped). */
export async function worldFileText(bytes: Buffer, file: string, maxBytes = MAX_DECOMPRESSED_BYTES): Promise<string> {
  let plain = bytes;
  if (isGzip(bytes)) {
    try {
      plain = await gunzip(bytes, { maxOutputLength: maxBytes });
    } catch (error) {
      const tooLarge = (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" || error instanceof RangeError;
      throw new WorldFileError(
        tooLarge
          ? `${file}: entpackt größer als ${Math.round(maxBytes / 1024 / 1024)} MB.`
          : `${file}: die gzip-Datei ist beschädigt und lässt sich nicht entpacken.`,
        file,
      );
    }
  }
  const text = plain.toString("utf8");
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The records of a file as lines: `\n` or `\r\n`, a final newline or none. An empty file has no
 * records; an empty line anywhere else is malformed.
 */
function* recordLines(file: string): Generator<[line: string, lineNumber: number]> {
  const text = file.endsWith("\n") ? file.slice(0, -1) : file;
  if (text === "" || text === "\r") return;
  let start = 0;
  let number = 0;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    number += 1;
    let line = text.slice(start, end);
    if (line.endsWith("\r")) line = line.slice(0, -1);
    yield [line, number];
    start = end + 1;
  }
}

type FieldSpec = readonly [name: string, kind: "id" | "ref" | "count" | "coord" | "bonus" | "text"];

class LineReader {
  constructor(
    private readonly file: string,
    private readonly line: number,
  ) {}

  fail(message: string): never {
    throw new WorldFileError(`${this.file}, Zeile ${this.line}: ${message}`, this.file, this.line);
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
    if (!digits) {
      this.fail(value === "" ? `kein Wert für ${label}.` : `${label} ist keine ganze Zahl ("${preview(value)}").`);
    }
    if (number < min || number > max) this.fail(`${label} muss zwischen ${min} und ${max} liegen (ist ${number}).`);
    return number;
  }

  name(value: string, label: string): string {
    let decoded = value;
    try {
      // Most names need no decoding at all.
      if (value.includes("%") || value.includes("+")) decoded = decodeURIComponent(value.replaceAll("+", " "));
    } catch {
      this.fail(`${label} ist nicht richtig URL-kodiert ("${preview(value)}").`);
    }
    if (!isCleanText(decoded)) this.fail(`${label} enthält unzulässige Zeichen (z. B. ein Nullbyte).`);
    if (decoded.length > MAX_NAME_LENGTH) this.fail(`${label} ist länger als ${MAX_NAME_LENGTH} Zeichen.`);
    return decoded;
  }
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

/** Parses every line into a record; one bad line rejects the file. Ids must be unique. */
function parseFile<T>(text: string, file: string, fields: readonly FieldSpec[], build: (values: (number | string)[]) => T): T[] {
  const records: T[] = [];
  const seen = new Map<number, number>();
  for (const [line, lineNumber] of recordLines(text)) {
    const reader = new LineReader(file, lineNumber);
    if (line === "") reader.fail("die Zeile ist leer.");
    const parts = line.split(",");
    if (parts.length !== fields.length) {
      reader.fail(`erwartet ${fields.length} Felder (${fields.map(([name]) => name).join(",")}), gefunden ${parts.length}.`);
    }
    const values = fields.map(([name, kind], index) => {
      const raw = parts[index] ?? "";
      if (kind === "text") return reader.name(raw, name);
      const [min, max] = limits[kind];
      return reader.int(raw, name, min, max);
    });
    const id = values[0] as number;
    const earlier = seen.get(id);
    if (earlier !== undefined) reader.fail(`die ID ${id} steht schon in Zeile ${earlier}.`);
    seen.set(id, lineNumber);
    records.push(build(values));
  }
  return records;
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

export function parseVillages(text: string, file = worldFileNames.village): VillageRecord[] {
  return parseFile(text, file, villageFields, (v) => ({
    id: v[0] as number,
    name: v[1] as string,
    x: v[2] as number,
    y: v[3] as number,
    playerId: v[4] as number,
    points: v[5] as number,
    bonusId: v[6] as number,
  }));
}

export function parsePlayers(text: string, file = worldFileNames.player): PlayerRecord[] {
  return parseFile(text, file, playerFields, (v) => ({
    id: v[0] as number,
    name: v[1] as string,
    allyId: v[2] as number,
    villages: v[3] as number,
    points: v[4] as number,
    rank: v[5] as number,
  }));
}

export function parseAllies(text: string, file = worldFileNames.ally): AllyRecord[] {
  return parseFile(text, file, allyFields, (v) => ({
    id: v[0] as number,
    name: v[1] as string,
    tag: v[2] as string,
    members: v[3] as number,
    villages: v[4] as number,
    points: v[5] as number,
    allPoints: v[6] as number,
    rank: v[7] as number,
  }));
}
