import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { travelSeconds, type UnitSpeedTable } from "../game/travel.js";
import { units, type Unit } from "../units.js";
import { analyseIncomings, kindFromLabel, likelyUnits, nobleTrains, speedGroupLabel, type IncomingForAnalysis } from "./incoming-analysis.js";

/** A speed-1 world's minutes per field (the game's base values). */
const speeds: Record<Unit, number> = { spear: 18, sword: 22, axe: 18, archer: 18, spy: 9, light: 10, marcher: 10, heavy: 11, ram: 30, catapult: 30, knight: 10, snob: 35 };
const unitInfo: UnitSpeedTable = Object.fromEntries(units.map((u) => [u, { speed: speeds[u] }]));
const origin = { x: 500, y: 500 };
const target = { x: 506, y: 508 }; // 10 fields

describe("likelyUnits (the fastest unit whose whole walk is at least the time left)", () => {
  it("narrows a command seen right after it left to its own speed", () => {
    const ram = travelSeconds(10, 30) * 1000;
    const result = likelyUnits(origin, target, ram, unitInfo);
    expect(result.likely?.units).toEqual(["ram", "catapult"]);
    expect(result.others.map((g) => g.units)).toEqual([["snob"]]);
  });

  it("leaves the slower units possible when it was seen later in its walk", () => {
    // 20 minutes per field left: a sword (22) is the fastest that can still be on the way.
    const result = likelyUnits(origin, target, 10 * 20 * 60_000, unitInfo);
    expect(result.likely?.units).toEqual(["sword"]);
    expect(result.others.map((g) => g.units)).toEqual([["ram", "catapult"], ["snob"]]);
    expect(speedGroupLabel(likelyUnits(origin, target, 10 * 15 * 60_000, unitInfo).likely!)).toBe("Speerträger/Axtkämpfer/Bogenschütze");
  });

  it("finds none when more time is left than a noble needs (a clock error or a wrong village)", () => {
    expect(likelyUnits(origin, target, 10 * 36 * 60_000, unitInfo)).toEqual({ likely: null, others: [] });
  });

  it("never rules out the real slowest unit, and names it when the command was seen as it left", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...units),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 60 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (unit, dx, dy, walked) => {
          fc.pre(dx + dy > 0);
          const to = { x: origin.x + dx, y: origin.y + dy };
          const travel = travelSeconds(Math.hypot(dx, dy), speeds[unit]) * 1000;
          const remaining = Math.round(travel * (1 - walked));
          const result = likelyUnits(origin, to, remaining, unitInfo);
          const all = [result.likely, ...result.others].flatMap((g) => g?.units ?? []);
          expect(all).toContain(unit);
          if (walked === 0) expect(result.likely?.units).toContain(unit);
        },
      ),
    );
  });
});

const at = Date.UTC(2026, 10, 27, 12, 0, 0);
function incoming(id: number, over: Partial<IncomingForAnalysis> = {}): IncomingForAnalysis {
  return { id, origin, target, attackerName: "Feind", arrival: at, firstSeenAt: at - 10 * 18 * 60_000, label: "Angriff", ...over };
}

describe("nobleTrains", () => {
  it("groups one attacker's commands on one target that land within a second of each other", () => {
    const trains = nobleTrains([
      incoming(1),
      incoming(2, { arrival: at + 200 }),
      incoming(3, { arrival: at + 1100 }),
      incoming(4, { arrival: at + 3000 }),
      incoming(5, { arrival: at + 100, attackerName: "Anderer" }),
      incoming(6, { arrival: at + 300, target: { x: 1, y: 1 } }),
    ]);
    expect([...trains.entries()].sort(([a], [b]) => a - b)).toEqual([
      [1, [1, 1]],
      [2, [1, 2]],
      [3, [1, 3]],
    ]);
  });
});

describe("analyseIncomings", () => {
  it("calls a command a noble by its label, by its speed or by its place in a train, and repeated commands from one village fakes", () => {
    const snobWalk = travelSeconds(10, 35) * 1000;
    const result = analyseIncomings(
      [
        incoming(1, { label: "AG Zug 1" }),
        incoming(2, { firstSeenAt: at + 60_000 - snobWalk, arrival: at + 60_000, label: "Angriff" }),
        incoming(3, { arrival: at + 120_000 }),
        incoming(4, { arrival: at + 120_400 }),
        incoming(5, { origin: { x: 480, y: 480 }, target: { x: 490, y: 490 }, attackerName: "Fakes", arrival: at + 300_000 }),
        incoming(6, { origin: { x: 480, y: 480 }, target: { x: 491, y: 490 }, attackerName: "Fakes", arrival: at + 400_000 }),
        incoming(7, { origin: { x: 470, y: 470 }, attackerName: "Einzeln", arrival: at + 500_000 }),
        incoming(8, { origin: { x: 460, y: 470 }, attackerName: "Markiert", arrival: at + 600_000, label: "Fake?" }),
      ],
      unitInfo,
    );
    const kinds = Object.fromEntries(result.map((r) => [r.id, r.kind]));
    expect(kinds).toEqual({ 1: "noble", 2: "noble", 3: "attack", 4: "noble", 5: "fake", 6: "fake", 7: "attack", 8: "fake" });
    expect(result.find((r) => r.id === 4)).toMatchObject({ trainId: 3, trainIndex: 2, reason: "Adelszug aus 2 Befehlen." });
    expect(result.find((r) => r.id === 2)?.reason).toBe("Nur ein Adelsgeschlecht ist so langsam.");
    expect(result.find((r) => r.id === 1)?.reason).toBe("Bezeichnung im Spiel: „AG Zug 1“");
    expect(result.find((r) => r.id === 7)?.distance).toBeCloseTo(Math.hypot(36, 38));
  });
});

describe("kindFromLabel (whole words only)", () => {
  it("reads the words players and tools use for a noble", () => {
    for (const label of ["AG", "ag 1", "AG1", "AG#2", "AGs", "2 AGs auf 500|500", "AG's", "Adel", "Adels", "Adelszug 3", "Adelzug", "Adelsgeschlecht 12:00:00:000", "Adelung", "adeln!", "snob", "Snobs", "noble", "Nobleman", "(AG)", "Fake/AG"]) {
      expect(kindFromLabel(label), label).toBe("noble");
    }
  });

  it("takes no word for a noble that only contains those letters", () => {
    for (const label of ["Stadelmann off", "Nadel", "Radeln", "Tag", "Tage 3", "Hagel", "Adele", "Adelheid", "Magie", "snobby", "Angriff", "Speerträger/Axtkämpfer/Bogenschütze 12:00:00:000", "Rammbock/Katapult"]) {
      expect(kindFromLabel(label), label).toBeNull();
    }
  });

  it("reads a fake by a word starting with Fake, not by the letters inside another word", () => {
    for (const label of ["Fake", "fake?", "Fakes", "Fakeangriff", "Off oder Fake"]) expect(kindFromLabel(label), label).toBe("fake");
    for (const label of ["Antifake", "Unfakebar"]) expect(kindFromLabel(label), label).toBeNull();
  });

  it("reads nothing from an empty label", () => {
    expect(kindFromLabel(null)).toBeNull();
    expect(kindFromLabel("")).toBeNull();
  });
});
