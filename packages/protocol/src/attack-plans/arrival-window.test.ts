// Allowed arrivals: the window minus the night bonus, exact to the millisecond across midnight and the
// clock changes; earliest and random picks stay inside.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isNightBonus } from "../game/night-bonus.js";
import { parseServerTime } from "../game/server-time.js";
import { arrivalIntervals, earliestArrival, randomArrival } from "./arrival-window.js";
import { seededRandom } from "../random.js";

const at = (text: string) => {
  const parsed = parseServerTime(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};

const inIntervals = (intervals: number[], t: number) => {
  for (let i = 0; i < intervals.length; i += 2) if (t >= (intervals[i] as number) && t <= (intervals[i + 1] as number)) return true;
  return false;
};

describe("arrivalIntervals", () => {
  it("cuts the night 0–8 out of a day, and keeps the whole window without a night bonus", () => {
    const night = { active: true, startHour: 0, endHour: 8 };
    expect(arrivalIntervals(at("24.12.25 20:00:00:000"), at("25.12.25 10:00:00:000"), night)).toEqual([
      at("24.12.25 20:00:00:000"),
      at("24.12.25 23:59:59:999"),
      at("25.12.25 08:00:00:000"),
      at("25.12.25 10:00:00:000"),
    ]);
    expect(arrivalIntervals(5, 10, { ...night, active: false })).toEqual([5, 10]);
    expect(arrivalIntervals(5, 10, null)).toEqual([5, 10]);
  });

  it("handles a night over midnight (23–7) on the night the clocks go back", () => {
    const night = { active: true, startHour: 23, endHour: 7 };
    expect(arrivalIntervals(at("25.10.25 22:30:00:000"), at("26.10.25 07:30:00:000"), night)).toEqual([
      at("25.10.25 22:30:00:000"),
      at("25.10.25 22:59:59:999"),
      at("26.10.25 07:00:00:000"),
      at("26.10.25 07:30:00:000"),
    ]);
  });

  it("holds exactly the instants of the window outside the night bonus", () => {
    const arb = fc.record({
      from: fc.integer({ min: at("01.01.25 00:00:00:000"), max: at("31.12.25 00:00:00:000") }),
      length: fc.integer({ min: 0, max: 3 * 86_400_000 }),
      night: fc.record({ active: fc.constant(true), startHour: fc.integer({ min: 0, max: 23 }), endHour: fc.integer({ min: 0, max: 23 }) }),
      probes: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 30 }),
    });
    fc.assert(
      fc.property(arb, ({ from, length, night, probes }) => {
        const to = from + length;
        const intervals = arrivalIntervals(from, to, night);
        for (const p of probes) {
          const t = from + Math.floor(p * length);
          expect(inIntervals(intervals, t)).toBe(!isNightBonus(t, { night }));
        }
        for (const edge of intervals) expect(isNightBonus(edge, { night })).toBe(false);
      }),
    );
  });
});

describe("earliestArrival and randomArrival", () => {
  const intervals = [100, 199, 300, 399];

  it("take the first allowed instant at or after the lower bound", () => {
    expect(earliestArrival(intervals, 0)).toBe(100);
    expect(earliestArrival(intervals, 150)).toBe(150);
    expect(earliestArrival(intervals, 200)).toBe(300);
    expect(earliestArrival(intervals, 400)).toBeNull();
  });

  it("pick a random allowed instant at or after the lower bound", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 450 }), fc.nat(), (lower, seed) => {
        const t = randomArrival(intervals, lower, seededRandom(seed));
        if (lower > 399) expect(t).toBeNull();
        else {
          expect(t).not.toBeNull();
          expect(t as number).toBeGreaterThanOrEqual(lower);
          expect(inIntervals(intervals, t as number)).toBe(true);
        }
      }),
    );
  });
});
