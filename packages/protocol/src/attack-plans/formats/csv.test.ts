// CSV: German header, semicolons and quoting, the exact round trip (also in the repeated autumn hour),
// flexible columns on import, and all-or-nothing errors by line.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatServerTime, parseServerTime } from "../../game/server-time.js";
import type { AttackData } from "../attack.js";
import { attackDataArb } from "../test-arbitraries.js";
import { exportCsv, importCsv, parseCsv } from "./csv.js";

const header =
  "Startdorf;Zieldorf;Typ;Einheit;Ankunft;Ankunft (ms);Priorität;Speerträger;Schwertkämpfer;Axtkämpfer;Bogenschütze;Späher;" +
  "Leichte Kavallerie;Berittener Bogenschütze;Schwere Kavallerie;Rammbock;Katapult;Paladin;Adelsgeschlecht";

const at = (text: string, repeatedHour?: "first" | "second") => {
  const parsed = parseServerTime(text, "Europe/Berlin", { repeatedHour });
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};

const attack: AttackData = {
  from: { x: 500, y: 500 },
  to: { x: 503, y: 504 },
  type: "fake_support",
  units: { spear: 1 },
  unit: "spear",
  arrival: at("24.12.25 18:00:00:123"),
  priority: 2,
};

describe("exportCsv", () => {
  it("writes the German header and one semicolon-separated row per attack with CRLF", () => {
    expect(exportCsv([attack], "Europe/Berlin")).toBe(
      `${header}\r\n500|500;503|504;Fake-Unterstützung;Speerträger;24.12.25 18:00:00:123;${attack.arrival};2;1;0;0;0;0;0;0;0;0;0;0;0\r\n`,
    );
  });
});

describe("exportCsv and formulas", () => {
  it("writes a formula starting with a minus as inert text (OWASP CSV injection) and reads it back", () => {
    const withFormula: AttackData = { ...attack, units: {}, formulas: { spear: "-100+alle" } };
    const csv = exportCsv([withFormula], "Europe/Berlin");
    expect(csv.split("\r\n")[1]).toBe(`500|500;503|504;Fake-Unterstützung;Speerträger;24.12.25 18:00:00:123;${attack.arrival};2;"'-100+alle";0;0;0;0;0;0;0;0;0;0;0`);
    expect(importCsv(csv, "Europe/Berlin")).toEqual({ ok: true, value: [withFormula] });
  });
});

describe("importCsv", () => {
  it("round-trips any attacks exactly", () => {
    fc.assert(
      fc.property(fc.array(attackDataArb, { minLength: 1, maxLength: 20 }), (attacks) => {
        expect(importCsv(exportCsv(attacks, "Europe/Berlin"), "Europe/Berlin")).toEqual({ ok: true, value: attacks });
      }),
    );
  });

  it("keeps the exact instant in the repeated autumn hour (the text alone names two)", () => {
    const secondOccurrence = at("26.10.25 02:30:00:000", "second"); // 02:30 CET, after 02:30 CEST
    expect(formatServerTime(secondOccurrence, "Europe/Berlin")).toBe("26.10.25 02:30:00:000");
    const result = importCsv(exportCsv([{ ...attack, arrival: secondOccurrence }], "Europe/Berlin"), "Europe/Berlin");
    expect(result.ok && result.value[0]?.arrival).toBe(secondOccurrence);
  });

  it("asks, naming the line, which occurrence an edited arrival in the repeated autumn hour means, and takes the import's choice", () => {
    const text = exportCsv([attack], "Europe/Berlin").replace("24.12.25 18:00:00:123", "25.10.26 02:30:00:000");
    expect(importCsv(text, "Europe/Berlin")).toEqual({
      ok: false,
      errors: [
        "Zeile 2: Ankunft: „25.10.26 02:30:00:000“: „25.10.26 02:30:00:000“ gibt es in Europe/Berlin zweimal (Umstellung auf Winterzeit). " +
          "Bitte wähle, welche gemeint ist: die erste (Sommerzeit, UTC+2) oder die zweite (Winterzeit, UTC+1).",
      ],
    });
    const first = importCsv(text, "Europe/Berlin", { repeatedHour: "first" });
    const second = importCsv(text, "Europe/Berlin", { repeatedHour: "second" });
    expect(first.ok && first.value[0]?.arrival).toBe(Date.UTC(2026, 9, 25, 0, 30));
    expect(second.ok && second.value[0]?.arrival).toBe(Date.UTC(2026, 9, 25, 1, 30));
  });

  it("takes an edited arrival text over the milliseconds column", () => {
    const text = exportCsv([attack], "Europe/Berlin").replace("24.12.25 18:00:00:123", "24.12.25 19:00:00:500");
    const result = importCsv(text, "Europe/Berlin");
    expect(result.ok && result.value[0]?.arrival).toBe(at("24.12.25 19:00:00:500"));
  });

  it("reads the time text when a spreadsheet mangled the milliseconds, and the milliseconds alone", () => {
    const mangled = importCsv(exportCsv([attack], "Europe/Berlin").replace(`;${attack.arrival};`, ";1,76659E+12;"), "Europe/Berlin");
    expect(mangled.ok && mangled.value[0]?.arrival).toBe(attack.arrival);
    const msOnly = importCsv(`Startdorf;Zieldorf;Typ;Ankunft (ms);Speerträger\n500|500;503|504;Fake;${attack.arrival};1\n`, "Europe/Berlin");
    expect(msOnly.ok && msOnly.value[0]?.arrival).toBe(attack.arrival);
    expect(importCsv("Startdorf;Zieldorf;Typ;Ankunft (ms);Speerträger\n500|500;503|504;Fake;bald;1\n", "Europe/Berlin")).toEqual({
      ok: false,
      errors: ["Zeile 2: Ankunft (ms): „bald“ ist keine Zeit in Millisekunden."],
    });
  });

  it("finds columns by header or key in any order, with a BOM; unit and priority are optional", () => {
    const text =
      "\uFEFFTyp;Ankunft;Zieldorf;Startdorf;Axtkämpfer;ram\n" +
      "angriff;24.12.25 18:00:00:000;503|504;500|500;100;5\n" +
      "Adelung;24.12.25 18:00:00:100;503|504;500|500;50;\n";
    const result = importCsv(text, "Europe/Berlin");
    expect(result).toEqual({
      ok: true,
      value: [
        { from: { x: 500, y: 500 }, to: { x: 503, y: 504 }, type: "attack", units: { axe: 100, ram: 5 }, unit: "ram", arrival: at("24.12.25 18:00:00:000"), priority: 3 },
        { from: { x: 500, y: 500 }, to: { x: 503, y: 504 }, type: "conquer", units: { axe: 50 }, unit: "axe", arrival: at("24.12.25 18:00:00:100"), priority: 3 },
      ],
    });
  });

  it("imports nothing when a row is bad and names each bad line (line numbers count quoted line breaks)", () => {
    const rows = [
      "Startdorf;Zieldorf;Typ;Einheit;Ankunft;Priorität;Rammbock",
      '500|500;503|504;Angriff;"Ramm\nbock";24.12.25 18:00:00:000;3;1',
      "500|500;503|504;Angriff;Rammbock;24.12.25 18:00:00:000;3;1",
      "500|500;503|504;Überfall;Rammbock;gestern;hoch;-1",
      "500|500;503|504;Angriff;Rammbock;24.12.25 18:00:00:000;3",
      "500|500;500|500;Angriff;Axtkämpfer;24.12.25 18:00:00:000;7;1",
      "500|500;503|504;Angriff;;24.12.25 18:00:00:000;3;0",
    ];
    expect(importCsv(rows.join("\r\n"), "Europe/Berlin")).toEqual({
      ok: false,
      errors: [
        "Zeile 2: Einheit: „Ramm\nbock“ ist keine Einheit.",
        "Zeile 5: Typ: „Überfall“ ist kein Angriffstyp.",
        "Zeile 5: Rammbock: „-1“ ist keine ganze Zahl ab 0.",
        "Zeile 5: Ankunft: „gestern“ ist keine Zeit im Format TT.MM.JJ HH:mm:ss:SSS.",
        "Zeile 5: Priorität: „hoch“ ist keine Zahl.",
        "Zeile 6: erwartet 7 Spalten, gefunden 6.",
        "Zeile 7 (Priorität): Die Priorität muss eine ganze Zahl von 1 bis 5 sein.",
        "Zeile 7 (Einheit): Die Einheit muss die langsamste mitgeschickte sein (hier: Rammbock).",
        "Zeile 7 (Zieldorf): Start- und Zieldorf dürfen nicht gleich sein.",
        "Zeile 8: Einheiten: Mindestens eine Einheit mit einer Anzahl über 0 angeben (oder die Einheit ausdrücklich wählen).",
      ],
    });
  });

  it("refuses unknown, doubled and missing columns, an open quote and an empty file", () => {
    expect(importCsv("Startdorf;Zieldorf;Kommentar;Startdorf\n", "Europe/Berlin")).toEqual({
      ok: false,
      errors: [
        "Zeile 1: Unbekannte Spalte „Kommentar“.",
        "Zeile 1: Spalte „Startdorf“ kommt mehrfach vor.",
        "Zeile 1: Spalte „Typ“ fehlt.",
        "Zeile 1: Spalte „Ankunft“ fehlt.",
      ],
    });
    expect(importCsv(`${header}\n"500|500;x`, "Europe/Berlin")).toEqual({ ok: false, errors: ["Zeile 2: Anführungszeichen wird nicht geschlossen."] });
    expect(importCsv("", "Europe/Berlin")).toEqual({ ok: false, errors: ["Keine Angriffe gefunden."] });
    expect(importCsv(`${header}\r\n`, "Europe/Berlin")).toEqual({ ok: false, errors: ["Keine Angriffe gefunden."] });
  });
});

describe("parseCsv", () => {
  it("reads quoted separators, doubled quotes, line breaks and both line ends", () => {
    expect(parseCsv('a;"b;c";"d""e"\r\n"f\ng";;h\n')).toEqual({
      ok: true,
      rows: [
        { line: 1, fields: ["a", "b;c", 'd"e'] },
        { line: 2, fields: ["f\ng", "", "h"] },
      ],
    });
  });

  it("reads back every field the exporter quotes", () => {
    const field = fc.string({ unit: fc.constantFrom("a", ";", '"', "\n", "\r\n", " ", "ü") });
    fc.assert(
      fc.property(fc.array(fc.array(field, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const quote = (v: string) => (/[;"\r\n]/.test(v) || v !== v.trim() ? `"${v.replace(/"/g, '""')}"` : v);
        const text = rows.map((r) => r.map(quote).join(";")).join("\r\n");
        const parsed = parseCsv(text);
        expect(parsed.ok && parsed.rows.map((r) => r.fields)).toEqual(rows);
      }),
    );
  });
});
