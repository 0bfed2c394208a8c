// DS Workbench lines: the text DS Workbench writes and reads (Attack.toInternalRepresentation with its
// nine fields, TroopAmountDynamic.toProperty, TroopAmountElement.toBase64), the older eight- and
// seven-field lines, the multiplier, the type mapping, all-or-nothing errors by line, and round trips
// that survive DS Workbench's paste (GenericManager.addManagedElement drops an attack equal to one it
// holds, Attack.equals ignoring the unit field and the multiplier).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseServerTime } from "../../game/server-time.js";
import { troopFormulaMessages } from "../../game/troop-formula.js";
import { units } from "../../units.js";
import { attackTypes, type AttackData } from "../attack.js";
import { attackDataArb } from "../test-arbitraries.js";
import { base64UrlDecode, base64UrlEncode } from "./base64.js";
import { dswbFormulaForms } from "./dswb-formula-forms.js";
import { attackTypeFromDswbIcon, dswbLine, dswbMessages, dswbTypeIcons, exportDswb, importDswb, villageLookup } from "./dswb.js";
import { dswbFormulaText } from "../../game/troop-formula.js";

const at = (text: string) => {
  const parsed = parseServerTime(text, "Europe/Berlin");
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};

const lookup = villageLookup([
  { id: 101, x: 500, y: 500 },
  { id: 202, x: 503, y: 504 },
  { id: 303, x: 510, y: 490 },
]);

const wallbreaker: AttackData = {
  from: { x: 500, y: 500 },
  to: { x: 503, y: 504 },
  type: "wallbreaker",
  units: { axe: 100, ram: 5 },
  unit: "ram",
  arrival: at("24.12.25 18:00:00:123"),
  priority: 3,
};

// Every unit of the game in order, zeros included, as TroopAmountDynamic.toProperty writes them.
const wallbreakerTroops = "spear=MA==/sword=MA==/axe=MTAw/archer=MA==/spy=MA==/light=MA==/marcher=MA==/heavy=MA==/ram=NQ==/catapult=MA==/knight=MA==/snob=MA==";
// Today's line: the multiplier (1) last.
const wallbreakerLine = `101&202&ram&${wallbreaker.arrival}&8&true&false&${wallbreakerTroops}&1`;

function ok<T>(result: { ok: true; value: T } | { ok: false; errors: string[] }): T {
  if (!result.ok) throw new Error(result.errors.join("\n"));
  return result.value;
}

/**
 * What DS Workbench keeps of pasted lines (AttackTableTab.copyFromInternalClipboard): each line read by
 * Attack.fromInternalRepresentation, then dropped by GenericManager.addManagedElement if Attack.equals
 * finds it in the plan already: same source, target, troops (TroopAmountDynamic: every unit's amount
 * text, a unit missing "-1"), arrival (cut to the second on a world without milliseconds), showOnMap,
 * type and transferred; NOT the unit field and NOT the multiplier.
 */
function dswbPaste(text: string, millisArrival = true): { line: string; multiplier: number }[] {
  const kept: { key: string; line: string; multiplier: number }[] = [];
  for (const line of text.split("\n").filter((l) => l.trim() !== "")) {
    const f = line.trim().split("&");
    const amounts = new Map((f[7] ?? "").split("/").map((part) => [part.slice(0, part.indexOf("=")), base64UrlDecode(part.slice(part.indexOf("=") + 1)) ?? "0"]));
    const troops = units.map((u) => amounts.get(u) ?? "-1").join("/");
    const arrival = millisArrival ? Number(f[3]) : Math.floor(Number(f[3]) / 1000) * 1000;
    const bool = (s: string | undefined) => /^true$/i.test(s ?? "");
    const key = [f[0], f[1], troops, arrival, bool(f[5]), Number(f[4]), bool(f[6])].join("|");
    if (!kept.some((k) => k.key === key)) kept.push({ key, line, multiplier: Number(f[8] ?? "1") });
  }
  return kept;
}

/** The attacks DS Workbench will send after the paste: each kept line times its multiplier. */
const sentByDswb = (text: string, millisArrival = true) => dswbPaste(text, millisArrival).reduce((sum, k) => sum + k.multiplier, 0);

/** A value's JSON with its keys in order. */
const canonical = (v: unknown): string =>
  v !== null && typeof v === "object"
    ? `{${Object.keys(v)
        .sort()
        .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
        .join(",")}}`
    : JSON.stringify(v);

/** Attacks as a sorted list of their JSON, to compare regardless of order. */
const sorted = (attacks: readonly AttackData[]) => attacks.map(canonical).sort();

describe("base64 as Java's Base64.getUrlEncoder / getUrlDecoder with UTF-8", () => {
  it("writes the amounts DS Workbench writes, UTF-8 for the German unit names", () => {
    expect(base64UrlEncode("0")).toBe("MA==");
    expect(base64UrlEncode("100")).toBe("MTAw");
    expect(base64UrlEncode("2000")).toBe("MjAwMA==");
    expect(base64UrlEncode("alle")).toBe("YWxsZQ==");
    // "ä" is C3 A4 in UTF-8: "Späher" → 53 70 C3 A4 68 65 72.
    expect(base64UrlEncode("Späher")).toBe("U3DDpGhlcg==");
    expect(base64UrlEncode("\u00fb\u00ff")).toBe("w7vDvw==");
    expect(base64UrlEncode("\u{1F600}?")).toBe("8J-YgD8=");
  });

  it("reads what Java's URL decoder reads and refuses the rest (null)", () => {
    expect(base64UrlDecode("MjAwMA==")).toBe("2000");
    expect(base64UrlDecode("MjAwMA")).toBe("2000");
    expect(base64UrlDecode("MjAwMDA=")).toBe("20000");
    expect(base64UrlDecode("U3DDpGhlcg")).toBe("Späher");
    expect(base64UrlDecode("")).toBe("");
    expect(base64UrlDecode("MB==")).toBe("0"); // bits left over are not checked
    expect(base64UrlDecode("__8=")).toBe("\uFFFD\uFFFD"); // FF FF is no UTF-8: replaced
    for (const bad of ["M", "MA=", "MA=A", "M!==", "+/8=", "M===", "=", "MA==MA==", "MDA==", "MA== "]) expect(base64UrlDecode(bad), bad).toBeNull();
  });

  it("round-trips any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (s) => {
        expect(base64UrlDecode(base64UrlEncode(s))).toBe(s);
      }),
    );
  });
});

describe("type mapping", () => {
  it("maps our types to DS Workbench's note symbols and back", () => {
    expect(dswbTypeIcons).toEqual({ attack: 2, conquer: 11, fake: 14, wallbreaker: 8, support: 0, fake_support: 46 });
    for (const type of attackTypes) expect(attackTypeFromDswbIcon(dswbTypeIcons[type])).toBe(type);
  });

  it("reads no type (-1), the spy symbol and own symbols as an attack", () => {
    expect(attackTypeFromDswbIcon(-1)).toBe("attack");
    expect(attackTypeFromDswbIcon(4)).toBe("attack");
    expect(attackTypeFromDswbIcon(33)).toBe("attack");
  });
});

describe("exportDswb", () => {
  it("writes source id & target id & unit & arrival ms & type & showOnMap & transferred & troops & multiplier, one line each", () => {
    expect(ok(exportDswb([wallbreaker], lookup))).toBe(`${wallbreakerLine}\n`);
    const second = { ...wallbreaker, type: "support" as const, from: { x: 510, y: 490 }, units: { spear: 2000 }, unit: "spear" as const };
    const text = ok(exportDswb([wallbreaker, second], lookup, { showOnMap: false, transferred: true }));
    expect(text.split("\n")).toHaveLength(3);
    expect(text.split("\n")[1]).toMatch(/^303&202&spear&\d+&0&false&true&spear=MjAwMA==\/sword=MA==.*&1$/);
  });

  it("writes attacks DS Workbench holds equal as one line with their count (three planner fakes)", () => {
    const fake: AttackData = { ...wallbreaker, type: "fake", units: { ram: 1, spy: 1 } };
    const other = { ...fake, arrival: fake.arrival + 1 };
    const text = ok(exportDswb([fake, other, fake, fake], lookup));
    const lines = text.trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/&3$/);
    expect(lines[1]).toMatch(/&1$/);
    // One line per attack (as before) leaves DS Workbench with two of the four fakes.
    const oneEach = [fake, other, fake, fake].map((a) => dswbLine(a, 101, 202)).join("");
    expect(sentByDswb(oneEach)).toBe(2);
    expect(sentByDswb(text)).toBe(4);
  });

  it("on a world without milliseconds, merges attacks DS Workbench cuts to the same second", () => {
    // A noble train 100 ms apart: three attacks on a world with milliseconds, one second without.
    const train = [0, 100, 200].map((ms): AttackData => ({ ...wallbreaker, type: "conquer", units: { snob: 1, axe: 100 }, unit: "snob", arrival: wallbreaker.arrival - 123 + ms }));
    const withMs = ok(exportDswb(train, lookup));
    expect(withMs.trim().split("\n")).toHaveLength(3);
    expect(sentByDswb(withMs)).toBe(3);
    const withoutMs = ok(exportDswb(train, lookup, { millisArrival: false }));
    expect(withoutMs.trim().split("\n")).toHaveLength(1);
    expect(sentByDswb(withoutMs, false)).toBe(3);
  });

  it("names attacks whose villages are not on the world", () => {
    const result = exportDswb([wallbreaker, { ...wallbreaker, from: { x: 1, y: 1 }, to: { x: 2, y: 2 } }], lookup);
    expect(result).toEqual({
      ok: false,
      errors: ["Angriff 2: Startdorf 1|1 gibt es auf dieser Welt nicht.", "Angriff 2: Zieldorf 2|2 gibt es auf dieser Welt nicht."],
    });
  });
});

describe("round trips DS Workbench → dsbot → DS Workbench", () => {
  it("keeps every attack through DS Workbench's paste: multipliers, planner fakes, formulas", () => {
    const formulas = `spear=MA==/axe=${base64UrlEncode("alle-100")}/spy=NQ==/ram=${base64UrlEncode("alle")}`;
    const pasted = [
      `101&202&axe&1766595600000&2&true&false&${formulas}&3`, // sent three times
      `303&202&ram&1766595600000&14&true&false&ram=MQ==/spy=MQ==&2`,
      wallbreakerLine,
    ].join("\n");
    const imported = ok(importDswb(pasted, lookup));
    expect(imported).toHaveLength(6);
    // Three identical fakes from the planner on top.
    const plannerFake: AttackData = { from: { x: 510, y: 490 }, to: { x: 500, y: 500 }, type: "fake", units: { ram: 1 }, unit: "ram", arrival: 1766599200000, priority: 3 };
    const attacks = [...imported, plannerFake, plannerFake, plannerFake];
    const text = ok(exportDswb(attacks, lookup));
    expect(dswbPaste(text).map((k) => k.multiplier)).toEqual([3, 2, 1, 3]);
    expect(sentByDswb(text)).toBe(attacks.length);
    expect(sorted(ok(importDswb(text, lookup)))).toEqual(sorted(attacks));
  });

  it("brings every formula form of DS Workbench's parser back unchanged", () => {
    for (const form of dswbFormulaForms) {
      const amount = base64UrlEncode(form);
      const line = `101&202&axe&1766595600000&2&true&false&spear=MA==/axe=${amount}&1`;
      const [attack] = ok(importDswb(line, lookup));
      expect(attack?.formulas, form).toEqual({ axe: form });
      expect(ok(exportDswb([attack as AttackData], lookup)), form).toContain(`/axe=${amount}/`);
    }
  });

  it("keeps the type symbols -1 and 4, the unit field and the flags instead of rewriting them", () => {
    const lines = [
      "101&202&ram&1766595600000&-1&true&false&spear=MA==/axe=MTAw/ram=NQ==&1",
      "101&202&spy&1766595600000&4&false&true&spy=NQ==&1",
      // The unit field says noble, the troops are axes: DS Workbench times it by the axes (getRealUnit).
      "303&202&snob&1766595600000&11&true&false&axe=MTAw&1",
      "303&101&militia&1766595600000&2&true&false&axe=MTAw&1",
    ];
    const attacks = ok(importDswb(lines.join("\n"), lookup));
    expect(attacks.map((a) => [a.type, a.unit, a.dswb])).toEqual([
      ["attack", "ram", { type: -1 }],
      ["attack", "spy", { type: 4, showOnMap: false, transferred: true }],
      ["conquer", "axe", { unit: "snob" }],
      ["attack", "axe", { unit: "militia" }],
    ]);
    const back = ok(exportDswb(attacks, lookup)).trim().split("\n");
    expect(back.map((l) => l.split("&").slice(0, 7).join("&"))).toEqual(lines.map((l) => l.split("&").slice(0, 7).join("&")));
    // A type changed in dsbot since: the symbol follows the type.
    expect(ok(exportDswb([{ ...(attacks[0] as AttackData), type: "fake" }], lookup))).toMatch(/^101&202&ram&1766595600000&14&/);
  });

  it("round-trips any attacks (priority is not part of the format; formulas as DS Workbench gets them)", () => {
    const attacks = fc.array(attackDataArb.map((a) => ({ ...a, priority: 3 })), { minLength: 1, maxLength: 20 });
    fc.assert(
      fc.property(attacks, (list) => {
        const villages = list.flatMap((a, i) => [
          { id: 2 * i + 1, ...a.from },
          { id: 2 * i + 2, ...a.to },
        ]);
        const world = villageLookup(villages);
        const expected = list.map((a) => (a.formulas ? { ...a, formulas: Object.fromEntries(Object.entries(a.formulas).map(([u, f]) => [u, dswbFormulaText(f)])) } : a));
        const text = ok(exportDswb(list, world));
        expect(sorted(ok(importDswb(text, world)))).toEqual(sorted(expected));
        expect(sentByDswb(text)).toBe(list.length);
      }),
    );
  });
});

describe("importDswb", () => {
  it("reads the line it writes", () => {
    expect(ok(importDswb(`${wallbreakerLine}\n`, lookup))).toEqual([wallbreaker]);
  });

  it("reads a line of a world without archers, skipping units it does not know (militia), CRLF and blank lines", () => {
    const line = `303&101&axe&1766595600000&2&true&false&spear=MA==/sword=MA==/axe=MjAwMA==/spy=NQ==/light=MA==/heavy=MA==/ram=MjA=/catapult=MA==/knight=MA==/snob=MA==/militia=MA==`;
    expect(ok(importDswb(`\r\n${line}\r\n\r\n`, lookup))).toEqual([
      // DS Workbench times it by the slowest unit sent (Attack.getRealUnit), the ram, not the axe field.
      { from: { x: 510, y: 490 }, to: { x: 500, y: 500 }, type: "attack", units: { axe: 2000, spy: 5, ram: 20 }, unit: "ram", arrival: 1766595600000, priority: 3, dswb: { unit: "axe" } },
    ]);
  });

  it("reads a multiplier N as N attacks, and the eight fields of older versions (no multiplier) as one", () => {
    const line = `101&202&ram&${wallbreaker.arrival}&8&true&false&${wallbreakerTroops}`;
    expect(ok(importDswb(`${line}&2\n${line}\n`, lookup))).toEqual([wallbreaker, wallbreaker, wallbreaker]);
    expect(importDswb(`${line}&0\n${line}&40000\n${line}&zwei`, lookup)).toEqual({
      ok: false,
      errors: [
        "Zeile 1: Anzahl: „0“ ist keine ganze Zahl von 1 bis 32767.",
        "Zeile 2: Anzahl: „40000“ ist keine ganze Zahl von 1 bis 32767.",
        "Zeile 3: Anzahl: „zwei“ ist keine ganze Zahl von 1 bis 32767.",
      ],
    });
  });

  it("counts every copy against the import's limit", () => {
    const line = `101&202&ram&${wallbreaker.arrival}&8&true&false&${wallbreakerTroops}&100`;
    const text = Array.from({ length: 501 }, () => line).join("\n");
    expect(importDswb(text, lookup)).toEqual({ ok: false, errors: ["Höchstens 50000 Angriffe auf einmal."] });
  });

  it("reads the seven fields of older DS Workbench versions (no troops) with the unit field", () => {
    expect(ok(importDswb("101&202&snob&1766595600000&11&true&false", lookup))).toEqual([
      { from: { x: 500, y: 500 }, to: { x: 503, y: 504 }, type: "conquer", units: {}, unit: "snob", arrival: 1766595600000, priority: 3 },
    ]);
    expect(ok(importDswb("101&202&snob&1766595600000&11&true&false&", lookup))).toHaveLength(1);
  });

  it("is as lenient as DS Workbench: bad Base64 is 0, any flag text, extra fields, troops without '=', unknown unit names", () => {
    const read = (line: string) => ok(importDswb(line, lookup))[0];
    // Not Base64 (Java's URL decoder refuses "+" and "/" too): TroopAmountElement.loadFromBase64 reads 0.
    expect(read("101&202&ram&1766595600000&8&true&false&axe=!!/spy=+w==/ram=NQ==&1")?.units).toEqual({ ram: 5 });
    // Boolean.parseBoolean: only "true" (any case) is true.
    expect(read("101&202&ram&1766595600000&8&TRUE&ja&ram=NQ==&1")?.dswb).toBeUndefined();
    expect(read("101&202&ram&1766595600000&8&yes&TRUE&ram=NQ==&1")?.dswb).toEqual({ showOnMap: false, transferred: true });
    // Fields after the ninth are not read.
    expect(read("101&202&ram&1766595600000&8&true&false&ram=NQ==&2&später&mehr")?.units).toEqual({ ram: 5 });
    // A troops field without any "=" is no troops (TroopAmountDynamic.loadFromProperty).
    expect(read("101&202&ram&1766595600000&8&true&false&keine&1")?.units).toEqual({});
    // Names DS Workbench does not know (also an empty one or another case) are skipped; the last part of a unit wins.
    expect(read("101&202&ram&1766595600000&8&true&false&=MQ==/Ram=MQ==/ram=MQ==/ram=Mg==/&1")?.units).toEqual({ ram: 2 });
    // Constants as DS Workbench stores them (Java's int of the value): -1 "not set", below it none.
    expect(read(`101&202&ram&1766595600000&8&true&false&axe=${base64UrlEncode("100*2")}/spy=${base64UrlEncode("-1")}/light=${base64UrlEncode("_5")}/ram=${base64UrlEncode(" 7 ")}&1`)?.units).toEqual({ axe: 200, ram: 7 });
    // Whitespace only is 0.
    expect(read(`101&202&ram&1766595600000&8&true&false&axe=${base64UrlEncode("  ")}/ram=NQ==&1`)?.units).toEqual({ ram: 5 });
  });

  it("keeps a unit field as slow as the slowest unit sent (catapult with rams)", () => {
    const line = `101&202&catapult&1766595600000&2&true&false&ram=MTA=/catapult=MTA=`;
    expect(ok(importDswb(line, lookup))[0]?.unit).toBe("catapult");
  });

  it("imports nothing when one line is bad and names every bad line by number and why", () => {
    const text = [
      wallbreakerLine,
      "",
      "101&202&ram&1766595600000&8&true",
      "101&999&ram&1766595600000&8&true&false&ram=MQ==",
      "101&202&cannon&soon&x&yes&false&ram=MQ==",
      "101&202&ram&1766595600000&8&true&false&ram=YWxsZXM=/axe=!!/spy",
      "101&101&ram&1766595600000&8&true&false&ram=MQ==",
      "101&202&cannon&1766595600000&8&true&false",
      `101&202&ram&1766595600000&8&true&false&axe=${base64UrlEncode("2000000")}`,
      `101&202&ram&1766595600000&8&true&false&ram=${base64UrlEncode("(alle)+(1)")}`,
    ].join("\n");
    expect(importDswb(text, lookup)).toEqual({
      ok: false,
      errors: [
        `Zeile 3: ${dswbMessages.fields(6)}`,
        "Zeile 4: Zieldorf mit der ID 999 gibt es auf dieser Welt nicht.",
        "Zeile 5: Ankunft: „soon“ ist keine Zeit in Millisekunden.",
        "Zeile 5: Typ: „x“ ist keine Zahl.",
        `Zeile 6: Truppen: die Formel für Rammbock („alles“) geht nicht: ${troopFormulaMessages.word("alles")}`,
        `Zeile 6: ${dswbMessages.troopPart("spy")}`,
        "Zeile 7 (Zieldorf): Start- und Zieldorf dürfen nicht gleich sein.",
        `Zeile 8: ${dswbMessages.unitWithoutTroops("cannon")}`,
        `Zeile 9: ${dswbMessages.troopsTooMany("Axtkämpfer", 2000000)}`,
        `Zeile 10: Truppen: die Formel für Rammbock („(alle)+(1)“) geht nicht: ${troopFormulaMessages.siblings}`,
      ],
    });
  });

  it("refuses an empty paste and an arrival outside 2000–2099", () => {
    expect(importDswb(" \n\n", lookup)).toEqual({ ok: false, errors: ["Keine Angriffe gefunden."] });
    expect(importDswb("101&202&ram&5&8&true&false&ram=MQ==", lookup)).toEqual({
      ok: false,
      errors: ["Zeile 1 (Ankunft): Die Ankunftszeit muss zwischen dem 01.01.2000 und dem 31.12.2099 liegen."],
    });
  });

  it("caps the error list at 50 and counts the rest", () => {
    const result = importDswb(Array.from({ length: 60 }, () => "x").join("\n"), lookup);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toHaveLength(51);
      expect(result.errors[50]).toBe("… und 10 weitere Fehler.");
    }
  });
});
