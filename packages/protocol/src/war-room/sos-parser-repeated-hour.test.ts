// An SOS request with an arrival in the repeated autumn hour: its line asks which occurrence is meant
// until the import says so.
import { describe, expect, it } from "vitest";
import { parseSosText } from "./sos-parser.js";

const text = [
  "[b]Angegriffenes Dorf[/b]",
  "[coord]443|871[/coord]",
  "[b]1. Angriff[/b]",
  "Herkunft: [coord]444|868[/coord]",
  "Ankunftszeit: 25.10.26 02:30:00:500",
  "[b]2. Angriff[/b]",
  "Herkunft: [coord]444|869[/coord]",
  "Ankunftszeit: 25.10.26 03:30:00:000",
].join("\n");

describe("parseSosText: the repeated autumn hour", () => {
  it("refuses the arrival without a choice, naming its line, the time and both occurrences", () => {
    const result = parseSosText(text, { timeZone: "Europe/Berlin" });
    expect(result.errors).toEqual([
      {
        line: 5,
        message:
          "Zeile 5: Ankunftszeit „25.10.26 02:30:00:500“ gibt es in Europe/Berlin zweimal (Umstellung auf Winterzeit). " +
          "Bitte wähle, welche gemeint ist: die erste (Sommerzeit, UTC+2) oder die zweite (Winterzeit, UTC+1).",
      },
    ]);
    expect(result.incomings.map((i) => i.arrival)).toEqual([Date.UTC(2026, 9, 25, 2, 30)]);
  });

  it("reads it as the occurrence chosen, leaving the other arrivals alone", () => {
    for (const [repeatedHour, instant] of [
      ["first", Date.UTC(2026, 9, 25, 0, 30, 0, 500)],
      ["second", Date.UTC(2026, 9, 25, 1, 30, 0, 500)],
    ] as const) {
      const result = parseSosText(text, { timeZone: "Europe/Berlin", repeatedHour });
      expect(result.errors).toEqual([]);
      expect(result.incomings.map((i) => i.arrival)).toEqual([instant, Date.UTC(2026, 9, 25, 2, 30)]);
    }
  });
});
