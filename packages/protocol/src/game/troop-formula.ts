// DS Workbench's dynamic troop amounts: instead of a number, a unit of an attack may carry a formula that
// is worked out only when the command is sent, against the village's troops at home. dsbot reads and
// works them out as DS Workbench does, so every formula it understands comes back unchanged.
// Read at the source, Torridity/dsworkbench Core/src/main/java/de/tor/tribes/io/TroopAmountElement.java
// (setDynamicAmount, getTroopsAmount, parse, innerParse, elementParse, findNextOperator):
// - Brackets first: the first bracket pair is worked out and its value put back as text (Java's
//   Double.toString, a negative value as "_" and its amount). A second pair beside it throws in its
//   parser, so DS Workbench refuses (a)+(b); pairs inside pairs are fine.
// - Then the text is split at the operators level by level: + first, then -, *, /, %, ^, <=, >=, =<, =>,
//   <>, ><, <, >, = (each level left to right; a comparison gives 1 or 0; division by 0 gives 0). So +
//   binds weakest and the comparisons strongest, 2^3^2 is (2^3)^2, 10*7%3 is 10*(7%3), 2*-3 is (2*)-3,
//   and an empty piece is 0 ("-alle" = 0-alle, "*3" = 0) while an operator at the end is dropped.
// - A % with nothing or an operator after it is "percent of alle" (50% = alle×50/100).
// - Each piece: alle (the unit's troops at home), alle_<unit> (another unit's troops, by its plain name
//   or DS Workbench's German name, any case), rnd ([0, 1)), fake (the village's points × the world's
//   fake limit / 100, rounded down, at least 1), a leading ! (1 if the rest is 0, else 0) or _ (minus),
//   or a number as Java's Double.parseDouble reads it.
// - The whole formula is first worked out without troops; anything unreadable there is refused. DS
//   Workbench works alle and x% out as "nothing" there, so !alle and alle% are refused (!(alle) and
//   (alle)% are fine). A formula naming alle, rnd or fake (anywhere, any case) or using x% is dynamic;
//   any other is a number (Java's int cast of its value), stored as that number.
// - Sending: the value is cut toward zero (Java's int cast) and a negative value sends none.
// Where dsbot differs on purpose:
// - Stricter than DS Workbench: DS Workbench sends what is at home when a formula asks for more; the
//   runner refuses instead, in German, as it does for a fixed amount (a half-sent noble train is worse
//   than none). A formula has at most TROOP_FORMULA_MAX characters.
// - Assumption: whitespace next to an operator or bracket, or at either end, is ignored ("alle - 100"),
//   and DS Workbench gets the formula without it (dswbFormulaText): DS Workbench itself refuses a word
//   with a space beside it.
// - Assumption: rnd counts as 0.5 while a formula is checked (DS Workbench draws a random number there
//   too, so (rnd/10000) may pass or fail its check); a formula that cannot be worked out when sending
//   (DS Workbench throws) sends none of that unit.
import type { Unit, UnitCounts } from "../units.js";

export const TROOP_FORMULA_MAX = 100;

const ALLOWED =
  "Erlaubt: Zahlen, alle, alle_Einheit (z. B. alle_axe), fake, rnd, x% (Prozent von alle), !x (1, wenn x 0 ist), + - * / % ^, < > = <= >= <> und Klammern.";

export const troopFormulaMessages = {
  tooLong: `Eine Formel hat höchstens ${TROOP_FORMULA_MAX} Zeichen.`,
  empty: "Die Formel ist leer.",
  word: (w: string) => `Unbekanntes Wort „${w}“ in der Formel (erlaubt: alle, alle_Einheit wie alle_axe, fake, rnd).`,
  piece: (p: string) => `„${p}“ in der Formel versteht DS Workbench nicht. ${ALLOWED}`,
  wrapped: (p: string) => `„${p}“ versteht DS Workbench nicht: !, _ und % an alle, alle_Einheit oder x% gehen nur mit Klammern, z. B. !(alle) oder (alle)%.`,
  brackets: "Die Klammern passen nicht zusammen: zu jeder „(“ gehört genau eine „)“ dahinter.",
  siblings: "Zwei Klammerpaare nebeneinander wie in (alle-100)*(2) rechnet DS Workbench nicht aus: je Ebene höchstens ein Klammerpaar, z. B. (alle-100)*2.",
} as const;

/** What a formula is worked out against. */
export interface TroopFormulaScope {
  /** The unit's troops at home (`alle`). */
  all: number;
  /** The village's points × fake_limit / 100, rounded down (`fake`; less than 1 counts as 1). */
  fake: number;
  /** [0, 1) for `rnd`. */
  random: () => number;
  /** The village's troops at home by unit (`alle_<unit>`); a unit missing counts 0. */
  units?: UnitCounts;
}

/** A formula read once, to work out any number of times (NaN if it cannot be worked out). */
export type TroopFormula = (scope: TroopFormulaScope) => number;

type Parsed = { ok: true; value: TroopFormula; dynamic: boolean } | { ok: false; error: string };

/** DS Workbench's German unit names (UnitHolder), matched besides the plain names in alle_<unit>. */
const dswbUnitNames: Record<Unit | "militia", string> = {
  spear: "Speerträger",
  sword: "Schwertkämpfer",
  axe: "Axtkämpfer",
  archer: "Bogenschütze",
  spy: "Späher",
  light: "Leichte Kavallerie",
  marcher: "Berittener Bogenschütze",
  heavy: "Schwere Kavallerie",
  ram: "Ramme",
  catapult: "Katapult",
  knight: "Paladin",
  snob: "Adelsgeschlecht",
  militia: "Miliz",
};
const unitByName = new Map<string, Unit | "militia">();
for (const [unit, name] of Object.entries(dswbUnitNames) as [Unit | "militia", string][]) {
  unitByName.set(unit, unit);
  unitByName.set(name.toLowerCase(), unit);
}

/** DS Workbench's levels, weakest first. */
const LEVELS = ["+", "-", "*", "/", "%", "^", "<=", ">=", "=<", "=>", "<>", "><", "<", ">", "="] as const;
type Op = (typeof LEVELS)[number];
const ONE_CHAR_OPS = new Set(["+", "-", "*", "/", "%", "^", "<", ">", "="]);
const OPERATOR_OR_BRACKET = new Set([...ONE_CHAR_OPS, "(", ")"]);

/** DS Workbench's "String" result: a piece it could not read (the first one kept for the message). */
class Unreadable {
  constructor(
    readonly culprit: string,
    readonly wrapped: boolean,
  ) {}
}
/** DS Workbench's Integer 0 while checking without troops: alle and x% count as nothing at all. */
const NOTHING = Symbol("nothing");
type Value = number | Unreadable | typeof NOTHING;

/** check: DS Workbench's first pass (no troops); probe: its test run (fixed or dynamic?); send: with troops. */
type Mode = { kind: "check" } | { kind: "probe" } | { kind: "send"; scope: TroopFormulaScope };

class FormulaError extends Error {}

const isBlank = (c: string) => c.charCodeAt(0) <= 0x20;

/** Java's String.trim: drops characters up to U+0020 at both ends. */
function javaTrim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isBlank(text[start] as string)) start++;
  while (end > start && isBlank(text[end - 1] as string)) end--;
  return text.slice(start, end);
}

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?[fFdD]?$/;
const HEX = /^([+-]?)0[xX]([0-9a-fA-F]*)\.?([0-9a-fA-F]*)[pP]([+-]?\d+)[fFdD]?$/;

/** Java's Double.parseDouble (trimmed; NaN, Infinity, decimal and hexadecimal forms, f/d suffix), or null. */
export function javaParseDouble(input: string): number | null {
  const text = javaTrim(input);
  const special = /^([+-]?)(NaN|Infinity)$/.exec(text);
  if (special) return special[2] === "NaN" ? Number.NaN : special[1] === "-" ? -Infinity : Infinity;
  if (DECIMAL.test(text)) return Number(text.replace(/[fFdD]$/, ""));
  const hex = HEX.exec(text);
  if (!hex || (hex[2] === "" && hex[3] === "") || (!text.includes(".") && hex[3] !== "")) return null;
  let mantissa = 0;
  let exponent = Number(hex[4]);
  for (const d of hex[2] as string) mantissa = mantissa * 16 + parseInt(d, 16);
  for (const d of hex[3] as string) {
    mantissa = mantissa * 16 + parseInt(d, 16);
    exponent -= 4;
  }
  const value = mantissa * 2 ** exponent;
  return hex[1] === "-" ? -value : value;
}

/** Java's Double.toString: "50.0", "0.001", "1.0E7", "1.0E-4", "NaN", "Infinity", "-0.0". */
export function javaDoubleToString(v: number): string {
  if (Number.isNaN(v)) return "NaN";
  if (!Number.isFinite(v)) return v > 0 ? "Infinity" : "-Infinity";
  if (v === 0) return Object.is(v, -0) ? "-0.0" : "0.0";
  const sign = v < 0 ? "-" : "";
  const a = Math.abs(v);
  if (a >= 1e-3 && a < 1e7) {
    const s = String(a);
    return sign + (s.includes(".") ? s : `${s}.0`);
  }
  const [mantissa, exponent] = a.toExponential().split("e") as [string, string];
  return `${sign}${mantissa.includes(".") ? mantissa : `${mantissa}.0`}E${Number(exponent)}`;
}

/** Java's (int) cast of a double: NaN 0, cut toward zero, clamped to the int range. */
export function javaIntValue(v: number): number {
  if (Number.isNaN(v)) return 0;
  return Math.max(-2147483648, Math.min(2147483647, Math.trunc(v)));
}

/** The next operator of the level at or after `from` (TroopAmountElement.findNextOperator), or -1. */
function nextOperator(text: string, op: Op, from: number): number {
  let next = text.indexOf(op, from);
  // A % followed by another operator, or at the end, belongs to its number (x%), not between two.
  if (op === "%" && next !== -1) {
    while (next !== -1 && text.length > next + 1 && ONE_CHAR_OPS.has(text[next + 1] as string)) next = text.indexOf(op, next + 1);
    if (text.length <= next + 1) return -1;
  }
  return next;
}

function apply(op: Op, a: number, b: number): number {
  switch (op) {
    case "+":
      return a + b;
    case "-":
      return a - b;
    case "*":
      return a * b;
    case "/":
      return b === 0 ? 0 : a / b;
    case "%":
      return a % b;
    case "^":
      return Math.pow(a, b);
    case "<":
      return a < b ? 1 : 0;
    case ">":
      return a > b ? 1 : 0;
    case "=":
      return a === b ? 1 : 0;
    case "<=":
    case "=<":
      return a <= b ? 1 : 0;
    case ">=":
    case "=>":
      return a >= b ? 1 : 0;
    case "<>":
    case "><":
      return a !== b ? 1 : 0;
  }
}

function troopsOf(unit: Unit | "militia" | null, piece: string, mode: Mode): Value {
  if (mode.kind === "check") return NOTHING;
  if (mode.kind === "probe") return new Unreadable(piece, false);
  if (unit === null) return mode.scope.all;
  return unit === "militia" ? 0 : (mode.scope.units?.[unit] ?? 0);
}

function piece(text: string, mode: Mode): Value {
  if (text === "") return 0;
  const lower = text.toLowerCase();
  if (lower === "alle") return troopsOf(null, text, mode);
  if (text.length > 5 && lower.startsWith("alle_")) {
    const unit = unitByName.get(lower.slice(5));
    if (unit) return troopsOf(unit, text, mode);
  }
  if (lower === "rnd") return mode.kind === "send" ? mode.scope.random() : 0.5;
  if (lower === "fake") {
    if (mode.kind === "probe") return new Unreadable(text, false);
    return mode.kind === "send" ? Math.max(1, mode.scope.fake) : 0;
  }
  if (text.endsWith("%")) {
    const v = piece(text.slice(0, -1), mode);
    if (v instanceof Unreadable) return v;
    if (typeof v === "number") {
      if (mode.kind === "check") return NOTHING;
      if (mode.kind === "probe") return new Unreadable(text, false);
      return (mode.scope.all * v) / 100;
    }
  }
  for (const prefix of ["_", "!"]) {
    if (!text.startsWith(prefix)) continue;
    const v = piece(text.slice(1), mode);
    if (v instanceof Unreadable) return v;
    if (typeof v === "number") return prefix === "_" ? v * -1 : v === 0 ? 1 : 0;
  }
  const number = javaParseDouble(text);
  if (number !== null) return number;
  // ! or % around something that counts as nothing while checking (alle, x%): DS Workbench gives up.
  const wrapped = /^[_!]/.test(text) || text.endsWith("%");
  return new Unreadable(javaTrim(text), wrapped);
}

function level(text: string, at: number, mode: Mode): Value {
  if (text === "") return 0;
  const op = LEVELS[at] as Op;
  let result: number | null = null;
  let failed: Unreadable | null = null;
  for (let i = 0; i < text.length; ) {
    let next = nextOperator(text, op, i);
    if (next === -1) next = text.length;
    const part = text.slice(i, next);
    i = next + op.length;
    const v = at + 1 < LEVELS.length ? level(part, at + 1, mode) : piece(part, mode);
    // Once a piece is unreadable the whole is; NOTHING leaves the result as it is.
    if (v instanceof Unreadable) failed ??= v;
    else if (typeof v === "number") result = result === null ? v : apply(op, result, v);
  }
  return failed ?? result ?? 0;
}

/** DS Workbench's parse: the first bracket pair worked out and put back as text, then the levels. */
function evaluate(text: string, mode: Mode): number | Unreadable {
  if (text === "") return 0;
  const open = text.indexOf("(");
  if (open === -1) {
    if (text.includes(")")) throw new FormulaError(troopFormulaMessages.brackets);
    return level(text, 0, mode) as number | Unreadable;
  }
  let depth = 0;
  let close = -1;
  for (let i = 0; i < text.length && close === -1; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth <= 0) {
      if (depth < 0) throw new FormulaError(troopFormulaMessages.brackets);
      close = i;
    }
  }
  if (close === -1) throw new FormulaError(troopFormulaMessages.brackets);
  const rest = text.slice(close + 1);
  if (rest.includes("(")) throw new FormulaError(troopFormulaMessages.siblings);
  if (rest.includes(")")) throw new FormulaError(troopFormulaMessages.brackets);
  const inner = evaluate(text.slice(open + 1, close), mode);
  if (inner instanceof Unreadable) return inner;
  const value = inner < 0 ? `_${javaDoubleToString(-inner)}` : javaDoubleToString(inner);
  return level(`${text.slice(0, open)}${value}${rest}`, 0, mode) as number | Unreadable;
}

/**
 * The formula as DS Workbench gets it: whitespace (up to U+0020) at both ends and next to an operator
 * or bracket dropped ("Alle - 5" → "Alle-5"); everything else as written.
 */
export function dswbFormulaText(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (isBlank(c)) {
      // Kept only between two pieces that are neither operators nor brackets (inside a unit's name).
      let j = i;
      while (j < text.length && isBlank(text[j] as string)) j++;
      const before = out[out.length - 1];
      const after = text[j];
      if (before !== undefined && after !== undefined && !OPERATOR_OR_BRACKET.has(before) && !OPERATOR_OR_BRACKET.has(after)) out += text.slice(i, j);
      i = j - 1;
    } else out += c;
  }
  return out;
}

/** Reads a formula as DS Workbench does; a German error for anything its check would refuse. */
export function parseTroopFormula(text: string): Parsed {
  if (text.length > TROOP_FORMULA_MAX) return { ok: false, error: troopFormulaMessages.tooLong };
  const formula = dswbFormulaText(text);
  if (formula === "") return { ok: false, error: troopFormulaMessages.empty };
  try {
    const checked = evaluate(formula, { kind: "check" });
    if (checked instanceof Unreadable) {
      const { culprit, wrapped } = checked;
      const error = wrapped ? troopFormulaMessages.wrapped(culprit) : /^[\p{L}_ ]+$/u.test(culprit) ? troopFormulaMessages.word(culprit) : troopFormulaMessages.piece(culprit);
      return { ok: false, error };
    }
    const dynamic = /alle|rnd|fake/i.test(formula) || evaluate(formula, { kind: "probe" }) instanceof Unreadable;
    const value: TroopFormula = (scope) => {
      const v = evaluate(formula, { kind: "send", scope });
      return v instanceof Unreadable ? Number.NaN : v;
    };
    return { ok: true, value, dynamic };
  } catch (error) {
    if (error instanceof FormulaError) return { ok: false, error: error.message };
    throw error;
  }
}

/**
 * Whether a unit's amount text is a formula worked out at send time (it names alle, fake or rnd, or takes
 * a percentage) rather than a number: DS Workbench stores constant arithmetic ("100*2") as its number.
 */
export function isDynamicAmount(text: string): boolean {
  const parsed = parseTroopFormula(text);
  return parsed.ok && parsed.dynamic;
}

/**
 * The whole number of troops the formula asks for: Java's int cast of its value, never below 0 (DS
 * Workbench sends none for a negative result); NaN (cannot be worked out) as 0.
 */
export function troopFormulaAmount(formula: TroopFormula, scope: TroopFormulaScope): number {
  return Math.max(0, javaIntValue(formula(scope)));
}

/**
 * The number DS Workbench stores for a constant amount text (Java's int cast of its value, so it may be
 * negative: -1 is its "not set"), or null for a dynamic or unreadable one.
 */
export function constantTroopAmount(text: string): number | null {
  const parsed = parseTroopFormula(text);
  if (!parsed.ok || parsed.dynamic) return null;
  // The check passed, so the brackets are fine and the test run cannot throw.
  const v = evaluate(dswbFormulaText(text), { kind: "probe" });
  return v instanceof Unreadable ? null : javaIntValue(v);
}
