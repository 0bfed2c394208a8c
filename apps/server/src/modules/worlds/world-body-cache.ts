// Answers that are the same bytes for every caller of a world's data version (the map data, the
// owners): built once per version, each encoding compressed once, a few worlds kept in memory
// (oldest dropped first). Concurrent requests share one load; a failed load is not kept.
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { WorldRow } from "../../db/schema.js";
import type { ResponseEncoding } from "../../http/compression.js";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Worlds whose answers stay in memory. */
const CACHED_WORLDS = 8;

/** An ETag naming the kind of answer, its format, the world, its data version and the import's time. */
export function worldDataEtag(prefix: string, world: Pick<WorldRow, "id" | "dataVersion" | "lastImportAt">): string {
  const imported = world.lastImportAt ? world.lastImportAt.getTime().toString(36) : "0";
  return `"${prefix}-${world.id}-${world.dataVersion}-${imported}"`;
}

/** Whether an If-None-Match header names this ETag (weak or strong, in a list, or `*`). */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const values = [header].flat().flatMap((value) => value.split(","));
  return values.some((value) => {
    const tag = value.trim();
    return tag === "*" || tag.replace(/^W\//, "") === etag;
  });
}

export interface WorldBody {
  etag: string;
  body: Buffer;
  encoding: ResponseEncoding | undefined;
}

interface Entry {
  etag: string;
  raw: Buffer;
  encoded: Map<ResponseEncoding, Promise<Buffer>>;
}

export interface WorldBodyCacheOptions {
  /** The current answer of a world with its ETag; undefined when the world is gone. */
  load: (worldId: number) => Promise<{ etag: string; raw: Buffer } | undefined>;
  /** Brotli's parameters beyond quality 9 (text mode for JSON, a larger window for binary). */
  brotliParams: Record<number, number>;
}

export function createWorldBodyCache({ load, brotliParams }: WorldBodyCacheOptions) {
  /** By world id; insertion order = age. */
  const entries = new Map<number, Promise<Entry | undefined>>();

  const compress = (raw: Buffer, encoding: ResponseEncoding): Promise<Buffer> =>
    encoding === "br"
      ? brotli(raw, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length, ...brotliParams },
        })
      : gzip(raw, { level: 9 });

  async function entryFor(worldId: number, etag: string): Promise<Entry | undefined> {
    const pending = entries.get(worldId);
    const cached = pending ? await pending.catch(() => undefined) : undefined;
    if (cached && cached.etag === etag) return cached;
    const next = load(worldId).then((loaded) => (loaded ? { ...loaded, encoded: new Map<ResponseEncoding, Promise<Buffer>>() } : undefined));
    entries.delete(worldId);
    entries.set(worldId, next);
    while (entries.size > CACHED_WORLDS) entries.delete(entries.keys().next().value as number);
    try {
      const entry = await next;
      if (!entry && entries.get(worldId) === next) entries.delete(worldId);
      return entry;
    } catch (error) {
      if (entries.get(worldId) === next) entries.delete(worldId);
      throw error;
    }
  }

  return {
    /** The answer of a world whose current row has ETag `etag`, in `encoding`; undefined when the world is gone. */
    async get(worldId: number, etag: string, encoding: ResponseEncoding | undefined): Promise<WorldBody | undefined> {
      const entry = await entryFor(worldId, etag);
      if (!entry) return undefined;
      if (!encoding) return { etag: entry.etag, body: entry.raw, encoding: undefined };
      let compressed = entry.encoded.get(encoding);
      if (!compressed) {
        compressed = compress(entry.raw, encoding);
        entry.encoded.set(encoding, compressed);
      }
      return { etag: entry.etag, body: await compressed, encoding };
    },
  };
}
