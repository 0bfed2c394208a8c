// Night bonus windows in server time (Europe/Berlin), wrapping midnight or not.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isNightBonus, isNightHour } from "./night-bonus.js";
import { parseServerTime, serverTimeParts } from "./server-time.js";

const at = (text: string) => {
  const parsed = parseServerTime(text, "Europe/Berlin");
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};
const wrapping = { night: { active: true, startHour: 23, endHour: 8 } }; // the real fixture's get_config
const morning = { night: { active: true, startHour: 0, endHour: 8 } };

describe("isNightBonus", () => {
  it.each([
    ["24.11.25 22:59:59:999", false, false],
    ["24.11.25 23:00:00:000", true, false],
    ["25.11.25 00:00:00:000", true, true],
    ["25.11.25 07:59:59:999", true, true],
    ["25.11.25 08:00:00:000", false, false],
    ["25.11.25 12:00:00:000", false, false],
    ["01.07.25 23:30:00:000", true, false], // summer time: 21:30 UTC
    ["01.07.25 07:00:00:000", true, true], //  summer time: 05:00 UTC
  ])("%s: 23 → 8 %s, 0 → 8 %s", (text, in2308, in0008) => {
    expect(isNightBonus(at(text), wrapping, "Europe/Berlin")).toBe(in2308);
    expect(isNightBonus(at(text), morning, "Europe/Berlin")).toBe(in0008);
  });

  it("uses the Berlin hour, not UTC: 22:30 UTC in winter is 23:30 server time", () => {
    expect(isNightBonus(Date.UTC(2025, 0, 10, 22, 30), wrapping, "Europe/Berlin")).toBe(true);
    expect(isNightBonus(Date.UTC(2025, 6, 10, 21, 30), wrapping, "Europe/Berlin")).toBe(true); // 23:30 CEST
    expect(isNightBonus(Date.UTC(2025, 6, 10, 20, 30), wrapping, "Europe/Berlin")).toBe(false); // 22:30 CEST
  });

  it("is off when inactive, absent or start = end", () => {
    const t = at("25.11.25 02:00:00:000");
    expect(isNightBonus(t, { night: { active: false, startHour: 23, endHour: 8 } }, "Europe/Berlin")).toBe(false);
    expect(isNightBonus(t, { night: null }, "Europe/Berlin")).toBe(false);
    expect(isNightBonus(t, { night: { active: true, startHour: 2, endHour: 2 } }, "Europe/Berlin")).toBe(false);
  });

  it("matches the hour window for every instant and window", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 0, 1) }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 24 }),
        (t, startHour, endHour) => {
          const hour = serverTimeParts(t, "Europe/Berlin").hour;
          const night = { active: true, startHour, endHour };
          const expected = startHour < endHour ? hour >= startHour && hour < endHour : startHour > endHour ? hour >= startHour || hour < endHour : false;
          expect(isNightBonus(t, { night }, "Europe/Berlin")).toBe(expected);
          expect(isNightHour(hour, night)).toBe(expected);
        },
      ),
    );
  });

  it("covers exactly end − start hours a day (24 − start + end when wrapping)", () => {
    const hours = (startHour: number, endHour: number) =>
      Array.from({ length: 24 }, (_, h) => h).filter((h) => isNightHour(h, { active: true, startHour, endHour })).length;
    expect(hours(23, 8)).toBe(9);
    expect(hours(23, 7)).toBe(8);
    expect(hours(0, 8)).toBe(8);
    expect(hours(22, 24)).toBe(2);
  });
});
