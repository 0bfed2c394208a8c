// DS Workbench lines: the text today's DS Workbench writes and reads (Attack.toInternalRepresentation with
// its nine fields, TroopAmountDynamic.toProperty, TroopAmountElement.toBase64), the older eight- and
// seven-field lines, the multiplier, the type mapping, all-or-nothing errors by line, and the round trip.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseServerTime } from "../../game/server-time.js";
import { attackTypes, type AttackData } from "../attack.js";
import { attackDataArb } from "../test-arbitraries.js";
import { base64Decode, base64UrlEncode } from "./base64.js";
import { attackTypeFromDswbIcon, dswbTypeIcons, exportDswb, importDswb, villageLookup } from "./dswb.js";

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

describe("base64 as Java's Base64.getUrlEncoder", () => {
  it("writes the amounts DS Workbench writes", () => {
    expect(base64UrlEncode("0")).toBe("MA==");
    expect(base64UrlEncode("100")).toBe("MTAw");
    expect(base64UrlEncode("2000")).toBe("MjAwMA==");
    expect(base64UrlEncode("alle")).toBe("YWxsZQ==");
    expect(base64UrlEncode("\u00fb\u00ff")).toBe("-_8=");
  });

  it("reads both alphabets, with or without padding, and refuses what is not base64", () => {
    expect(base64Decode("MjAwMA==")).toBe("2000");
    expect(base64Decode("MjAwMA")).toBe("2000");
    expect(base64Decode("-_8=")).toBe("\u00fb\u00ff");
    expect(base64Decode("+/8=")).toBe("\u00fb\u00ff");
    expect(base64Decode("M")).toBeNull();
    expect(base64Decode("MA=A")).toBeNull();
    expect(base64Decode("M!==")).toBeNull();
  });

  it("round-trips any single-byte text", () => {
    fc.assert(fc.property(fc.string({ unit: fc.integer({ min: 0, max: 255 }).map((c) => String.fromCharCode(c)) }), (s) => {
      expect(base64Decode(base64UrlEncode(s))).toBe(s);
    }));
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
    expect(text.split("\n")[1]).toMatch(/^303&202&spear&\d+&0&false&true&spear=MjAwMA==\/sword=MA==/);
  });

  it("names attacks whose villages are not on the world", () => {
    const result = exportDswb([wallbreaker, { ...wallbreaker, from: { x: 1, y: 1 }, to: { x: 2, y: 2 } }], lookup);
    expect(result).toEqual({
      ok: false,
      errors: ["Angriff 2: Startdorf 1|1 gibt es auf dieser Welt nicht.", "Angriff 2: Zieldorf 2|2 gibt es auf dieser Welt nicht."],
    });
  });
});

describe("importDswb", () => {
  it("reads the line it writes", () => {
    expect(ok(importDswb(`${wallbreakerLine}\n`, lookup))).toEqual([wallbreaker]);
  });

  it("reads a line of a world without archers, skipping units it does not know (militia), CRLF and blank lines", () => {
    const line = `303&101&axe&1766595600000&2&false&false&spear=MA==/sword=MA==/axe=MjAwMA==/spy=NQ==/light=MA==/heavy=MA==/ram=MjA=/catapult=MA==/knight=MA==/snob=MA==/militia=MA==`;
    expect(ok(importDswb(`\r\n${line}\r\n\r\n`, lookup))).toEqual([
      // DS Workbench times it by the slowest unit sent (Attack.getRealUnit), the ram, not the axe field.
      { from: { x: 510, y: 490 }, to: { x: 500, y: 500 }, type: "attack", units: { axe: 2000, spy: 5, ram: 20 }, unit: "ram", arrival: 1766595600000, priority: 3 },
    ]);
  });

  it("reads a multiplier N as N attacks, and the eight fields of older versions (no multiplier) as one", () => {
    const line = `101&202&ram&${wallbreaker.arrival}&8&true&false&${wallbreakerTroops}`;
    expect(ok(importDswb(`${line}&2\n${line}\n`, lookup))).toEqual([wallbreaker, wallbreaker, wallbreaker]);
    expect(importDswb(`${line}&0\n${line}&101\n${line}&zwei`, lookup)).toEqual({
      ok: false,
      errors: [
        "Zeile 1: Anzahl: „0“ ist keine ganze Zahl von 1 bis 100.",
        "Zeile 2: Anzahl: „101“ ist keine ganze Zahl von 1 bis 100.",
        "Zeile 3: Anzahl: „zwei“ ist keine ganze Zahl von 1 bis 100.",
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

  it("keeps DS Workbench's dynamic amounts as formulas: today's line, multiplier 2, 'alle' and 'alle-100' (acceptance 1)", () => {
    // Nine fields as DS Workbench writes them: axes "alle-100", rams "alle", five spies, sent twice.
    const troops = "spear=MA==/sword=MA==/axe=YWxsZS0xMDA=/spy=NQ==/light=MA==/heavy=MA==/ram=YWxsZQ==/catapult=MA==/knight=MA==/snob=MA==";
    const line = `101&202&axe&1766595600000&2&true&false&${troops}&2`;
    const attacks = ok(importDswb(line, lookup));
    expect(attacks).toHaveLength(2);
    for (const attack of attacks) {
      expect(attack).toMatchObject({ type: "attack", units: { spy: 5 }, formulas: { axe: "alle-100", ram: "alle" }, unit: "ram" });
    }
    // Export writes the formulas back unchanged; importing that gives the same attacks again.
    const text = ok(exportDswb(attacks, lookup));
    expect(text.split("\n")[0]).toContain("axe=YWxsZS0xMDA=");
    expect(text.split("\n")[0]).toContain("ram=YWxsZQ==");
    expect(ok(importDswb(text, lookup))).toEqual(attacks);
    // Constant arithmetic is a number, as DS Workbench stores it; "50%" is a formula.
    const constant = ok(importDswb(`101&202&axe&1766595600000&2&true&false&axe=${base64UrlEncode("100*2")}/light=${base64UrlEncode("50%")}&1`, lookup));
    expect(constant[0]).toMatchObject({ units: { axe: 200 }, formulas: { light: "50%" } });
  });

  it("keeps a unit field as slow as the slowest unit sent (catapult with rams)", () => {
    const line = `101&202&catapult&1766595600000&2&true&false&ram=MTA=/catapult=MTA=`;
    expect(ok(importDswb(line, lookup))[0]?.unit).toBe("catapult");
  });

  it("imports nothing when one line is bad and names every bad line by number", () => {
    const text = [
      wallbreakerLine,
      "",
      "101&202&ram&1766595600000&8&true",
      "101&999&ram&1766595600000&8&true&false&ram=MQ==",
      "101&202&cannon&soon&x&yes&false&ram=MQ==",
      "101&202&ram&1766595600000&8&true&false&ram=YWxsZXM=/axe=!!/spy",
      "101&101&ram&1766595600000&8&true&false&ram=MQ==",
    ].join("\n");
    expect(importDswb(text, lookup)).toEqual({
      ok: false,
      errors: [
        "Zeile 3: erwartet 7, 8 oder 9 durch „&“ getrennte Felder, gefunden 6.",
        "Zeile 4: Zieldorf mit der ID 999 gibt es auf dieser Welt nicht.",
        "Zeile 5: Unbekannte Einheit „cannon“.",
        "Zeile 5: Ankunft: „soon“ ist keine Zeit in Millisekunden.",
        "Zeile 5: Typ: „x“ ist keine Zahl.",
        "Zeile 5: Auf Karte: erwartet true oder false, gefunden „yes“.",
        "Zeile 6: Truppen: die Formel für Rammbock („alles“) geht nicht: Unbekanntes Wort „alles“ in der Formel (erlaubt: alle, fake, rnd).",
        "Zeile 6: Truppen: die Anzahl für Axtkämpfer ist kein gültiges Base64.",
        "Zeile 6: Truppen: „spy“ hat nicht die Form einheit=Anzahl.",
        "Zeile 7 (Zieldorf): Start- und Zieldorf dürfen nicht gleich sein.",
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

  it("round-trips any attacks exactly (priority is not part of the format)", () => {
    const attacks = fc.array(attackDataArb.map((a) => ({ ...a, priority: 3 })), { minLength: 1, maxLength: 20 });
    fc.assert(
      fc.property(attacks, (list) => {
        const villages = list.flatMap((a, i) => [
          { id: 2 * i + 1, ...a.from },
          { id: 2 * i + 2, ...a.to },
        ]);
        const world = villageLookup(villages);
        expect(ok(importDswb(ok(exportDswb(list, world)), world))).toEqual(list);
      }),
    );
  });
});
