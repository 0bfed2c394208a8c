import type { PlayerSnapshot, VillageSnapshot } from "@dsbot/protocol";
import { units } from "@dsbot/protocol";
import { describe, expect, it } from "vitest";
import { troopsReport } from "./inventory.js";

function village(over: Partial<VillageSnapshot>): VillageSnapshot {
  const home = Object.fromEntries(units.map((u) => [u, 0])) as VillageSnapshot["units"];
  return {
    id: 1, name: "Alpha", x: 500, y: 500, points: 1000, resources: { wood: 0, stone: 0, iron: 0 }, storageCapacity: 1000,
    population: { used: 0, max: 1000 }, buildings: {} as VillageSnapshot["buildings"], units: home, buildQueue: [], ...over,
  };
}

describe("troopsReport", () => {
  it("reports the units at home, and with the supports standing there, those elsewhere and on the way", () => {
    const home = { ...village({}).units, spear: 100, axe: 0 };
    const player: PlayerSnapshot = {
      id: 1, name: "Kalle", points: 1000,
      villages: [village({ units: home, supportsHere: { spear: 50, heavy: 10 }, outside: { sword: 20 }, onTheWay: { axe: 5 } }), village({ id: 2, units: home })],
    };
    const report = troopsReport(player, 123);
    expect(report.villages[0]).toEqual({
      villageId: 1, x: 500, y: 500, name: "Alpha",
      units: { spear: 100 },
      inVillage: { spear: 150, heavy: 10 },
      outside: { sword: 20 },
      onTheWay: { axe: 5 },
    });
    // A driver that does not tell leaves them out (the server keeps them unknown).
    expect(report.villages[1]).toEqual({ villageId: 2, x: 500, y: 500, name: "Alpha", units: { spear: 100 } });
  });
});
