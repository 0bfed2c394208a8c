// The owners of a world (players and tribes, protocol world-map.ts) as JSON, serialised and
// compressed once per data version like the map data (village-map-cache.ts): every signed-in
// caller gets the same bytes, so a per-request compression of ~1 MB of names would be wasted work.
import zlib from "node:zlib";
import type { Database } from "../../db/client.js";
import type { WorldRow } from "../../db/schema.js";
import { createWorldBodyCache, worldDataEtag } from "./world-body-cache.js";
import { ownersSnapshot } from "./world-map.service.js";

/** Bump when the answer's shape changes, so browsers drop what they kept. */
const OWNERS_FORMAT = 1;

export function ownersEtag(world: Pick<WorldRow, "id" | "dataVersion" | "lastImportAt">): string {
  return worldDataEtag(`dsow${OWNERS_FORMAT}`, world);
}

export function createOwnersCache(db: Database) {
  return createWorldBodyCache({
    async load(worldId) {
      const snapshot = await ownersSnapshot(db, worldId);
      if (!snapshot) return undefined;
      return { etag: ownersEtag(snapshot.world), raw: Buffer.from(JSON.stringify(snapshot.owners)) };
    },
    brotliParams: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
  });
}
