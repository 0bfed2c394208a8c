// The haul's split across wood, stone and iron (haul.ts), worked out by hand.
import { describe, expect, it } from "vitest";
import { splitHaul } from "./haul.js";

describe("the haul", () => {
  it("fills the load evenly and shares what one resource lacks among the others", () => {
    // 1,000 over three: 333 each would do, but wood has only 100 → wood 100; the other 900 over
    // stone and iron: 450 each, both have that much.
    expect(splitHaul({ wood: 100, stone: 2000, iron: 500 }, 1000)).toEqual({ wood: 100, stone: 450, iron: 450 });
    // Then iron lacks too: wood 100; 900 over two is 450, iron has 400 → iron 400; stone takes the last 500.
    expect(splitHaul({ wood: 100, stone: 2000, iron: 400 }, 1000)).toEqual({ wood: 100, stone: 500, iron: 400 });
    // (The old proportional split took 38 / 769 / 192 of the first village.)
  });

  it("takes everything when the load is larger, and gives odd units to wood, then stone", () => {
    expect(splitHaul({ wood: 100, stone: 50, iron: 0 }, 1000)).toEqual({ wood: 100, stone: 50, iron: 0 });
    // 770 over three: 256 each and 2 left → wood 257, stone 257, iron 256.
    expect(splitHaul({ wood: 1000, stone: 1000, iron: 1000 }, 770)).toEqual({ wood: 257, stone: 257, iron: 256 });
    expect(splitHaul({ wood: 1000, stone: 1000, iron: 1000 }, 0)).toEqual({ wood: 0, stone: 0, iron: 0 });
    // Fractions of resources in the village are not taken.
    expect(splitHaul({ wood: 10.9, stone: 0, iron: 0 }, 100)).toEqual({ wood: 10, stone: 0, iron: 0 });
  });
});
