import { describe, expect, it } from "vitest";
import { addUnitCounts, classifyTroops, troopPopulation } from "./troop-classification.js";

describe("classifyTroops (by population share of the fighting units)", () => {
  it("tells a full offensive, a defensive, a mixed and an empty village apart", () => {
    expect(classifyTroops({ axe: 6000, light: 2500, ram: 250, spy: 100, spear: 300 })).toBe("off");
    expect(classifyTroops({ spear: 7000, sword: 6000, heavy: 400, spy: 200 })).toBe("def");
    expect(classifyTroops({ spear: 2500, sword: 1500, axe: 2000, light: 700 })).toBe("mixed");
    expect(classifyTroops({ spy: 5000, knight: 1, snob: 4 })).toBe("empty");
    expect(classifyTroops({})).toBe("empty");
  });

  it("draws the lines at 500 fighting population and a 75 % share", () => {
    expect(classifyTroops({ axe: 499 })).toBe("empty");
    expect(classifyTroops({ axe: 500 })).toBe("off");
    expect(classifyTroops({ axe: 750, spear: 250 })).toBe("off");
    expect(classifyTroops({ axe: 749, spear: 251 })).toBe("mixed");
    expect(classifyTroops({ spear: 750, axe: 250 })).toBe("def");
  });

  it("weights units by the spec's population weights", () => {
    // 6000 + 2500×4 + 250×5 = 17,250 off; 300 def; 100 spies × 2.
    expect(troopPopulation({ axe: 6000, light: 2500, ram: 250, spy: 100, spear: 300 })).toEqual({ total: 17_750, off: 17_250, def: 300 });
  });
});

describe("addUnitCounts", () => {
  it("adds counts per unit and leaves zeros out", () => {
    expect(addUnitCounts({ axe: 1, spear: 2 }, { axe: 3 }, { ram: 0 })).toEqual({ spear: 2, axe: 4 });
  });
});
