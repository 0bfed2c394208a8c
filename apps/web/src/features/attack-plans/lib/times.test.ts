import { describe, expect, it } from "vitest";
import { formatInputTime, inputTimeOf, parseInputTime, splitServerTime } from "./times";

const BERLIN = "Europe/Berlin";
const LONDON = "Europe/London";

describe("attack plan times (the plan's world's zone)", () => {
  it("splits the table's time into DD.MM.YY HH:mm:ss and :SSS", () => {
    expect(splitServerTime(Date.UTC(2030, 11, 24, 17, 0, 0, 123), BERLIN)).toEqual({ main: "24.12.30 18:00:00", millis: ":123" });
    // Summer time: UTC+2.
    expect(splitServerTime(Date.UTC(2025, 6, 1, 10, 5, 9, 7), BERLIN)).toEqual({ main: "01.07.25 12:05:09", millis: ":007" });
    // A tribalwars.co.uk world: one hour behind Berlin, summer or winter.
    expect(splitServerTime(Date.UTC(2030, 11, 24, 17, 0, 0, 123), LONDON)).toEqual({ main: "24.12.30 17:00:00", millis: ":123" });
    expect(splitServerTime(Date.UTC(2025, 6, 1, 10, 5, 9, 7), LONDON)).toEqual({ main: "01.07.25 11:05:09", millis: ":007" });
  });

  it("round-trips the form's text to the millisecond, with or without milliseconds, in the repeated autumn hour with its occurrence", () => {
    for (const zone of [BERLIN, LONDON]) {
      for (const ms of [Date.UTC(2030, 11, 24, 17, 0, 0, 123), Date.UTC(2025, 2, 30, 0, 59, 59, 999), Date.UTC(2025, 9, 26, 0, 30, 0, 1), Date.UTC(2025, 9, 26, 1, 30, 0, 1)]) {
        const { text, repeatedHour } = inputTimeOf(ms, zone);
        expect(text).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}:\d{3}$/);
        expect(parseInputTime(text, zone, repeatedHour)).toEqual({ ok: true, value: ms });
      }
    }
    // 26.10.2025 02:30 in Berlin: the first (summer time) and the second (winter time) occurrence, and no guess without a choice.
    expect(inputTimeOf(Date.UTC(2025, 9, 26, 0, 30), BERLIN)).toEqual({ text: "26.10.2025 02:30:00:000", repeatedHour: "first" });
    expect(inputTimeOf(Date.UTC(2025, 9, 26, 1, 30), BERLIN)).toEqual({ text: "26.10.2025 02:30:00:000", repeatedHour: "second" });
    expect(inputTimeOf(Date.UTC(2030, 11, 24, 17), BERLIN).repeatedHour).toBeNull();
    expect(parseInputTime("26.10.2025 02:30:00:000", BERLIN).ok).toBe(false);
    expect(formatInputTime(Date.UTC(2030, 11, 24, 17, 0, 0, 123), BERLIN, false)).toBe("24.12.2030 18:00:00");
    expect(parseInputTime("24.12.2030 18:00:00", BERLIN)).toEqual({ ok: true, value: Date.UTC(2030, 11, 24, 17, 0, 0, 0) });
    expect(parseInputTime("24.12.2030 18:00:00", LONDON)).toEqual({ ok: true, value: Date.UTC(2030, 11, 24, 18, 0, 0, 0) });
    expect(parseInputTime("gestern", BERLIN).ok).toBe(false);
  });
});
