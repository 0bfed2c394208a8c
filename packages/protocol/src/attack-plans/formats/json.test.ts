// The plan's JSON: envelope, exact round trip, and all-or-nothing errors by entry.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AttackData } from "../attack.js";
import { attackDataArb } from "../test-arbitraries.js";
import { exportJson, importJson } from "./json.js";

const attack: AttackData = {
  from: { x: 500, y: 500 },
  to: { x: 503, y: 504 },
  type: "conquer",
  units: { axe: 100, snob: 1 },
  unit: "snob",
  arrival: 1766595600123,
  priority: 1,
};

const envelope = (attacks: unknown[], extra: object = {}) => JSON.stringify({ format: "dsbot-attack-plan", version: 1, ...extra, attacks });

describe("exportJson", () => {
  it("writes a versioned envelope with coordinates as x|y and arrival in epoch ms", () => {
    expect(JSON.parse(exportJson([attack], { name: "Ostfront", world: "de230" }))).toEqual({
      format: "dsbot-attack-plan",
      version: 1,
      name: "Ostfront",
      world: "de230",
      attacks: [{ from: "500|500", to: "503|504", type: "conquer", units: { axe: 100, snob: 1 }, unit: "snob", arrival: 1766595600123, priority: 1 }],
    });
  });
});

describe("importJson", () => {
  it("round-trips any attacks and the plan's name and world exactly", () => {
    const meta = fc.record({ name: fc.string({ maxLength: 200 }), world: fc.string({ maxLength: 20 }) }, { requiredKeys: [] });
    fc.assert(
      fc.property(fc.array(attackDataArb, { minLength: 1, maxLength: 20 }), meta, (attacks, m) => {
        expect(importJson(exportJson(attacks, m))).toEqual({ ok: true, value: { ...m, attacks } });
      }),
    );
  });

  it("refuses what is not JSON or not a plan, and unknown versions", () => {
    expect(importJson("{")).toMatchObject({ ok: false, errors: [expect.stringMatching(/^Keine gültige JSON-Datei \(/)] });
    // JSON.parse's own message is English: only where it stopped is passed on, in German.
    expect(importJson('{\n  "format": 1,\n  x')).toEqual({ ok: false, errors: ["Keine gültige JSON-Datei (Zeile 3, Zeichen 3)."] });
    expect(importJson("a")).toEqual({ ok: false, errors: ["Keine gültige JSON-Datei (Aufbau fehlerhaft)."] });
    expect(importJson("[]")).toEqual({ ok: false, errors: ["Das ist kein dsbot-Angriffsplan (Feld „format“ fehlt oder ist falsch)."] });
    expect(importJson(JSON.stringify({ format: "dsbot-attack-plan", version: 2, attacks: [] }))).toEqual({
      ok: false,
      errors: ["Version 2 wird nicht unterstützt (höchstens 1)."],
    });
    expect(importJson(JSON.stringify({ format: "dsbot-attack-plan", version: 1, attacks: {} }))).toEqual({
      ok: false,
      errors: ["Feld „attacks“ muss eine Liste sein."],
    });
    expect(importJson(envelope([]))).toEqual({ ok: false, errors: ["Keine Angriffe gefunden."] });
  });

  it("imports nothing when one entry is bad and names each bad entry and field", () => {
    const good = JSON.parse(exportJson([attack])).attacks[0];
    const text = envelope([good, { ...good, arrival: "morgen" }, 7, { ...good, units: { axe: 1, cannon: 2 }, unit: "axe", priority: 9 }]);
    expect(importJson(text)).toEqual({
      ok: false,
      errors: [
        "Eintrag 2 (Ankunft): Bitte gib eine gültige Ankunftszeit an.",
        "Eintrag 3: Erwartet ein Objekt mit den Feldern eines Angriffs.",
        "Eintrag 4 (Einheiten): Unbekannte Einheit: cannon.",
        "Eintrag 4 (Priorität): Die Priorität muss eine ganze Zahl von 1 bis 5 sein.",
      ],
    });
  });

  it("takes a missing priority as 3 and ignores unknown fields", () => {
    const { priority: _priority, ...rest } = JSON.parse(exportJson([attack])).attacks[0];
    const result = importJson(envelope([{ ...rest, comment: "egal" }]));
    expect(result).toEqual({ ok: true, value: { attacks: [{ ...attack, priority: 3 }] } });
  });

  it("reports a bad plan name (not text, or with a NUL byte)", () => {
    const good = JSON.parse(exportJson([attack])).attacks[0];
    expect(importJson(envelope([good], { name: 5 }))).toEqual({ ok: false, errors: ["Feld „name“ ist ungültig."] });
    expect(importJson(envelope([good], { name: "a\u0000b" }))).toEqual({ ok: false, errors: ["Feld „name“ ist ungültig."] });
  });
});
