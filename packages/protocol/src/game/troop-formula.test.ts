// DS Workbench's dynamic troop amounts: what TroopAmountElement.parse works out, and the refusals.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { constantTroopAmount, isDynamicAmount, parseTroopFormula, troopFormulaAmount, troopFormulaMessages, TROOP_FORMULA_MAX, type TroopFormulaScope } from "./troop-formula.js";

const scope = (all: number, fake = 0, random = 0.5): TroopFormulaScope => ({ all, fake, random: () => random });
const amount = (text: string, s: TroopFormulaScope) => {
  const parsed = parseTroopFormula(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return troopFormulaAmount(parsed.value, s);
};

describe("troop formulas", () => {
  it.each([
    ["alle", scope(6000), 6000],
    ["Alle", scope(6000), 6000],
    ["alle-100", scope(150), 50],
    ["alle-100", scope(50), 0], // negative: none
    ["alle - 100", scope(150), 50],
    ["50%", scope(6001), 3000], // 3000.5 cut
    ["50%+10", scope(100), 60],
    ["(alle-50)/2", scope(151), 50],
    ["alle/0", scope(100), 0], // division by zero gives 0
    ["10%3", scope(0), 1], // remainder between two operands
    ["2^3^2", scope(0), 512], // right-associative
    ["alle>100", scope(101), 1],
    ["alle>100", scope(100), 0],
    ["(alle>100)*100", scope(500), 100],
    ["alle=5", scope(5), 1],
    ["fake", scope(0, 90), 90],
    ["fake+1", scope(0, 90), 91],
    ["rnd*100", scope(0, 0, 0.427), 42],
    ["1.5*3", scope(0), 4],
    ["-alle", scope(10), 0],
    ["2*-3+10", scope(0), 4],
    ["100-20-30", scope(0), 50], // left to right
    ["((alle))", scope(7), 7],
  ])("%s → %d", (text, s, expected) => {
    expect(amount(text, s)).toBe(expected);
  });

  it("tells formulas from numbers: constant arithmetic is a number, as DS Workbench stores it", () => {
    expect(isDynamicAmount("alle")).toBe(true);
    expect(isDynamicAmount("50%")).toBe(true);
    expect(isDynamicAmount("rnd*10")).toBe(true);
    expect(isDynamicAmount("100*2")).toBe(false);
    expect(isDynamicAmount("100")).toBe(false);
    expect(isDynamicAmount("kaputt")).toBe(false);
    expect(constantTroopAmount("100*2")).toBe(200);
    expect(constantTroopAmount("alle")).toBeNull();
  });

  it("refuses what is no formula, in German", () => {
    expect(parseTroopFormula("")).toEqual({ ok: false, error: troopFormulaMessages.empty });
    expect(parseTroopFormula("  ")).toEqual({ ok: false, error: troopFormulaMessages.empty });
    expect(parseTroopFormula("x".repeat(TROOP_FORMULA_MAX + 1))).toEqual({ ok: false, error: troopFormulaMessages.tooLong });
    expect(parseTroopFormula("alle+$")).toEqual({ ok: false, error: troopFormulaMessages.character("$") });
    expect(parseTroopFormula("alles")).toEqual({ ok: false, error: troopFormulaMessages.word("alles") });
    for (const bad of ["alle+", "(alle", "alle)", "()", "*3", "3 4", "alle alle", "1..2", "%", "5%%"]) {
      expect(parseTroopFormula(bad), bad).toEqual({ ok: false, error: troopFormulaMessages.syntax });
    }
  });

  it("any text gives a formula or a German error, never a throw; a formula's amount is a whole number ≥ 0", () => {
    const alphabet = fc.constantFrom(..."0123456789.+-*/%^<>=() alefkrnd".split(""));
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
