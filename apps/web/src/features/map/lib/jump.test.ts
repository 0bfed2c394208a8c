import { describe, expect, it } from "vitest";
import { buildWorldData } from "@/lib/world-data";
import type { WorldSummary } from "@dsbot/protocol";
import { jumpSuggestions, resolveJump, villagesRect } from "./jump";

const world = { id: 1, server: "die-staemme.de", world: "de230", dataVersion: 1 } as WorldSummary;
const data = buildWorldData(
  world,
  {
    count: 4,
    ids: Uint32Array.of(1, 2, 3, 4),
    playerIds: Uint32Array.of(101, 101, 102, 0),
    points: Uint32Array.of(100, 200, 300, 50),
    x: Uint16Array.of(500, 510, 480, 499),
    y: Uint16Array.of(500, 495, 520, 499),
    bonusIds: Uint8Array.of(0, 0, 0, 0),
  },
  {
    dataVersion: 1,
    players: { ids: [101, 102, 103], names: ["Anna Apfel", "Bert", "Annabell"], allyIds: [11, 11, 12], points: [300, 300, 5] },
    allies: { ids: [11, 12], names: ["Die Ersten", "Zweite Reihe"], tags: ["ERST", "Z&R"] },
  },
);

describe("jump", () => {
  it("goes to a coordinate, with or without a village there", () => {
    expect(resolveJump(" 510|495 ", data)).toEqual({ kind: "coord", x: 510, y: 495, index: 1 });
    expect(resolveJump("(1|2)", data)).toEqual({ kind: "coord", x: 1, y: 2, index: -1 });
  });

  it("goes to a player's or a tribe's villages by exact name or tag, any case", () => {
    expect(resolveJump("anna apfel", data)).toMatchObject({ kind: "player", player: { id: 101 }, rect: { x0: 500, y0: 495, x1: 511, y1: 501 } });
    expect(resolveJump("erst", data)).toMatchObject({ kind: "ally", ally: { id: 11 }, rect: { x0: 480, y0: 495, x1: 511, y1: 521 } });
    expect(resolveJump("[Z&R] Zweite Reihe", data)).toMatchObject({ kind: "ally", ally: { id: 12 }, rect: null });
    expect(resolveJump("Annabell", data)).toMatchObject({ kind: "player", rect: null });
  });

  it("finds nothing for unknown names, parts of names and coordinates out of range", () => {
    expect(resolveJump("Ann", data)).toEqual({ kind: "none" });
    expect(resolveJump("1000|5", data)).toEqual({ kind: "none" });
    expect(resolveJump("   ", data)).toEqual({ kind: "none" });
  });

  it("suggests players and tribes containing the text, best matches first", () => {
    expect(jumpSuggestions("ann", data)).toEqual({ players: ["Anna Apfel", "Annabell"], allies: [] });
    expect(jumpSuggestions("e", data)).toEqual({ players: [], allies: [] });
    expect(jumpSuggestions("er", data)).toEqual({ players: ["Bert"], allies: ["[ERST] Die Ersten"] });
    expect(jumpSuggestions("50", data)).toEqual({ players: [], allies: [] });
  });

  it("has no rectangle for a player without villages", () => {
    expect(villagesRect(data, () => false)).toBeNull();
  });
});
