// Continents K{⌊y/100⌋}{⌊x/100⌋}: the y digit first.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { continent, continentNumber, formatContinent, parseContinent } from "./continent.js";

describe("continent", () => {
  it.each([
    [512, 487, "K45"],
    [487, 512, "K54"],
    [0, 0, "K00"],
    [999, 999, "K99"],
    [99, 100, "K10"],
    [100, 99, "K01"],
    [550, 50, "K05"],
  ])("%d|%d lies in %s", (x, y, k) => {
    expect(continent({ x, y })).toBe(k);
  });

  it("matches the formula for every valid coordinate and is one of K00..K99", () => {
    const all = new Set(Array.from({ length: 100 }, (_, n) => `K${String(n).padStart(2, "0")}`));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 999 }), (x, y) => {
        const k = continent({ x, y });
        expect(k).toBe(`K${Math.floor(y / 100)}${Math.floor(x / 100)}`);
        expect(all.has(k)).toBe(true);
        expect(parseContinent(k)).toBe(continentNumber({ x, y }));
      }),
    );
  });

  it("refuses coordinates off the map", () => {
    expect(() => continent({ x: 1000, y: 0 })).toThrow(RangeError);
    expect(() => continent({ x: -1, y: 0 })).toThrow(RangeError);
    expect(() => continent({ x: 1.5, y: 0 })).toThrow(RangeError);
    expect(() => formatContinent(100)).toThrow(RangeError);
  });

  it("parses continent input", () => {
    expect(parseContinent("K45")).toBe(45);
    expect(parseContinent(" k 05 ")).toBe(5);
    expect(parseContinent("45")).toBe(45);
    expect(parseContinent("K5")).toBe(5);
    expect(parseContinent("K100")).toBeNull();
    expect(parseContinent("X45")).toBeNull();
    expect(parseContinent("")).toBeNull();
  });
});
