import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildSpatialIndex, forEachInRect, nearestVillage } from "./spatial-index";

const coords = fc.array(fc.record({ x: fc.integer({ min: 0, max: 999 }), y: fc.integer({ min: 0, max: 999 }) }), { maxLength: 300 });
const rect = fc
  .tuple(fc.double({ min: -50, max: 1050, noNaN: true }), fc.double({ min: -50, max: 1050, noNaN: true }), fc.double({ min: 0, max: 400, noNaN: true }), fc.double({ min: 0, max: 400, noNaN: true }))
  .map(([x0, y0, w, h]) => ({ x0, y0, x1: x0 + w, y1: y0 + h }));

describe("spatial grid index", () => {
  it("visits exactly the villages whose field overlaps the rectangle, each once", () => {
    fc.assert(
      fc.property(coords, rect, fc.constantFrom(7, 20, 100), (villages, r, cellSize) => {
        const xs = Uint16Array.from(villages, (v) => v.x);
        const ys = Uint16Array.from(villages, (v) => v.y);
        const index = buildSpatialIndex(xs, ys, villages.length, cellSize);
        const seen: number[] = [];
        const count = forEachInRect(index, xs, ys, r, (i) => seen.push(i));
        const expected = villages.flatMap((v, i) => (v.x + 1 > r.x0 && v.x < r.x1 && v.y + 1 > r.y0 && v.y < r.y1 ? [i] : []));
        expect(seen.sort((a, b) => a - b)).toEqual(expected);
        expect(count).toBe(expected.length);
      }),
    );
  });

  it("holds every village once, in cell order", () => {
    const xs = Uint16Array.of(999, 0, 500, 19, 20);
    const ys = Uint16Array.of(999, 0, 500, 0, 0);
    const index = buildSpatialIndex(xs, ys, 5);
    expect([...index.items].sort()).toEqual([0, 1, 2, 3, 4]);
    expect(index.starts.at(-1)).toBe(5);
    expect([...index.items.slice(index.starts[0], index.starts[1])].sort()).toEqual([1, 3]);
  });

  it("finds the nearest village within the radius, or none", () => {
    const xs = Uint16Array.of(500, 503, 510);
    const ys = Uint16Array.of(500, 500, 500);
    const index = buildSpatialIndex(xs, ys, 3);
    expect(nearestVillage(index, xs, ys, 502.9, 500.5, 2)).toBe(1);
    expect(nearestVillage(index, xs, ys, 500.2, 500.2, 2)).toBe(0);
    expect(nearestVillage(index, xs, ys, 507, 500.5, 1.5)).toBe(-1);
  });
});
