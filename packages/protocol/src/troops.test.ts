import { describe, expect, it } from "vitest";
import { botTroopsReportSchema } from "./runner.js";
import { troopMessages, TROOPS_MAX_VILLAGES } from "./troops.js";

const scannedAt = Date.UTC(2026, 0, 5, 12, 0);
const village = (villageId: number, units: Record<string, number> = { spear: 100, snob: 1 }) => ({ villageId, x: 500, y: 500 + (villageId % 400), name: `Dorf ${villageId}`, units });
const messages = (value: unknown) => botTroopsReportSchema.safeParse(value).error?.issues.map((i) => i.message) ?? [];

describe("bot:troops report", () => {
  it("accepts a scan with villages and their units at home, and one without villages", () => {
    const report = { scannedAt, villages: [village(1), village(2, {})] };
    expect(botTroopsReportSchema.parse(report)).toEqual(report);
    expect(botTroopsReportSchema.parse({ scannedAt, villages: [] })).toEqual({ scannedAt, villages: [] });
  });

  it("drops a dsbotId a bot adds: the server takes the bot from its socket", () => {
    expect(botTroopsReportSchema.parse({ scannedAt, villages: [], dsbotId: 7 })).toEqual({ scannedAt, villages: [] });
  });

  it(`takes at most ${TROOPS_MAX_VILLAGES} villages, each once`, () => {
    const many = Array.from({ length: TROOPS_MAX_VILLAGES }, (_, i) => village(i + 1));
    expect(botTroopsReportSchema.safeParse({ scannedAt, villages: many }).success).toBe(true);
    expect(messages({ scannedAt, villages: [...many, village(TROOPS_MAX_VILLAGES + 1)] })).toEqual([troopMessages.tooManyVillages(TROOPS_MAX_VILLAGES)]);
    expect(messages({ scannedAt, villages: [village(3), village(4), village(3)] })).toEqual([troopMessages.duplicateVillage]);
  });

  it("refuses unknown units, negative or fractional counts, coordinates off the map and bad scan times in German", () => {
    expect(messages({ scannedAt, villages: [village(1, { tank: 1 })] })).toHaveLength(1);
    expect(messages({ scannedAt, villages: [village(1, { axe: -1 })] })).toEqual(["Mindestens 0"]);
    expect(messages({ scannedAt, villages: [village(1, { axe: 1.5 })] })).toEqual(["Nur ganze Zahlen"]);
    expect(messages({ scannedAt, villages: [{ ...village(1), x: 1000 }] })).toEqual([troopMessages.coord]);
    expect(messages({ scannedAt, villages: [{ ...village(1), villageId: 0 }] })).toEqual([troopMessages.villageId]);
    expect(messages({ scannedAt, villages: [{ ...village(1), name: "x".repeat(101) }] })).toEqual([troopMessages.name(100)]);
    expect(messages({ scannedAt: -1, villages: [] })).toEqual([troopMessages.scannedAt]);
    expect(messages({ scannedAt: "gestern", villages: [] })).toEqual([troopMessages.scannedAt]);
  });
});
