import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DefenceCandidate } from "./tribe-defence.js";
import type { TribeDefenceSupport } from "./tribe-requests.js";
import { needMeasure, planTribeDefence, remainingNeed, requestProgress, supportState } from "./tribe-defence.js";
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
