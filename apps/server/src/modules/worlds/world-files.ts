// The game's public world files: village.txt, player.txt, ally.txt, plain or gzip —
// their records, the limits every file is held to, and unpacking (world-records.ts reads the lines).
import { promisify } from "node:util";
import zlib from "node:zlib";
import { worldFileMessages } from "./world-file-messages.js";

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
/**
 * Unpacked size a single file may reach (a gzip bomb stops here). The 40,000-village demo world's
 * village.txt is about 1.5 MB, the largest real worlds' a few MB: 64 MB is generous.
 */
export const MAX_DECOMPRESSED_BYTES = 64 * 1024 * 1024;
/** Longest name or tag kept; the game's own limits are far below. */
export const MAX_NAME_LENGTH = 255;
/**
 * Longest record line, checked before the line is cut into fields: two names of 255 characters,
 * each URL-encoded (up to 12 characters per character), and eight numbers fit well within.
 */
export const MAX_LINE_LENGTH = 8 * 1024;
/** Most records a file may hold; far above the largest real worlds (a map has 1,000,000 fields). */
export const MAX_RECORDS: Record<WorldFileKind, number> = { village: 500_000, player: 250_000, ally: 50_000 };
/** Lines parsed between two breaks for the event loop (a few milliseconds each). */
export const PARSE_CHUNK_LINES = 2_000;

/** A file the importer refuses; `message` is German and names the file (and the line, if any). */
export class WorldFileError extends Error {
  constructor(
    message: string,
    public readonly file: string,
    public readonly line?: number,
    /** 413 for a file beyond the size or record limits, else 400. */
    public readonly status: 400 | 413 = 400,
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

/** The file's text: gunzipped when it is gzip, UTF-8 (a leading BOM dropped); at most `maxBytes` unpacked. */
export async function worldFileText(bytes: Buffer, file: string, maxBytes = MAX_DECOMPRESSED_BYTES): Promise<string> {
  const tooLarge = () => new WorldFileError(worldFileMessages.unpackedTooLarge(file, maxBytes), file, undefined, 413);
  let plain = bytes;
  if (isGzip(bytes)) {
    try {
      plain = await gunzip(bytes, { maxOutputLength: maxBytes });
    } catch (error) {
      if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" || error instanceof RangeError) throw tooLarge();
      throw new WorldFileError(worldFileMessages.brokenGzip(file), file);
    }
  }
  if (plain.length > maxBytes) throw tooLarge();
  const text = plain.toString("utf8");
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
