// The map data of a world (protocol village-map.ts), encoded and compressed once per data version.
// The ETag names the world, its data version and the import's time, so it changes with every
// import and never repeats across databases; a client that has it gets 304. Compression happens
// here, not in http/compression.ts (which handles JSON only): the bytes are the same for every
// caller, so each encoding is made once per version (brotli 9, well under 1 MB for 100,000 villages).
import { promisify } from "node:util";
import zlib from "node:zlib";
import { encodeVillageMap, VILLAGE_MAP_VERSION } from "@dsbot/protocol";
import type { Database } from "../../db/client.js";
import type { WorldRow } from "../../db/schema.js";
import type { ResponseEncoding } from "../../http/compression.js";
import { villageMapSnapshot } from "./worlds.service.js";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Worlds whose encoded map data stay in memory (oldest dropped first). */
const CACHED_WORLDS = 8;

export function villageMapEtag(world: Pick<WorldRow, "id" | "dataVersion" | "lastImportAt">): string {
  const imported = world.lastImportAt ? world.lastImportAt.getTime().toString(36) : "0";
  return `"dsvm${VILLAGE_MAP_VERSION}-${world.id}-${world.dataVersion}-${imported}"`;
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

interface Entry {
  etag: string;
  raw: Buffer;
  encoded: Map<ResponseEncoding, Promise<Buffer>>;
}

export interface VillageMapBody {
  etag: string;
  body: Buffer;
  encoding: ResponseEncoding | undefined;
}

export function createVillageMapCache(db: Database) {
  /** By world id; insertion order = age. */
  const entries = new Map<number, Promise<Entry | undefined>>();

  async function load(worldId: number): Promise<Entry | undefined> {
    const snapshot = await villageMapSnapshot(db, worldId);
    if (!snapshot) return undefined;
    const raw = encodeVillageMap(snapshot.rows);
    return { etag: villageMapEtag(snapshot.world), raw: Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), encoded: new Map() };
  }

  function compress(raw: Buffer, encoding: ResponseEncoding): Promise<Buffer> {
    return encoding === "br"
      ? brotli(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
            [zlib.constants.BROTLI_PARAM_LGWIN]: 22,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        })
      : gzip(raw, { level: 9 });
  }

  return {
    /**
     * The map data for a world whose current row has ETag `etag`; undefined when the world is gone.
     * A cached entry of an older version is replaced; concurrent requests share one load.
     */
    async get(worldId: number, etag: string, encoding: ResponseEncoding | undefined): Promise<VillageMapBody | undefined> {
      let pending = entries.get(worldId);
      let entry = pending ? await pending.catch(() => undefined) : undefined;
      if (!entry || entry.etag !== etag) {
        pending = load(worldId);
        entries.delete(worldId);
        entries.set(worldId, pending);
        while (entries.size > CACHED_WORLDS) entries.delete(entries.keys().next().value as number);
        try {
          entry = await pending;
        } catch (error) {
          if (entries.get(worldId) === pending) entries.delete(worldId);
          throw error;
        }
        if (!entry) {
          entries.delete(worldId);
          return undefined;
        }
      }
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

export type VillageMapCache = ReturnType<typeof createVillageMapCache>;
