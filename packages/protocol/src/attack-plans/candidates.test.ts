// The candidate orders: the grid's ring walk gives exactly the order of a full sort by distance (ties in
// input order) wherever the target lies, skipping what it is told; the seeded shuffle is a permutation
// whose longer prefixes extend the shorter ones.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { seededRandom } from "../random.js";
import { ShuffledStream, VillageGrid } from "./candidates.js";

const anywhere = fc.record({ x: fc.integer({ min: 0, max: 999 }), y: fc.integer({ min: 0, max: 999 }) });
const cluster = fc.record({ x: fc.integer({ min: 480, max: 530 }), y: fc.integer({ min: 300, max: 320 }) });

function walk(coords: { x: number; y: number }[], target: { x: number; y: number }, skip: (i: number) => boolean = () => false): number[] {
  const grid = new VillageGrid(Int32Array.from(coords, (c) => c.x), Int32Array.from(coords, (c) => c.y));
  const seen: number[] = [];
  grid.nearest(target, skip, (i) => {
    seen.push(i);
    return false;
  });
  return seen;
}

function sorted(coords: { x: number; y: number }[], target: { x: number; y: number }): number[] {
  const d = (i: number) => ((coords[i] as { x: number }).x - target.x) ** 2 + ((coords[i] as { y: number }).y - target.y) ** 2;
  return coords.map((_, i) => i).sort((a, b) => d(a) - d(b) || a - b);
}

describe("VillageGrid.nearest", () => {
  it("offers every village in the order of a full sort, for targets inside and far outside the villages", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(anywhere, cluster), { maxLength: 200 }), fc.oneof(anywhere, cluster), (coords, target) => {
        expect(walk(coords, target)).toEqual(sorted(coords, target));
      }),
      { numRuns: 300 },
    );
  });

  it("leaves out skipped villages and stops when told", () => {
    const coords = [
      { x: 10, y: 10 },
      { x: 11, y: 10 },
      { x: 12, y: 10 },
      { x: 13, y: 10 },
    ];
    expect(walk(coords, { x: 10, y: 10 }, (i) => i % 2 === 1)).toEqual([0, 2]);
    const grid = new VillageGrid(Int32Array.from(coords, (c) => c.x), Int32Array.from(coords, (c) => c.y));
    const seen: number[] = [];
    grid.nearest({ x: 13, y: 10 }, () => false, (i) => (seen.push(i), seen.length === 2));
    expect(seen).toEqual([3, 2]);
    expect(walk([], { x: 1, y: 1 })).toEqual([]);
  });
});

describe("ShuffledStream", () => {
  it("is a seeded permutation; extending keeps the prefix", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 1, max: 50 }), fc.nat(), (n, initial, seed) => {
        const read = (first: number) => {
          const stream = new ShuffledStream(n, first, seed, new Int32Array(n));
          const out: number[] = [];
          for (let pos = 0; stream.at(pos) >= 0; pos++) out.push(stream.at(pos));
          return out;
        };
        const a = read(initial);
        expect([...a].sort((x, y) => x - y)).toEqual(Array.from({ length: n }, (_, i) => i));
        expect(read(initial)).toEqual(a);
        expect(read(n)).toEqual(a);
      }),
    );
  });

  it("draws the same numbers for the same seed", () => {
    const a = seededRandom(5);
    const b = seededRandom(5);
    const xs = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });
});
