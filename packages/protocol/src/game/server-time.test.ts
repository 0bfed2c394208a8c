// Server time in Europe/Berlin: the game's DD.MM.YY HH:mm:ss:SSS, DST-correct both ways.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatServerTime, parseServerTime, repeatedHourOf, serverTimeMessages, serverTimeOffsetMs, serverTimeParts } from "./server-time.js";

const HOUR = 3_600_000;
const epoch = fc.integer({ min: Date.UTC(2000, 0, 1, 0, 0, 0), max: Date.UTC(2099, 11, 31, 21, 0, 0) });

/** Last Sunday of a month at 01:00 UTC: when Europe/Berlin changes its clocks (March, October). */
function changeAt(year: number, month: 2 | 9): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}
/** Instants within three hours of a clock change in 2000–2099. */
const nearChange = fc
  .tuple(fc.integer({ min: 2000, max: 2099 }), fc.constantFrom(2 as const, 9 as const), fc.integer({ min: -3 * HOUR, max: 3 * HOUR }))
  .map(([year, month, delta]) => changeAt(year, month) + delta);
const anyInstant = fc.oneof(epoch, nearChange);

describe("formatServerTime", () => {
  it.each([
    [Date.UTC(2025, 10, 24, 17, 0, 0, 123), "24.11.25 18:00:00:123"], // CET = UTC+1
    [Date.UTC(2025, 6, 1, 10, 0, 0, 999), "01.07.25 12:00:00:999"], //  CEST = UTC+2
    [Date.UTC(2025, 2, 30, 0, 59, 59, 999), "30.03.25 01:59:59:999"], // last instant before the spring change
    [Date.UTC(2025, 2, 30, 1, 0, 0, 0), "30.03.25 03:00:00:000"], //    02:00 CET becomes 03:00 CEST
    [Date.UTC(2025, 9, 26, 0, 30, 0, 0), "26.10.25 02:30:00:000"], //   first 02:30 (CEST)
    [Date.UTC(2025, 9, 26, 1, 30, 0, 0), "26.10.25 02:30:00:000"], //   second 02:30 (CET)
    [Date.UTC(2024, 1, 29, 23, 0, 0, 7), "01.03.24 00:00:00:007"],
    [Date.UTC(2009, 11, 31, 23, 0, 0, 0), "01.01.10 00:00:00:000"],
  ])("%d → %s", (ms, text) => {
    expect(formatServerTime(ms, "Europe/Berlin")).toBe(text);
  });

  it("gives the offset of CET and CEST and the local hour", () => {
    expect(serverTimeOffsetMs(Date.UTC(2025, 0, 15), "Europe/Berlin")).toBe(HOUR);
    expect(serverTimeOffsetMs(Date.UTC(2025, 6, 15), "Europe/Berlin")).toBe(2 * HOUR);
    expect(serverTimeParts(Date.UTC(2025, 6, 15, 21, 30), "Europe/Berlin").hour).toBe(23);
  });
});

describe("parseServerTime", () => {
  it("reads the game's format, a four-digit year and no milliseconds", () => {
    expect(parseServerTime("24.11.25 18:00:00:123", "Europe/Berlin")).toEqual({ ok: true, value: Date.UTC(2025, 10, 24, 17, 0, 0, 123) });
    expect(parseServerTime(" 24.11.2025 18:00:00.123 ", "Europe/Berlin")).toEqual({ ok: true, value: Date.UTC(2025, 10, 24, 17, 0, 0, 123) });
    expect(parseServerTime("01.07.25 12:00:00", "Europe/Berlin")).toEqual({ ok: true, value: Date.UTC(2025, 6, 1, 10, 0, 0, 0) });
  });

  it("reads the 02:30 of the autumn change only with a choice and refuses the skipped spring hour", () => {
    expect(parseServerTime("26.10.25 02:30:00:000", "Europe/Berlin")).toEqual({
      ok: false,
      error: serverTimeMessages.repeated("26.10.25 02:30:00:000", "Europe/Berlin", "erste (Sommerzeit, UTC+2)", "zweite (Winterzeit, UTC+1)"),
    });
    expect(parseServerTime("26.10.25 02:30:00:000", "Europe/Berlin", { repeatedHour: "first" })).toEqual({ ok: true, value: Date.UTC(2025, 9, 26, 0, 30) });
    expect(parseServerTime("26.10.25 02:30:00:000", "Europe/Berlin", { repeatedHour: "second" })).toEqual({ ok: true, value: Date.UTC(2025, 9, 26, 1, 30) });
    expect(parseServerTime("26.10.25 03:00:00:000", "Europe/Berlin")).toEqual({ ok: true, value: Date.UTC(2025, 9, 26, 2, 0) });
    expect(parseServerTime("30.03.25 02:30:00:000", "Europe/Berlin")).toEqual({ ok: false, error: serverTimeMessages.skipped("Europe/Berlin") });
    expect(parseServerTime("30.03.25 03:00:00:000", "Europe/Berlin")).toEqual({ ok: true, value: Date.UTC(2025, 2, 30, 1, 0) });
  });

  it("refuses other text and impossible dates in German", () => {
    for (const bad of ["", "24.11.25", "24-11-25 18:00:00:000", "24.11.25 18:00", "24.11.25 18:00:00:12", "morgen"]) {
      expect(parseServerTime(bad, "Europe/Berlin")).toEqual({ ok: false, error: serverTimeMessages.format });
    }
    for (const bad of ["31.02.25 10:00:00:000", "29.02.25 10:00:00:000", "00.01.25 10:00:00:000", "01.13.25 10:00:00:000", "01.01.25 24:00:00:000", "01.01.25 10:60:00:000"]) {
      expect(parseServerTime(bad, "Europe/Berlin")).toEqual({ ok: false, error: serverTimeMessages.invalidDate });
    }
    expect(parseServerTime("29.02.24 10:00:00:000", "Europe/Berlin").ok).toBe(true);
  });
});

describe("format ↔ parse round trip", () => {
  it("parse(format(t)) = t, in the repeated autumn hour with the occurrence repeatedHourOf(t) names (and only there asked)", () => {
    fc.assert(
      fc.property(anyInstant, (t) => {
        const text = formatServerTime(t, "Europe/Berlin");
        const repeated = formatServerTime(t - HOUR, "Europe/Berlin") === text || formatServerTime(t + HOUR, "Europe/Berlin") === text;
        expect(repeatedHourOf(t, "Europe/Berlin")).toBe(!repeated ? null : formatServerTime(t - HOUR, "Europe/Berlin") === text ? "second" : "first");
        expect(parseServerTime(text, "Europe/Berlin").ok).toBe(!repeated);
        expect(parseServerTime(text, "Europe/Berlin", { repeatedHour: repeatedHourOf(t, "Europe/Berlin") })).toEqual({ ok: true, value: t });
      }),
      { numRuns: 500 },
    );
  });

  it("every valid wall-clock text of 2000–2099 formats back to itself (or is the skipped hour)", () => {
    const text = fc
      .record({
        day: fc.integer({ min: 1, max: 28 }),
        month: fc.integer({ min: 1, max: 12 }),
        year: fc.integer({ min: 0, max: 99 }),
        hour: fc.integer({ min: 0, max: 23 }),
        minute: fc.integer({ min: 0, max: 59 }),
        second: fc.integer({ min: 0, max: 59 }),
        ms: fc.integer({ min: 0, max: 999 }),
      })
      .map((p) => {
        const two = (n: number) => String(n).padStart(2, "0");
        return `${two(p.day)}.${two(p.month)}.${two(p.year)} ${two(p.hour)}:${two(p.minute)}:${two(p.second)}:${String(p.ms).padStart(3, "0")}`;
      });
    fc.assert(
      fc.property(text, fc.constantFrom("first" as const, "second" as const), (s, repeatedHour) => {
        const parsed = parseServerTime(s, "Europe/Berlin", { repeatedHour });
        if (parsed.ok) expect(formatServerTime(parsed.value, "Europe/Berlin")).toBe(s);
        else expect(parsed.error).toBe(serverTimeMessages.skipped("Europe/Berlin"));
      }),
      { numRuns: 500 },
    );
  });

  it("spring and autumn changes of every year 2000–2099 are one hour apart on the clock", () => {
    for (let year = 2000; year <= 2099; year += 1) {
      const spring = changeAt(year, 2);
      expect(formatServerTime(spring - 1, "Europe/Berlin").slice(9)).toBe("01:59:59:999");
      expect(formatServerTime(spring, "Europe/Berlin").slice(9)).toBe("03:00:00:000");
      const autumn = changeAt(year, 9);
      expect(formatServerTime(autumn - 1, "Europe/Berlin").slice(9)).toBe("02:59:59:999");
      expect(formatServerTime(autumn, "Europe/Berlin").slice(9)).toBe("02:00:00:000");
    }
  });
});

describe("other markets' zones", () => {
  const LONDON = "Europe/London";
  it("tribalwars.co.uk: GMT in winter, BST in summer, both changes at 01:00 UTC", () => {
    expect(formatServerTime(Date.UTC(2025, 10, 24, 17, 0, 0, 123), LONDON)).toBe("24.11.25 17:00:00:123");
    expect(formatServerTime(Date.UTC(2025, 6, 1, 10, 0, 0, 999), LONDON)).toBe("01.07.25 11:00:00:999");
    // Spring: 01:00 GMT becomes 02:00 BST; 01:30 does not exist on a UK clock that night.
    expect(formatServerTime(Date.UTC(2025, 2, 30, 0, 59, 59, 999), LONDON)).toBe("30.03.25 00:59:59:999");
    expect(formatServerTime(Date.UTC(2025, 2, 30, 1, 0, 0, 0), LONDON)).toBe("30.03.25 02:00:00:000");
    expect(parseServerTime("30.03.25 01:30:00:000", LONDON)).toEqual({ ok: false, error: serverTimeMessages.skipped(LONDON) });
    // ... and 01:30 is an ordinary time in Berlin that night, where 02:30 is the one missing.
    expect(parseServerTime("30.03.25 01:30:00:000", "Europe/Berlin")).toEqual({ ok: true, value: Date.UTC(2025, 2, 30, 0, 30) });
    // Autumn: 02:00 BST becomes 01:00 GMT; the repeated 01:30 is read as the occurrence chosen.
    expect(formatServerTime(Date.UTC(2025, 9, 26, 0, 30), LONDON)).toBe("26.10.25 01:30:00:000");
    expect(formatServerTime(Date.UTC(2025, 9, 26, 1, 30), LONDON)).toBe("26.10.25 01:30:00:000");
    expect(parseServerTime("26.10.25 01:30:00:000", LONDON)).toEqual({
      ok: false,
      error: serverTimeMessages.repeated("26.10.25 01:30:00:000", LONDON, "erste (Sommerzeit, UTC+1)", "zweite (Winterzeit, UTC)"),
    });
    expect(parseServerTime("26.10.25 01:30:00:000", LONDON, { repeatedHour: "first" })).toEqual({ ok: true, value: Date.UTC(2025, 9, 26, 0, 30) });
    expect(parseServerTime("26.10.25 01:30:00:000", LONDON, { repeatedHour: "second" })).toEqual({ ok: true, value: Date.UTC(2025, 9, 26, 1, 30) });
    // ... and 01:30 that night is an ordinary time in Berlin.
    expect(parseServerTime("26.10.25 01:30:00:000", "Europe/Berlin")).toEqual({ ok: true, value: Date.UTC(2025, 9, 25, 23, 30) });
    expect(serverTimeOffsetMs(Date.UTC(2025, 0, 1), LONDON)).toBe(0);
    expect(serverTimeOffsetMs(Date.UTC(2025, 6, 1), LONDON)).toBe(HOUR);
  });

  it("a zone without summer time, one west of UTC, and one that changes in other months", () => {
    expect(formatServerTime(Date.UTC(2025, 6, 1, 12), "Europe/Moscow")).toBe("01.07.25 15:00:00:000");
    expect(formatServerTime(Date.UTC(2025, 0, 1, 12), "Europe/Moscow")).toBe("01.01.25 15:00:00:000");
    expect(formatServerTime(Date.UTC(2025, 0, 1, 12), "America/Sao_Paulo")).toBe("01.01.25 09:00:00:000");
    // New York: summer time from the second Sunday of March (9.3.25, 02:00 → 03:00 EDT).
    expect(formatServerTime(Date.UTC(2025, 2, 9, 6, 59, 59, 999), "America/New_York")).toBe("09.03.25 01:59:59:999");
    expect(formatServerTime(Date.UTC(2025, 2, 9, 7), "America/New_York")).toBe("09.03.25 03:00:00:000");
  });

  it("one instant, one text per zone: parse(format(t, zone), zone) = t with the occurrence repeatedHourOf names, in every market's zone", () => {
    const zones = ["Europe/Berlin", "Europe/London", "Europe/Moscow", "America/Sao_Paulo", "America/New_York", "Europe/Lisbon", "Europe/Istanbul"];
    fc.assert(
      // A day inside 2000–2099 on every zone's clock: the two-digit year names that century only.
      fc.property(fc.oneof(fc.integer({ min: Date.UTC(2000, 0, 2), max: Date.UTC(2099, 11, 30) }), nearChange), fc.constantFrom(...zones), (t, zone) => {
        const text = formatServerTime(t, zone);
        expect(parseServerTime(text, zone, { repeatedHour: repeatedHourOf(t, zone) })).toEqual({ ok: true, value: t });
      }),
      { numRuns: 700 },
    );
  });
});
