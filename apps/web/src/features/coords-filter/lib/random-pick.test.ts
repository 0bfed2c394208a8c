// The seeded random pick: a subset of size min(N, n), in list order, the same for the same seed.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { seededRandom } from "@dsbot/protocol";
import { nextSeed, pickRandom } from "./random-pick";

const seed = fc.integer({ min: 0, max: 2 ** 32 - 1 });

describe("pickRandom", () => {
  it("is a subset of size min(N, n) in the original order, and the same for the same seed", () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 80 }), fc.integer({ min: 0, max: 100 }), seed, (items, count, s) => {
        const indexed = items.map((value, index) => ({ value, index }));
        const picked = pickRandom(indexed, count, s);
        expect(picked).toHaveLength(Math.min(count, items.length));
        picked.forEach((entry, i) => {
          expect(indexed[entry.index]).toBe(entry);
          if (i > 0) expect(entry.index).toBeGreaterThan((picked[i - 1] as { index: number }).index);
        });
        expect(pickRandom(indexed, count, s)).toEqual(picked);
      }),
    );
  });

  it("gives different picks for different seeds and reaches every entry", () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const picks = Array.from({ length: 200 }, (_, s) => pickRandom(items, 5, s));
    expect(new Set(picks.map((p) => p.join())).size).toBeGreaterThan(150);
    expect(new Set(picks.flat()).size).toBe(20);
  });

  it("keeps every entry when N ≥ n and none when N is 0", () => {
    expect(pickRandom([1, 2, 3], 5, 9)).toEqual([1, 2, 3]);
    expect(pickRandom([1, 2, 3], 0, 9)).toEqual([]);
  });
});

describe("seededRandom and nextSeed", () => {
  it("yields values in [0, 1), reproducible per seed", () => {
    fc.assert(
      fc.property(seed, (s) => {
        const a = seededRandom(s);
        const b = seededRandom(s);
        for (let i = 0; i < 5; i++) {
          const value = a();
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThan(1);
          expect(b()).toBe(value);
        }
      }),
    );
  });

  it("always changes the seed and stays a 32-bit whole number", () => {
    fc.assert(
      fc.property(seed, fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (current, r) => {
        const next = nextSeed(current, () => r);
        expect(next).not.toBe(current);
        expect(Number.isInteger(next) && next >= 0 && next < 2 ** 32).toBe(true);
      }),
    );
  });
});
