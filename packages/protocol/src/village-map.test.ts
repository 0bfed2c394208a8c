// The map data's binary layout (village-map.ts): round trip, byte positions, refusals.
import { describe, expect, it } from "vitest";
import { decodeVillageMap, encodeVillageMap, villageMapByteLength } from "./village-map.js";

const villages = [
  { id: 41470, x: 308, y: 495, playerId: 8728803, points: 50, bonusId: 0 },
  { id: 1, x: 508, y: 396, playerId: 698870390, points: 10019, bonusId: 0 },
  { id: 3, x: 0, y: 999, playerId: 0, points: 0, bonusId: 255 },
];

describe("village map", () => {
  it("round-trips, sorted by id", () => {
    const bytes = encodeVillageMap(villages);
    expect(bytes.byteLength).toBe(villageMapByteLength(3));
    expect(bytes.byteLength).toBe(16 + 17 * 3);
    const map = decodeVillageMap(bytes);
    expect(map.count).toBe(3);
    expect([...map.ids]).toEqual([1, 3, 41470]);
    expect([...map.x]).toEqual([508, 0, 308]);
    expect([...map.y]).toEqual([396, 999, 495]);
    expect([...map.playerIds]).toEqual([698870390, 0, 8728803]);
    expect([...map.points]).toEqual([10019, 0, 50]);
    expect([...map.bonusIds]).toEqual([0, 255, 0]);
  });

  it("puts every field where the layout says, little-endian", () => {
    const bytes = encodeVillageMap(villages);
    const view = new DataView(bytes.buffer);
    expect(String.fromCharCode(...bytes.subarray(0, 4))).toBe("DSVM");
    expect([view.getUint16(4, true), view.getUint16(6, true), view.getUint32(8, true), view.getUint32(12, true)]).toEqual([1, 16, 3, 0]);
    expect([view.getUint32(16, true), view.getUint32(20, true), view.getUint32(24, true)]).toEqual([1, 2, 41467]); // id deltas
    expect(view.getUint32(16 + 4 * 3, true)).toBe(698870390); // player
    expect(view.getUint32(16 + 8 * 3, true)).toBe(10019); // points
    expect(view.getUint16(16 + 12 * 3, true)).toBe(508); // x
    expect(view.getUint16(16 + 14 * 3, true)).toBe(396); // y
    expect(bytes[16 + 16 * 3 + 1]).toBe(255); // bonus
  });

  it("decodes from an offset inside a larger buffer and from an ArrayBuffer", () => {
    const bytes = encodeVillageMap(villages);
    const padded = new Uint8Array(bytes.byteLength + 3);
    padded.set(bytes, 3);
    expect([...decodeVillageMap(padded.subarray(3)).ids]).toEqual([1, 3, 41470]);
    expect(decodeVillageMap(bytes.slice().buffer).count).toBe(3);
    expect(decodeVillageMap(encodeVillageMap([])).count).toBe(0);
  });

  it("refuses a wrong magic, version or length, and duplicate ids when encoding", () => {
    const bytes = encodeVillageMap(villages);
    expect(() => decodeVillageMap(bytes.subarray(0, bytes.length - 1))).toThrow("wrong length");
    expect(() => decodeVillageMap(new Uint8Array(4))).toThrow("too short");
    const wrongMagic = bytes.slice();
    wrongMagic[0] = 0;
    expect(() => decodeVillageMap(wrongMagic)).toThrow("wrong magic");
    const wrongVersion = bytes.slice();
    wrongVersion[4] = 2;
    expect(() => decodeVillageMap(wrongVersion)).toThrow("unknown version 2");
    expect(() => encodeVillageMap([villages[0]!, villages[0]!])).toThrow(RangeError);
  });
});
