import { describe, expect, it } from "vitest";
import type { WorldSummary } from "@dsbot/protocol";
import { buildWorldData } from "@/lib/world-data";
import { gameLinks, nearestOwnVillage, villageInfo } from "./village-info";

const data = buildWorldData(
  { id: 1, server: "die-staemme.de", world: "de230", dataVersion: 1 } as WorldSummary,
  {
    count: 4,
    ids: Uint32Array.of(11, 12, 13, 14),
    playerIds: Uint32Array.of(101, 101, 102, 0),
    points: Uint32Array.of(100, 200, 300, 50),
    x: Uint16Array.of(500, 540, 512, 499),
    y: Uint16Array.of(500, 500, 487, 499),
    bonusIds: Uint8Array.of(0, 0, 0, 2),
  },
  {
    dataVersion: 1,
    players: { ids: [101, 102], names: ["Anna", "Bert"], allyIds: [0, 7], points: [300, 300] },
    allies: { ids: [7], names: ["Sieben"], tags: ["S7"] },
  },
);

describe("village info", () => {
  it("describes a player's village with continent, owner and tribe", () => {
    expect(villageInfo(data, 2)).toEqual({
      index: 2,
      id: 13,
      x: 512,
      y: 487,
      continent: "K45",
      points: 300,
      bonusId: 0,
      player: { id: 102, name: "Bert", allyId: 7, points: 300 },
      ally: { id: 7, name: "Sieben", tag: "S7" },
    });
    expect(villageInfo(data, 3)).toMatchObject({ player: undefined, ally: undefined, bonusId: 2 });
    expect(villageInfo(data, 0)).toMatchObject({ player: { name: "Anna" }, ally: undefined });
    expect(villageInfo(data, 4)).toBeNull();
  });

  it("sends from the nearest own village other than the target", () => {
    const own = new Set([101]);
    expect(nearestOwnVillage(data, own, 2)).toBe(0);
    expect(nearestOwnVillage(data, own, 0)).toBe(1);
    expect(nearestOwnVillage(data, new Set(), 2)).toBe(-1);
  });

  it("builds the game links on the user's world", () => {
    const info = villageInfo(data, 2)!;
    const links = gameLinks({ server: "die-staemme.de", world: "de231" }, info, 11);
    expect(links).toEqual({
      village: "https://de231.die-staemme.de/game.php?screen=info_village&id=13",
      player: "https://de231.die-staemme.de/game.php?screen=info_player&id=102",
      ally: "https://de231.die-staemme.de/game.php?screen=info_ally&id=7",
      rallyPoint: "https://de231.die-staemme.de/game.php?village=11&screen=place&target=13",
    });
    expect(gameLinks({ server: "die-staemme.de", world: "de231" }, villageInfo(data, 3)!, null)).toMatchObject({ player: null, ally: null, rallyPoint: null });
  });
});
