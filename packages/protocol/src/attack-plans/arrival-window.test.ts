// Allowed arrivals: the window minus the night bonus, exact to the millisecond across midnight and the
// clock changes; earliest and random picks stay inside.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isNightBonus } from "../game/night-bonus.js";
import { parseServerTime } from "../game/server-time.js";
import { arrivalIntervals, earliestArrival, randomArrival } from "./arrival-window.js";
import { seededRandom } from "../random.js";

const at = (text: string) => {
  const parsed = parseServerTime(text, "Europe/Berlin");
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
    expect(arrivalIntervals(at("24.12.25 20:00:00:000"), at("25.12.25 10:00:00:000"), night, "Europe/Berlin")).toEqual([
      at("24.12.25 20:00:00:000"),
      at("24.12.25 23:59:59:999"),
      at("25.12.25 08:00:00:000"),
      at("25.12.25 10:00:00:000"),
    ]);
    expect(arrivalIntervals(5, 10, { ...night, active: false }, "Europe/Berlin")).toEqual([5, 10]);
    expect(arrivalIntervals(5, 10, null, "Europe/Berlin")).toEqual([5, 10]);
  });

  it("runs the night on the world's own clock: 0–8 in London is 1–9 in Berlin, and a half-hour zone is exact", () => {
    const night = { active: true, startHour: 0, endHour: 8 };
    const from = Date.UTC(2025, 11, 24, 20);
    const to = Date.UTC(2025, 11, 25, 10);
    expect(arrivalIntervals(from, to, night, "Europe/London")).toEqual([from, Date.UTC(2025, 11, 25, 0) - 1, Date.UTC(2025, 11, 25, 8), to]);
    expect(arrivalIntervals(from, to, night, "Europe/Berlin")).toEqual([from, Date.UTC(2025, 11, 24, 23) - 1, Date.UTC(2025, 11, 25, 7), to]);
    // Asia/Kolkata is UTC+5:30: its midnight is 18:30 UTC.
    expect(arrivalIntervals(Date.UTC(2025, 11, 24, 12), Date.UTC(2025, 11, 25, 12), night, "Asia/Kolkata")).toEqual([
      Date.UTC(2025, 11, 24, 12),
      Date.UTC(2025, 11, 24, 18, 30) - 1,
      Date.UTC(2025, 11, 25, 2, 30),
      Date.UTC(2025, 11, 25, 12),
    ]);
  });

  it("handles a night over midnight (23–7) on the night the clocks go back", () => {
    const night = { active: true, startHour: 23, endHour: 7 };
    expect(arrivalIntervals(at("25.10.25 22:30:00:000"), at("26.10.25 07:30:00:000"), night, "Europe/Berlin")).toEqual([
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
        const intervals = arrivalIntervals(from, to, night, "Europe/Berlin");
        for (const p of probes) {
          const t = from + Math.floor(p * length);
          expect(inIntervals(intervals, t)).toBe(!isNightBonus(t, { night }, "Europe/Berlin"));
        }
        for (const edge of intervals) expect(isNightBonus(edge, { night }, "Europe/Berlin")).toBe(false);
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
