import { describe, expect, it } from "vitest";
import { classColors, classifyVillages, countByColor, FIRST_MARK, nextMarkColor, ownAllyIds, paletteOf, rgbaWord } from "./classify";
import type { MapMark } from "./classify";

// Players: 1, 2 own (tribe 10); 3 in tribe 10; 4 in tribe 20; 5 in no tribe.
const allyOf = (id: number) => ({ 1: 10, 2: 0, 3: 10, 4: 20, 5: 0 })[id];
const villages = {
  count: 7,
  playerIds: Uint32Array.of(1, 2, 3, 4, 5, 0, 0),
  bonusIds: Uint8Array.of(0, 0, 0, 0, 0, 0, 3),
};

describe("village colours", () => {
  it("classifies own, own tribe, others, barbarians and bonus barbarians", () => {
    const colors = classifyVillages({ villages, allyOf, ownPlayerIds: new Set([1, 2]), marks: [] });
    expect([...colors]).toEqual([3, 3, 4, 0, 0, 1, 2]);
    expect(ownAllyIds([1, 2], allyOf)).toEqual(new Set([10]));
  });

  it("lets a marked player or tribe win over the tribe colour, but not over own villages", () => {
    const marks: MapMark[] = [
      { kind: "ally", id: 20, label: "B", color: "#ff0000" },
      { kind: "player", id: 3, label: "Drei", color: "#00ff00" },
      { kind: "player", id: 1, label: "Eins", color: "#0000ff" },
      { kind: "ally", id: 10, label: "A", color: "#ffffff" },
    ];
    const colors = classifyVillages({ villages, allyOf, ownPlayerIds: new Set([1]), marks });
    // 1 own; 2 plain other (no tribe); 3 marked player; 4 marked tribe 20; 5 other.
    expect([...colors]).toEqual([3, 0, FIRST_MARK + 1, FIRST_MARK, 0, 1, 2]);
    expect(paletteOf(marks)).toEqual([classColors.other, classColors.barbarian, classColors.bonus, classColors.own, classColors.tribe, "#ff0000", "#00ff00", "#0000ff", "#ffffff"]);
  });

  it("treats a player missing from player.txt as another player", () => {
    const colors = classifyVillages({ villages: { count: 1, playerIds: Uint32Array.of(99), bonusIds: Uint8Array.of(0) }, allyOf, ownPlayerIds: new Set(), marks: [] });
    expect([...colors]).toEqual([0]);
  });

  it("counts villages per colour and offers unused mark colours first", () => {
    expect(countByColor(Uint8Array.of(0, 3, 3, 5), 6)).toEqual([1, 0, 0, 2, 0, 1]);
    const first = nextMarkColor([]);
    expect(nextMarkColor([{ kind: "player", id: 1, label: "x", color: first }])).not.toBe(first);
  });

  it("packs a colour as a little-endian RGBA word", () => {
    expect(rgbaWord("#102030")).toBe(0xff302010);
  });
});
