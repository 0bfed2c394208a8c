// DS Workbench's dynamic troop amounts: what TroopAmountElement (parse, innerParse, elementParse,
// setDynamicAmount, getTroopsAmount) works out, which formulas its check refuses, and Java's number text.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  constantTroopAmount,
  dswbFormulaText,
  isDynamicAmount,
  javaDoubleToString,
  javaIntValue,
  javaParseDouble,
  parseTroopFormula,
  troopFormulaAmount,
  troopFormulaMessages,
  TROOP_FORMULA_MAX,
  type TroopFormulaScope,
} from "./troop-formula.js";
import { dswbFormulaForms } from "../attack-plans/formats/dswb-formula-forms.js";

const scope = (all: number, fake = 0, random = 0.5, units = {}): TroopFormulaScope => ({ all, fake, random: () => random, units });
const amount = (text: string, s: TroopFormulaScope) => {
  const parsed = parseTroopFormula(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return troopFormulaAmount(parsed.value, s);
};


describe("troop formulas as DS Workbench works them out", () => {
  it.each([
    ["alle", scope(6000), 6000],
    ["Alle", scope(6000), 6000],
    ["alle-100", scope(150), 50],
    ["alle-100", scope(50), 0], // negative: none
    ["alle - 100", scope(150), 50], // dsbot ignores the spaces (DS Workbench gets "alle-100")
    ["50%", scope(6001), 3000], // 3000.5 cut
    ["50%+10", scope(100), 60],
    ["(alle-50)/2", scope(151), 50],
    ["alle/0", scope(100), 0], // division by zero gives 0
    ["10%3", scope(0), 1], // remainder between two operands
    ["2^3^2", scope(0), 64], // one level, left to right: (2^3)^2
    ["10*7%3", scope(0), 10], // % splits after *: 10*(7%3)
    ["2*-3+10", scope(0), 9], // + first, then -: (2*)-3 = 2-3, +10
    ["alle>100", scope(101), 1],
    ["alle>100", scope(100), 0],
    ["alle>1000*alle", scope(2000), 2000], // comparisons bind tightest: (alle>1000)*alle
    ["(alle>100)*100", scope(500), 100],
    ["alle=5", scope(5), 1],
    ["alle<=5", scope(5), 1],
    ["alle=>6", scope(5), 0],
    ["alle<>5", scope(4), 1],
    ["alle><5", scope(5), 0],
    ["fake", scope(0, 90), 90],
    ["fake+1", scope(0, 90), 91],
    ["fake", scope(0, 0), 1], // never below 1, as getTroopsAmount sets it
    ["rnd*100", scope(0, 0, 0.427), 42],
    ["1.5*3", scope(0), 4],
    ["-alle", scope(10), 0],
    ["100-20-30", scope(0), 50], // left to right
    ["((alle))", scope(7), 7],
    ["!(alle)", scope(0), 1],
    ["!(alle)", scope(3), 0],
    ["!(alle-100)*100", scope(100), 100],
    ["_(alle)+10", scope(4), 6],
    ["(alle)%", scope(200), 400], // alle × alle / 100
    ["alle_axe", scope(1, 0, 0.5, { axe: 500 }), 500],
    ["alle_Axtkämpfer-100", scope(1, 0, 0.5, { axe: 500 }), 400],
    ["ALLE_LIGHT/2", scope(1, 0, 0.5, { light: 301 }), 150],
    ["alle_Ramme", scope(1, 0, 0.5, { ram: 7 }), 7],
    ["alle_spy", scope(1), 0], // none of that unit at home
    ["alle_militia+1", scope(1), 1],
    ["alle+", scope(8), 8], // an operator at the end is dropped
    ["*3", scope(0), 0], // an empty piece is 0
    ["alle++5", scope(1), 6],
    ["2(3)", scope(0), 23], // the bracket's value is put back as text: "2" + "3.0"
    ["alle*1e3", scope(2), 2000],
    ["alle*0x1p1", scope(2), 4],
    ["alle*Infinity", scope(1), 2147483647], // Java's int cast
    ["alle*NaN", scope(1), 0],
  ])("%s → %d", (text, s, expected) => {
    expect(amount(text, s)).toBe(expected);
  });

  it("reads every form of DS Workbench's parser as a formula worked out when sending", () => {
    for (const form of dswbFormulaForms) {
      const parsed = parseTroopFormula(form);
      expect(parsed.ok && parsed.dynamic, form).toBe(true);
    }
  });

  it("tells formulas from numbers: constant arithmetic is Java's int of its value, as DS Workbench stores it", () => {
    expect(isDynamicAmount("alle")).toBe(true);
    expect(isDynamicAmount("50%")).toBe(true);
    expect(isDynamicAmount("(50)%")).toBe(true);
    expect(isDynamicAmount("rnd*10")).toBe(true);
    expect(isDynamicAmount("100*2")).toBe(false);
    expect(isDynamicAmount("100")).toBe(false);
    expect(isDynamicAmount("kaputt")).toBe(false);
    expect(constantTroopAmount("100*2")).toBe(200);
    expect(constantTroopAmount("-1")).toBe(-1); // DS Workbench's "not set"
    expect(constantTroopAmount("_5")).toBe(-5);
    expect(constantTroopAmount("7/2")).toBe(3);
    expect(constantTroopAmount("1e3")).toBe(1000);
    expect(constantTroopAmount("100d")).toBe(100);
    expect(constantTroopAmount("Infinity")).toBe(2147483647);
    expect(constantTroopAmount("NaN")).toBe(0);
    expect(constantTroopAmount("!0")).toBe(1);
    expect(constantTroopAmount("3<4")).toBe(1);
    expect(constantTroopAmount("alle")).toBeNull();
  });

  it("refuses, in German, what DS Workbench's own check refuses", () => {
    expect(parseTroopFormula("")).toEqual({ ok: false, error: troopFormulaMessages.empty });
    expect(parseTroopFormula("  ")).toEqual({ ok: false, error: troopFormulaMessages.empty });
    expect(parseTroopFormula("x".repeat(TROOP_FORMULA_MAX + 1))).toEqual({ ok: false, error: troopFormulaMessages.tooLong });
    expect(parseTroopFormula("alles")).toEqual({ ok: false, error: troopFormulaMessages.word("alles") });
    expect(parseTroopFormula("alle_cannon")).toEqual({ ok: false, error: troopFormulaMessages.word("alle_cannon") });
    expect(parseTroopFormula("alle+$")).toEqual({ ok: false, error: troopFormulaMessages.piece("$") });
    for (const bad of ["3 4", "1..2", "1e-3"]) expect(parseTroopFormula(bad), bad).toEqual({ ok: false, error: troopFormulaMessages.piece(bad === "1e-3" ? "1e" : bad) });
    // Checked without troops, alle and x% count as nothing: ! and % around them need brackets.
    for (const bad of ["!alle", "alle%", "_alle_axe", "5%%"]) expect(parseTroopFormula(bad), bad).toEqual({ ok: false, error: troopFormulaMessages.wrapped(bad) });
    for (const bad of ["(alle", "alle)", ")(", "(alle))", "((alle)"]) expect(parseTroopFormula(bad), bad).toEqual({ ok: false, error: troopFormulaMessages.brackets });
    for (const bad of ["(alle)+(5)", "(alle)(5)", "((alle)*(2))"]) expect(parseTroopFormula(bad), bad).toEqual({ ok: false, error: troopFormulaMessages.siblings });
  });

  it("sends none of a formula DS Workbench cannot work out with the troops (a bracket worth less than 0.001)", () => {
    // 5/10000 = 5.0E-4 put back as text: its "-" splits it, DS Workbench throws when sending.
    expect(amount("(alle/10000)*10000", scope(5))).toBe(0);
    expect(amount("(alle/10000)*10000", scope(50))).toBe(50);
  });

  it("gives DS Workbench the formula without spaces next to operators and brackets", () => {
    expect(dswbFormulaText("Alle - 5")).toBe("Alle-5");
    expect(dswbFormulaText(" ( alle_Leichte Kavallerie ) % ")).toBe("(alle_Leichte Kavallerie)%");
    for (const form of dswbFormulaForms) expect(dswbFormulaText(form)).toBe(form);
  });

  it("any text gives a formula or a German error, never a throw; a formula's amount is a whole number ≥ 0", () => {
    const alphabet = fc.constantFrom(..."0123456789.+-*/%^<>=()!_ alefkrnd".split(""));
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 30 }).map((cs) => cs.join("")), fc.nat(100_000), fc.nat(5000), (text, all, fake) => {
        const parsed = parseTroopFormula(text);
        if (!parsed.ok) {
          expect(typeof parsed.error).toBe("string");
          return;
        }
        const n = troopFormulaAmount(parsed.value, scope(all, fake));
        expect(Number.isInteger(n) && n >= 0).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("'alle' and 'alle-k' never ask for more than is at home", () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), (all, k) => {
        expect(amount("alle", scope(all))).toBe(all);
        expect(amount(`alle-${k}`, scope(all))).toBe(Math.max(0, all - k));
      }),
    );
  });
});

describe("Java's numbers", () => {
  it("reads as Double.parseDouble", () => {
    expect(javaParseDouble(" 12 ")).toBe(12);
    expect(javaParseDouble("1.")).toBe(1);
    expect(javaParseDouble(".5")).toBe(0.5);
    expect(javaParseDouble("1.5e2")).toBe(150);
    expect(javaParseDouble("2f")).toBe(2);
    expect(javaParseDouble("0x1.8p1")).toBe(3);
    expect(javaParseDouble("Infinity")).toBe(Infinity);
    expect(javaParseDouble("NaN")).toBeNaN();
    for (const bad of ["", ".", "1e", "0x10", "1 2", "infinity", "NaNd", "1_000"]) expect(javaParseDouble(bad), bad).toBeNull();
  });

  it("writes as Double.toString", () => {
    expect(javaDoubleToString(50)).toBe("50.0");
    expect(javaDoubleToString(0.001)).toBe("0.001");
    expect(javaDoubleToString(1234567.5)).toBe("1234567.5");
    expect(javaDoubleToString(1e7)).toBe("1.0E7");
    expect(javaDoubleToString(1.5e-4)).toBe("1.5E-4");
    expect(javaDoubleToString(0)).toBe("0.0");
    expect(javaDoubleToString(-0)).toBe("-0.0");
    expect(javaDoubleToString(Number.NaN)).toBe("NaN");
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (v) => {
        expect(javaParseDouble(javaDoubleToString(v))).toBe(v);
      }),
    );
  });

  it("casts to int as Java does", () => {
    expect(javaIntValue(2.9)).toBe(2);
    expect(javaIntValue(-2.9)).toBe(-2);
    expect(javaIntValue(1e12)).toBe(2147483647);
    expect(javaIntValue(-1e12)).toBe(-2147483648);
    expect(javaIntValue(Number.NaN)).toBe(0);
  });
});
