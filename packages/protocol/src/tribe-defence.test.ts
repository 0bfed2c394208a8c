import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DefenceCandidate } from "./tribe-defence.js";
import type { TribeDefenceSupport } from "./tribe-requests.js";
import { foreignUnits, needMeasure, planTribeDefence, remainingNeed, requestProgress, supportState, supportsSeenInVillage } from "./tribe-defence.js";
import { unitTravelSeconds } from "./game/travel.js";
import { population } from "./units.js";

// Minutes per field at speed 1: spear 18, sword 22, archer 18, heavy 11.
const unitInfo = { spear: { speed: 18 }, sword: { speed: 22 }, archer: { speed: 18 }, heavy: { speed: 11 }, axe: { speed: 18 } };
const target = { x: 500, y: 500 };
const NOW = Date.UTC(2031, 0, 1);

function support(overrides: Partial<TribeDefenceSupport>): TribeDefenceSupport {
  return {
    id: 1,
    planId: 1,
    member: { userId: 2, username: "Bert" },
    source: { id: 4, name: "Gamma", coordinates: "510|490" },
    units: { spear: 100 },
    unit: "spear",
    sendAt: NOW,
    arrivalAt: NOW + 3_600_000,
    status: "planned",
    realArrivalAt: null,
    seenInVillageAt: null,
    error: null,
    ...overrides,
  };
}

describe("planTribeDefence", () => {
  it("takes the nearest villages first, only units that land by the deadline, up to the population asked", () => {
    const candidates: DefenceCandidate[] = [
      { x: 520, y: 520, units: { spear: 5000 } },
      { x: 501, y: 500, units: { spear: 300, sword: 300, axe: 999, heavy: 10 } },
    ];
    // One field: spear 18 min, sword 22 min. Deadline in 20 minutes: the swords are too slow.
    const planned = planTribeDefence({ candidates, target, need: { kind: "population", population: 400 }, neededBy: NOW + 20 * 60_000, sendAt: NOW, unitInfo, maxSupports: 10 });
    expect(planned.supports).toEqual([{ candidate: 1, units: { spear: 300, heavy: 10 }, unit: "spear", sendAt: NOW, arrivalAt: NOW + 18 * 60_000 }]);
    expect(planned.covered).toBe(360);
  });

  it("asked units take only those units, from several villages", () => {
    const candidates: DefenceCandidate[] = [
      { x: 502, y: 500, units: { sword: 80, spear: 500 } },
      { x: 501, y: 500, units: { sword: 50 } },
    ];
    const planned = planTribeDefence({ candidates, target, need: { kind: "units", units: { sword: 100 } }, neededBy: NOW + 86_400_000, sendAt: NOW, unitInfo, maxSupports: 10 });
    expect(planned.supports.map((s) => [s.candidate, s.units])).toEqual([
      [1, { sword: 50 }],
      [0, { sword: 50 }],
    ]);
    expect(planned.covered).toBe(100);
  });

  it("never sends more than a village has, never lands late, and stops at maxSupports", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ x: fc.integer({ min: 480, max: 520 }), y: fc.integer({ min: 480, max: 520 }), spear: fc.nat(2000), heavy: fc.nat(200) }), { maxLength: 40 }),
        fc.integer({ min: 1, max: 50_000 }),
        fc.integer({ min: 1, max: 48 * 60 }),
        fc.integer({ min: 1, max: 20 }),
        (villages, asked, minutes, maxSupports) => {
          const candidates = villages.map((v) => ({ x: v.x, y: v.y, units: { spear: v.spear, heavy: v.heavy } }));
          const neededBy = NOW + minutes * 60_000;
          const { supports, covered } = planTribeDefence({ candidates, target, need: { kind: "population", population: asked }, neededBy, sendAt: NOW, unitInfo, maxSupports });
          expect(supports.length).toBeLessThanOrEqual(maxSupports);
          let total = 0;
          for (const s of supports) {
            const c = candidates[s.candidate]!;
            expect(s.units.spear ?? 0).toBeLessThanOrEqual(c.units.spear);
            expect(s.units.heavy ?? 0).toBeLessThanOrEqual(c.units.heavy);
            expect(s.arrivalAt).toBeLessThanOrEqual(neededBy);
            expect(s.arrivalAt).toBe(NOW + unitTravelSeconds(c, target, s.unit, unitInfo) * 1000);
            total += population(s.units);
          }
          expect(covered).toBe(total);
          // Over-asks by at most one unit's weight: the last unit taken fills the rest.
          expect(total).toBeLessThan(asked + 6);
        },
      ),
    );
  });
});

describe("a request's progress", () => {
  const need = { kind: "population", population: 1000 } as const;
  const neededBy = NOW + 7_200_000;

  it("states: planned, sent, arrived once landed, late after the deadline, failed", () => {
    expect(supportState(support({}), neededBy, NOW)).toBe("planned");
    expect(supportState(support({ status: "sent" }), neededBy, NOW)).toBe("sent");
    expect(supportState(support({ status: "sent" }), neededBy, NOW + 3_600_000)).toBe("arrived");
    expect(supportState(support({ status: "sent", realArrivalAt: neededBy + 1 }), neededBy, NOW)).toBe("late");
    for (const status of ["failed", "expired", "cancelled"] as const) expect(supportState(support({ status }), neededBy, NOW)).toBe("failed");
  });

  it("a support seen in the village arrived, whatever its command says; after the deadline it is late", () => {
    const seen = NOW + 3_700_000;
    expect(supportState(support({ status: "expired", seenInVillageAt: seen }), neededBy, NOW)).toBe("arrived");
    expect(supportState(support({ status: "due", seenInVillageAt: seen }), neededBy, NOW)).toBe("arrived");
    expect(supportState(support({ status: "expired", arrivalAt: neededBy + 1, seenInVillageAt: seen }), neededBy, NOW)).toBe("late");
  });

  it("counts requested, planned, sent and arrived in the need's measure, and what is missing", () => {
    const supports = [
      support({ id: 1, units: { spear: 300 }, status: "sent" }),
      support({ id: 2, units: { heavy: 50 } }),
      support({ id: 3, units: { sword: 400 }, status: "failed" }),
      support({ id: 4, units: { spear: 100 }, status: "sent", realArrivalAt: neededBy + 5 }),
    ];
    expect(requestProgress(need, neededBy, supports, NOW + 3_600_000)).toEqual({ requested: 1000, planned: 700, sent: 400, arrived: 300, troubled: 2, missing: 400 });
    expect(remainingNeed(need, neededBy, supports, NOW)).toEqual({ kind: "population", population: 400 });
    expect(remainingNeed({ kind: "units", units: { spear: 200, heavy: 80 } }, neededBy, supports, NOW)).toEqual({ kind: "units", units: { heavy: 30 } });
    expect(remainingNeed(need, neededBy, [support({ units: { spear: 1000 } })], NOW)).toBeNull();
    expect(needMeasure({ kind: "units", units: { spear: 200 } }, { spear: 500, axe: 50 })).toBe(200);
  });
});

describe("supports seen in the village", () => {
  const at = NOW + 4_000_000;

  it("the units beyond the owner's own: in the village less at home", () => {
    expect(foreignUnits({ spear: 500, sword: 20, heavy: 5 }, { spear: 200, sword: 30 })).toEqual({ spear: 300, heavy: 5 });
  });

  it("confirms a landed support whose units are all there, not one still on its way or called off", () => {
    const supports = [
      support({ id: 1, status: "expired", units: { spear: 100 } }),
      support({ id: 2, status: "expired", units: { spear: 100 }, arrivalAt: at + 1 }),
      support({ id: 3, status: "cancelled", units: { spear: 100 } }),
    ];
    expect(supportsSeenInVillage(supports, { at, foreign: { spear: 1000 } })).toEqual([0]);
    expect(supportsSeenInVillage(supports, { at, foreign: { spear: 99 } })).toEqual([]);
    expect(supportsSeenInVillage(supports, { at: at + 1, foreign: { spear: 200 } })).toEqual([0, 1]);
  });

  it("hands the units out to the supports already seen first, then the sent ones, then the rest by arrival", () => {
    const supports = [
      support({ id: 1, status: "expired", units: { spear: 100 }, arrivalAt: NOW + 1000 }),
      support({ id: 2, status: "sent", units: { spear: 100 }, arrivalAt: NOW + 2000 }),
      support({ id: 3, status: "expired", units: { spear: 100, sword: 10 }, arrivalAt: NOW + 3000, seenInVillageAt: NOW + 3500 }),
      support({ id: 4, status: "expired", units: { spear: 50 }, arrivalAt: NOW + 1500 }),
    ];
    // 210 spears and 10 swords: support 3 (seen) and 2 (sent) take 200, 10 are left: none of 1 and 4 fits.
    expect(supportsSeenInVillage(supports, { at, foreign: { spear: 210, sword: 10 } })).toEqual([1]);
    // 260: 60 are left; support 1 (lands first, 100) does not fit, support 4 (50) does.
    expect(supportsSeenInVillage(supports, { at, foreign: { spear: 260, sword: 10 } })).toEqual([1, 3]);
    expect(supportsSeenInVillage(supports, { at, foreign: { spear: 300, sword: 10 } })).toEqual([0, 1]);
    expect(supportsSeenInVillage(supports, { at, foreign: { spear: 350, sword: 10 } })).toEqual([0, 1, 3]);
  });

  it("never confirms more units than the sighting holds beyond the supports already seen (property)", () => {
    const unit = fc.constantFrom("spear" as const, "sword" as const);
    fc.assert(
      fc.property(
        fc.array(fc.record({ unit, n: fc.integer({ min: 1, max: 300 }), sent: fc.boolean(), seen: fc.boolean(), landed: fc.boolean() }), { maxLength: 8 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        (specs, spears, swords) => {
          const supports = specs.map((s, i) =>
            support({ id: i + 1, status: s.sent ? "sent" : "expired", units: { [s.unit]: s.n }, arrivalAt: s.landed ? at - 1 : at + 1, seenInVillageAt: s.seen ? at - 1 : null }),
          );
          const seen = supportsSeenInVillage(supports, { at, foreign: { spear: spears, sword: swords } });
          const held = { spear: spears, sword: swords };
          for (const i of seen) {
            expect(supports[i]!.seenInVillageAt).toBeNull();
            expect(supports[i]!.arrivalAt).toBeLessThanOrEqual(at);
          }
          // The ones confirmed now fit into the sighting together.
          const newly = seen.map((i) => supports[i]!);
          for (const u of ["spear", "sword"] as const) expect(newly.reduce((sum, s) => sum + (s.units[u] ?? 0), 0)).toBeLessThanOrEqual(held[u]);
        },
      ),
    );
  });
});
