// The clock changes of a world's zone: the skipped spring hour is refused, the repeated autumn hour is
// read only with the player's choice of occurrence.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatServerTime,
  formatUtcOffset,
  parseServerTime,
  readServerTimeParts,
  repeatedHourChoice,
  repeatedHourOf,
  repeatedHourTimesInText,
  serverTimeMessages,
  serverTimeParts,
  serverWallClockCandidates,
  serverWallClockToMs,
} from "./server-time.js";

const BERLIN = "Europe/Berlin";
const HOUR = 3_600_000;
const wall = (text: string) => {
  const parts = readServerTimeParts(text);
  if (!parts.ok) throw new Error(parts.error);
  return parts.value;
};

describe("Europe/Berlin, autumn 2026 (25.10.2026: 03:00 CEST becomes 02:00 CET)", () => {
  const first = Date.UTC(2026, 9, 25, 0, 30); // 02:30 CEST
  const second = Date.UTC(2026, 9, 25, 1, 30); // 02:30 CET

  it("names both instants of 02:30, an hour apart, and which one an instant is", () => {
    expect(serverWallClockCandidates(wall("25.10.2026 02:30:00:000"), BERLIN)).toEqual([first, second]);
    expect(formatServerTime(first, BERLIN)).toBe("25.10.26 02:30:00:000");
    expect(formatServerTime(second, BERLIN)).toBe("25.10.26 02:30:00:000");
    expect(repeatedHourOf(first, BERLIN)).toBe("first");
    expect(repeatedHourOf(second, BERLIN)).toBe("second");
    expect(repeatedHourOf(first - HOUR, BERLIN)).toBeNull();
  });

  it("refuses 02:30 without a choice, asking in German with the time and both choices", () => {
    const parsed = parseServerTime("25.10.2026 02:30:00:000", BERLIN);
    expect(parsed).toEqual({
      ok: false,
      error: "„25.10.26 02:30:00:000“ gibt es in Europe/Berlin zweimal (Umstellung auf Winterzeit). Bitte wähle, welche gemeint ist: die erste (Sommerzeit, UTC+2) oder die zweite (Winterzeit, UTC+1).",
    });
    expect(parseServerTime("25.10.26 02:30:00", BERLIN, { repeatedHour: null }).ok).toBe(false);
    expect(serverWallClockToMs(wall("25.10.26 02:30:00:000"), BERLIN)).toBeNull();
  });

  it("takes the occurrence chosen", () => {
    expect(parseServerTime("25.10.26 02:30:00:000", BERLIN, { repeatedHour: "first" })).toEqual({ ok: true, value: first });
    expect(parseServerTime("25.10.26 02:30:00:000", BERLIN, { repeatedHour: "second" })).toEqual({ ok: true, value: second });
    expect(serverWallClockToMs(wall("25.10.26 02:30:00:000"), BERLIN, "first")).toBe(first);
    expect(serverWallClockToMs(wall("25.10.26 02:30:00:000"), BERLIN, "second")).toBe(second);
  });

  it("repeats exactly 02:00:00:000–02:59:59:999; the choice does not touch other times", () => {
    for (const text of ["25.10.26 02:00:00:000", "25.10.26 02:59:59:999"]) expect(serverWallClockCandidates(wall(text), BERLIN)).toHaveLength(2);
    expect(parseServerTime("25.10.26 01:59:59:999", BERLIN, { repeatedHour: "second" })).toEqual({ ok: true, value: Date.UTC(2026, 9, 24, 23, 59, 59, 999) });
    expect(parseServerTime("25.10.26 03:00:00:000", BERLIN, { repeatedHour: "first" })).toEqual({ ok: true, value: Date.UTC(2026, 9, 25, 2) });
    expect(parseServerTime("25.10.26 03:00:00:000", BERLIN)).toEqual({ ok: true, value: Date.UTC(2026, 9, 25, 2) });
  });

  it("offers the choice with its German labels for a typed time, and none for an ordinary one", () => {
    expect(repeatedHourChoice(" 25.10.2026 02:30:00 ", BERLIN)).toEqual({
      time: "25.10.26 02:30:00:000",
      instants: { first, second },
      labels: { first: "erste (Sommerzeit, UTC+2)", second: "zweite (Winterzeit, UTC+1)" },
    });
    expect(repeatedHourChoice("25.10.26 03:30:00:000", BERLIN)).toBeNull();
    expect(repeatedHourChoice("25.10.26 02:30", BERLIN)).toBeNull();
  });
});

describe("Europe/Berlin, spring 2026 (29.03.2026: 02:00 CET becomes 03:00 CEST)", () => {
  it("refuses 02:30 as before, with or without a choice", () => {
    expect(serverWallClockCandidates(wall("29.03.26 02:30:00:000"), BERLIN)).toEqual([]);
    for (const repeatedHour of [undefined, "first", "second"] as const) {
      expect(parseServerTime("29.03.26 02:30:00:000", BERLIN, { repeatedHour })).toEqual({ ok: false, error: serverTimeMessages.skipped(BERLIN) });
      expect(serverWallClockToMs(wall("29.03.26 02:30:00:000"), BERLIN, repeatedHour)).toBeNull();
    }
    expect(repeatedHourChoice("29.03.26 02:30:00:000", BERLIN)).toBeNull();
    expect(parseServerTime("29.03.26 03:00:00:000", BERLIN)).toEqual({ ok: true, value: Date.UTC(2026, 2, 29, 1) });
  });
});

describe("other zones", () => {
  it("New York repeats 01:00–01:59 on the first Sunday of November (EDT, then EST)", () => {
    const choice = repeatedHourChoice("01.11.26 01:15:00:000", "America/New_York");
    expect(choice?.instants).toEqual({ first: Date.UTC(2026, 10, 1, 5, 15), second: Date.UTC(2026, 10, 1, 6, 15) });
    expect(choice?.labels).toEqual({ first: "erste (Sommerzeit, UTC-4)", second: "zweite (Winterzeit, UTC-5)" });
  });

  it("a zone without clock changes never asks", () => {
    expect(repeatedHourChoice("25.10.26 02:30:00:000", "Europe/Moscow")).toBeNull();
    expect(parseServerTime("25.10.26 02:30:00:000", "Europe/Moscow")).toEqual({ ok: true, value: Date.UTC(2026, 9, 24, 23, 30) });
  });

  it("writes offsets as people do", () => {
    expect([0, HOUR, -3 * HOUR, 5.5 * HOUR, -(3 * HOUR + 30 * 60_000)].map(formatUtcOffset)).toEqual(["UTC", "UTC+1", "UTC-3", "UTC+5:30", "UTC-3:30"]);
  });

  it("every instant is one of its wall clock's candidates, of which there are at most two", () => {
    const zones = ["Europe/Berlin", "Europe/London", "America/New_York", "America/Sao_Paulo", "Europe/Lisbon"];
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 2), max: Date.UTC(2099, 11, 30) }), fc.constantFrom(...zones), (t, zone) => {
        const candidates = serverWallClockCandidates(serverTimeParts(t, zone), zone);
        expect(candidates).toContain(t);
        expect(candidates.length).toBeLessThanOrEqual(2);
        if (candidates.length === 2) expect(candidates[1]! - candidates[0]!).toBe(HOUR);
      }),
      { numRuns: 300 },
    );
  });
});

describe("repeatedHourTimesInText (what an import asks about)", () => {
  it("finds each repeated time once, in an SOS text or a CSV, and nothing else", () => {
    const sos = [
      "[b]1. Angriff[/b]",
      "Herkunft: [coord]444|868[/coord]",
      "Ankunftszeit: 25.10.26 02:30:00:123",
      "[b]2. Angriff[/b]",
      "Ankunftszeit: 25.10.26 02:30:00:123",
      "Ankunftszeit: 25.10.26 03:30:00:000",
      "Ankunftszeit: 29.03.26 02:30:00:000",
      "Ankunftszeit: 26.10.26 02:30:00:000",
    ].join("\n");
    expect(repeatedHourTimesInText(sos, BERLIN)).toEqual(["25.10.26 02:30:00:123"]);
    expect(repeatedHourTimesInText('Startdorf;Ankunft\r\n"500|500";25.10.2026 02:59:59\r\n"500|501";25.10.2026 02:00:00:001\r\n', BERLIN)).toEqual([
      "25.10.26 02:59:59:000",
      "25.10.26 02:00:00:001",
    ]);
    expect(repeatedHourTimesInText("25.10.26 02:30:00:000", "Europe/Moscow")).toEqual([]);
  });

  it("stops after `max` times", () => {
    const text = ["02:00:00", "02:10:00", "02:20:00", "02:30:00"].map((time) => `25.10.26 ${time}`).join("\n");
    expect(repeatedHourTimesInText(text, BERLIN, 2)).toHaveLength(2);
  });
});
