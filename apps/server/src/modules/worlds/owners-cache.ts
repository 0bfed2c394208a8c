// The owners of a world (players and tribes, protocol world-map.ts) as JSON, serialised and
// compressed once per data version like the map data (village-map-cache.ts): every signed-in
// caller gets the same bytes, so a per-request compression of ~1 MB of names would be wasted work.
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Database } from "../../db/client.js";
import type { WorldRow } from "../../db/schema.js";
import type { ResponseEncoding } from "../../http/compression.js";
import { ownersSnapshot } from "./world-map.service.js";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Worlds whose owners stay in memory (oldest dropped first). */
const CACHED_WORLDS = 8;
/** Bump when the answer's shape changes, so browsers drop what they kept. */
const OWNERS_FORMAT = 1;

export function ownersEtag(world: Pick<WorldRow, "id" | "dataVersion" | "lastImportAt">): string {
  const imported = world.lastImportAt ? world.lastImportAt.getTime().toString(36) : "0";
  return `"dsow${OWNERS_FORMAT}-${world.id}-${world.dataVersion}-${imported}"`;
}

interface Entry {
  etag: string;
  raw: Buffer;
  encoded: Map<ResponseEncoding, Promise<Buffer>>;
}

export interface OwnersBody {
  etag: string;
  body: Buffer;
  encoding: ResponseEncoding | undefined;
}

function compress(raw: Buffer, encoding: ResponseEncoding): Promise<Buffer> {
  return encoding === "br"
    ? brotli(raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      })
    : gzip(raw, { level: 9 });
}

export function createOwnersCache(db: Database) {
  /** By world id; insertion order = age. */
  const entries = new Map<number, Promise<Entry | undefined>>();

  async function load(worldId: number): Promise<Entry | undefined> {
    const snapshot = await ownersSnapshot(db, worldId);
    if (!snapshot) return undefined;
    return { etag: ownersEtag(snapshot.world), raw: Buffer.from(JSON.stringify(snapshot.owners)), encoded: new Map() };
  }

  async function entryFor(worldId: number, etag: string): Promise<Entry | undefined> {
    const pending = entries.get(worldId);
    const cached = pending ? await pending.catch(() => undefined) : undefined;
    if (cached && cached.etag === etag) return cached;
    const next = load(worldId);
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
    /** The owners of a world whose current row has ETag `etag`; undefined when the world is gone. */
    async get(worldId: number, etag: string, encoding: ResponseEncoding | undefined): Promise<OwnersBody | undefined> {
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
