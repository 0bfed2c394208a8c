// The map data of a world (protocol village-map.ts), encoded and compressed once per data version.
// The ETag names the world, its data version and the import's time, so it changes with every
// import and never repeats across databases; a client that has it gets 304. Compression happens
// here, not in http/compression.ts (which handles JSON only): the bytes are the same for every
// caller, so each encoding is made once per version (brotli 9, well under 1 MB for 100,000 villages).
import zlib from "node:zlib";
import { encodeVillageMap, VILLAGE_MAP_VERSION } from "@dsbot/protocol";
import type { Database } from "../../db/client.js";
import type { WorldRow } from "../../db/schema.js";
import { createWorldBodyCache, worldDataEtag } from "./world-body-cache.js";
import { villageMapSnapshot } from "./worlds.service.js";

export function villageMapEtag(world: Pick<WorldRow, "id" | "dataVersion" | "lastImportAt">): string {
  return worldDataEtag(`dsvm${VILLAGE_MAP_VERSION}`, world);
}

export function createVillageMapCache(db: Database) {
  return createWorldBodyCache({
    async load(worldId) {
      const snapshot = await villageMapSnapshot(db, worldId);
      if (!snapshot) return undefined;
      const raw = encodeVillageMap(snapshot.rows);
      return { etag: villageMapEtag(snapshot.world), raw: Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength) };
    },
    brotliParams: { [zlib.constants.BROTLI_PARAM_LGWIN]: 22 },
  });
}

export type VillageMapCache = ReturnType<typeof createVillageMapCache>;
