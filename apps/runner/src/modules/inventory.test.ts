import type { PlayerSnapshot, VillageSnapshot } from "@dsbot/protocol";
import { units } from "@dsbot/protocol";
import { describe, expect, it } from "vitest";
import { botVillagesReportSchema } from "@dsbot/protocol";
import { troopsReport, villageReports } from "./inventory.js";

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

describe("villageReports", () => {
  it("sends the villages with buildings, resources and queues in parts the server takes, the last one marked", () => {
    const many: PlayerSnapshot = {
      id: 1, name: "Kalle", points: 0,
      villages: Array.from({ length: 600 }, (_, i) =>
        village({ id: i + 1, buildings: { main: 3 } as VillageSnapshot["buildings"], resources: { wood: 10.7, stone: 0, iron: 0 }, buildQueue: [{ building: "main", level: 4, finishesAt: Date.UTC(2026, 0, 5, 13) }] }),
      ),
    };
    const parts = villageReports(many, Date.UTC(2026, 0, 5));
    expect(parts.map((p) => [p.villages.length, p.last])).toEqual([[250, false], [250, false], [100, true]]);
    for (const part of parts) expect(botVillagesReportSchema.safeParse(part).success).toBe(true);
    expect(parts[0]?.villages[0]?.state).toMatchObject({ buildings: { main: 3 }, resources: { wood: 10 }, buildQueue: [{ building: "main", level: 4, finishesAt: Date.UTC(2026, 0, 5, 13) }], recruitQueue: [] });
    // No villages: one empty last part (the server drops what it kept).
    expect(villageReports({ ...many, villages: [] }, 1)).toEqual([{ scannedAt: 1, last: true, villages: [] }]);
  });
});
