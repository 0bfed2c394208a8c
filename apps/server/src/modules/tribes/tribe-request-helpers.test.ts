// The reach that bounds which members' villages are read when a request asks who could help: no village
// outside it lands in time, whatever defensive units it holds.
import { baseUnitSpeeds, defensiveUnits, units, type UnitSpeedTable } from "@dsbot/protocol";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { earliestLanding, reachInFields } from "./tribe-request-helpers.js";

const baseInfo: UnitSpeedTable = Object.fromEntries(units.map((u) => [u, { speed: baseUnitSpeeds[u] }]));

describe("reachInFields", () => {
  it("is what the fastest defensive unit (heavy cavalry, 11 minutes a field) crosses, plus one field", () => {
    expect(reachInFields(60 * 60_000, baseInfo)).toBe(Math.ceil(60 / 11) + 1);
    expect(reachInFields(-5_000, baseInfo)).toBe(1);
    expect(reachInFields(60_000, {})).toBeNull();
    // Weeks ahead: the whole map, and a bound the coordinates' smallint column can take.
    expect(reachInFields(90 * 24 * 3_600_000, baseInfo)).toBe(1000);
  });

  it("leaves out only villages whose every defensive unit lands too late", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 24 * 3_600_000 }),
        fc.integer({ min: -200, max: 200 }),
        fc.integer({ min: -200, max: 200 }),
        fc.constantFrom(...defensiveUnits),
        fc.double({ min: 0.05, max: 2, noNaN: true }),
        (ms, dx, dy, unit, factor) => {
          const info: UnitSpeedTable = Object.fromEntries(units.map((u) => [u, { speed: baseUnitSpeeds[u] * factor }]));
          const reach = reachInFields(ms, info)!;
          if (reach === 1000 || (Math.abs(dx) <= reach && Math.abs(dy) <= reach)) return;
          const landing = earliestLanding({ [unit]: 10 }, { x: 500 + dx, y: 500 + dy }, { x: 500, y: 500 }, info, 0);
          expect(landing).toBeGreaterThan(ms);
        },
      ),
    );
  });
});
