// The map data of `GET /api/worlds/{id}/villages`: every village of a world, columnar and binary
// (content type application/octet-stream, brotli or gzip on the wire), with its encoder and decoder.
// No zod here: the map page decodes it without pulling the schemas in.
//
// Layout, version 1, every number little-endian:
//
//   offset        size     field
//   0             4        magic "DSVM" (0x44 0x53 0x56 0x4d)
//   4             2        u16 format version = 1
//   6             2        u16 header length in bytes = 16 (the columns start there)
//   8             4        u32 n, the number of villages
//   12            4        u32 reserved, 0
//   16            4·n      u32 id deltas: villages ascending by id; the first entry is the first id,
//                          every further one the difference to the previous id (always ≥ 1)
//   16 + 4n       4·n      u32 player id (0 = barbarian)
//   16 + 8n       4·n      u32 points
//   16 + 12n      2·n      u16 x (0..999)
//   16 + 14n      2·n      u16 y (0..999)
//   16 + 16n      n        u8 bonus id (0 = none)
//   total         16 + 17n bytes
//
// Column i of every array is the same village. Deltas instead of ids make the id column almost
// free after compression (real worlds: ~210 KB brotli for 38,000 villages, so ≤ 1 MB for 100,000).
// Names, players and tribes are not part of it: see `/players` and `/allies`.

export const VILLAGE_MAP_MAGIC = "DSVM";
export const VILLAGE_MAP_VERSION = 1;
export const VILLAGE_MAP_HEADER_BYTES = 16;
export const VILLAGE_MAP_BYTES_PER_VILLAGE = 17;
export const VILLAGE_MAP_CONTENT_TYPE = "application/octet-stream";

/** Every village of a world, one typed array per column, ascending by id. */
export interface VillageMap {
  count: number;
  ids: Uint32Array;
  playerIds: Uint32Array;
  points: Uint32Array;
  x: Uint16Array;
  y: Uint16Array;
  bonusIds: Uint8Array;
}

/** One village as plain values (encoder input). */
export interface VillageMapEntry {
  id: number;
  x: number;
  y: number;
  playerId: number;
  points: number;
  bonusId: number;
}

export function villageMapByteLength(count: number): number {
  return VILLAGE_MAP_HEADER_BYTES + VILLAGE_MAP_BYTES_PER_VILLAGE * count;
}

/** Encodes villages (any order; sorted by id here) into the layout above. Ids must be unique and ≥ 1. */
export function encodeVillageMap(villages: readonly VillageMapEntry[]): Uint8Array {
  const sorted = [...villages].sort((a, b) => a.id - b.id);
  const n = sorted.length;
  const bytes = new Uint8Array(villageMapByteLength(n));
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i++) bytes[i] = VILLAGE_MAP_MAGIC.charCodeAt(i);
  view.setUint16(4, VILLAGE_MAP_VERSION, true);
  view.setUint16(6, VILLAGE_MAP_HEADER_BYTES, true);
  view.setUint32(8, n, true);
  view.setUint32(12, 0, true);
  const h = VILLAGE_MAP_HEADER_BYTES;
  let previous = 0;
  for (let i = 0; i < n; i++) {
    const v = sorted[i] as VillageMapEntry;
    if (!Number.isInteger(v.id) || v.id <= previous) throw new RangeError(`village ids must be unique positive integers (${v.id})`);
    view.setUint32(h + 4 * i, v.id - previous, true);
    previous = v.id;
    view.setUint32(h + 4 * n + 4 * i, v.playerId, true);
    view.setUint32(h + 8 * n + 4 * i, v.points, true);
    view.setUint16(h + 12 * n + 2 * i, v.x, true);
    view.setUint16(h + 14 * n + 2 * i, v.y, true);
    bytes[h + 16 * n + i] = v.bonusId;
  }
  return bytes;
}

/** Decodes the layout above; throws on a wrong magic, an unknown version or a wrong length. */
export function decodeVillageMap(data: ArrayBuffer | ArrayBufferView): VillageMap {
  const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (bytes.byteLength < VILLAGE_MAP_HEADER_BYTES) throw new Error("village map: too short");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = String.fromCharCode(bytes[0] ?? 0, bytes[1] ?? 0, bytes[2] ?? 0, bytes[3] ?? 0);
  if (magic !== VILLAGE_MAP_MAGIC) throw new Error("village map: wrong magic");
  const version = view.getUint16(4, true);
  if (version !== VILLAGE_MAP_VERSION) throw new Error(`village map: unknown version ${version}`);
  const h = view.getUint16(6, true);
  const n = view.getUint32(8, true);
  if (h < VILLAGE_MAP_HEADER_BYTES || bytes.byteLength !== h + VILLAGE_MAP_BYTES_PER_VILLAGE * n) throw new Error("village map: wrong length");
  const map: VillageMap = {
    count: n,
    ids: new Uint32Array(n),
    playerIds: new Uint32Array(n),
    points: new Uint32Array(n),
    x: new Uint16Array(n),
    y: new Uint16Array(n),
    bonusIds: bytes.slice(h + 16 * n, h + 17 * n),
  };
  let id = 0;
  for (let i = 0; i < n; i++) {
    id += view.getUint32(h + 4 * i, true);
    map.ids[i] = id;
    map.playerIds[i] = view.getUint32(h + 4 * n + 4 * i, true);
    map.points[i] = view.getUint32(h + 8 * n + 4 * i, true);
    map.x[i] = view.getUint16(h + 12 * n + 2 * i, true);
    map.y[i] = view.getUint16(h + 14 * n + 2 * i, true);
  }
  return map;
}
