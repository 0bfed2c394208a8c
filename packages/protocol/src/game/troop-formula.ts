// DS Workbench's dynamic troop amounts (issue 20 item 2): instead of a number, a unit of an attack may
// carry a formula that is worked out only when the command is sent, against the village's troops at home.
// Read at the source, Torridity/dsworkbench Core/src/main/java/de/tor/tribes/io/TroopAmountElement.java:
// - `alle` = the unit's troops at home, `fake` = the village's points × the world's fake_limit / 100
//   (rounded down), `rnd` = a random number in [0, 1);
// - numbers (also with a decimal point), brackets, + - * / % ^ and the comparisons < > = (1 or 0);
// - `x%` (a % at the end or before another operator) is x percent of `alle` ("50%"); between two
//   operands % is the remainder; division by 0 gives 0;
// - the result is cut to a whole number toward zero, and a negative result sends none.
// Where dsbot differs on purpose: DS Workbench sends what is at home when a formula asks for more; the
// runner refuses instead, in German, as it does for a fixed amount (a half-sent noble train is worse
// than none). Operator precedence is the usual one (DS Workbench splits + before - before * …, which
// gives the same numbers for every formula but those mixing comparisons with arithmetic).
// A formula is kept as the text the user wrote (written back unchanged on export).

export const TROOP_FORMULA_MAX = 100;

export const troopFormulaMessages = {
  tooLong: `Eine Formel hat höchstens ${TROOP_FORMULA_MAX} Zeichen.`,
  empty: "Die Formel ist leer.",
  character: (c: string) => `Unerlaubtes Zeichen „${c}“ in der Formel (erlaubt: Zahlen, alle, fake, rnd, + - * / % ^ < > = und Klammern).`,
  word: (w: string) => `Unbekanntes Wort „${w}“ in der Formel (erlaubt: alle, fake, rnd).`,
  syntax: "Die Formel ist unvollständig oder falsch geklammert, z. B. alle-100 oder (alle-50)/2.",
} as const;

type Token =
  | { kind: "num"; value: number }
  | { kind: "var"; name: "alle" | "fake" | "rnd" }
  | { kind: "op"; op: "+" | "-" | "*" | "/" | "%" | "^" | "<" | ">" | "=" | "pct" }
  | { kind: "open" }
  | { kind: "close" };

/** What a formula is worked out against. */
export interface TroopFormulaScope {
  /** The unit's troops at home (`alle`). */
  all: number;
  /** The village's points × fake_limit / 100, rounded down (`fake`). */
  fake: number;
  /** [0, 1) for `rnd`. */
  random: () => number;
}

/** A formula read once, to work out any number of times. */
export type TroopFormula = (scope: TroopFormulaScope) => number;

type Parsed = { ok: true; value: TroopFormula; dynamic: boolean } | { ok: false; error: string };

const OPERATORS = "+-*/%^<>=";

function tokenize(text: string): Token[] | string {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === " " || c === "\t") {
      i++;
      continue;
    }
    if (/[0-9.]/.test(c)) {
      const match = /^\d*\.?\d+|^\d+\.?/.exec(text.slice(i));
      if (!match) return troopFormulaMessages.syntax;
      tokens.push({ kind: "num", value: Number(match[0]) });
      i += match[0].length;
      continue;
    }
    if (/[a-zA-Z]/.test(c)) {
      const word = (/^[a-zA-Z]+/.exec(text.slice(i)) as RegExpExecArray)[0];
      const name = word.toLowerCase();
      if (name !== "alle" && name !== "fake" && name !== "rnd") return troopFormulaMessages.word(word.slice(0, 20));
      tokens.push({ kind: "var", name });
      i += word.length;
      continue;
    }
    if (c === "(" || c === ")") {
      tokens.push({ kind: c === "(" ? "open" : "close" });
      i++;
      continue;
    }
    if (OPERATORS.includes(c)) {
      // A % at the end, before another operator or a closing bracket is "percent of alle".
      let j = i + 1;
      while (text[j] === " " || text[j] === "\t") j++;
      const next = text[j];
      const postfix = c === "%" && (next === undefined || next === ")" || OPERATORS.includes(next));
      tokens.push({ kind: "op", op: postfix ? "pct" : (c as "+") });
      i++;
      continue;
    }
    return troopFormulaMessages.character(c);
  }
  return tokens;
}

/** Recursive descent: sum := product (+|- product)*; product := power (*|/|% power)*; power := compare (^ power)?;
 * compare := unary (<|>|= unary)*; unary := - unary | postfix; postfix := primary %?; primary := num | var | ( sum ). */
function parseTokens(tokens: Token[]): { formula: TroopFormula; dynamic: boolean } | null {
  let at = 0;
  let dynamic = false;
  const peek = () => tokens[at];
  const isOp = (...ops: string[]) => {
    const t = peek();
    return t?.kind === "op" && ops.includes(t.op);
  };
  const takeOp = () => (tokens[at++] as Extract<Token, { kind: "op" }>).op;

  function primary(): TroopFormula | null {
    const t = tokens[at++];
    if (!t) return null;
    if (t.kind === "num") {
      const value = t.value;
      return () => value;
    }
    if (t.kind === "var") {
      dynamic = true;
      if (t.name === "alle") return (s) => s.all;
      if (t.name === "fake") return (s) => s.fake;
      return (s) => s.random();
    }
    if (t.kind === "open") {
      const inner = sum();
      if (!inner || peek()?.kind !== "close") return null;
      at++;
      return inner;
    }
    return null;
  }
  function postfix(): TroopFormula | null {
    const base = primary();
    if (!base) return null;
    if (isOp("pct")) {
      at++;
      dynamic = true;
      return (s) => (s.all * base(s)) / 100;
    }
    return base;
  }
  function unary(): TroopFormula | null {
    if (isOp("-")) {
      at++;
      const inner = unary();
      return inner && ((s) => -inner(s));
    }
    return postfix();
  }
  function compare(): TroopFormula | null {
    let left = unary();
    while (left && isOp("<", ">", "=")) {
      const op = takeOp();
      const right = unary();
      if (!right) return null;
      const l = left;
      left = op === "<" ? (s) => (l(s) < right(s) ? 1 : 0) : op === ">" ? (s) => (l(s) > right(s) ? 1 : 0) : (s) => (l(s) === right(s) ? 1 : 0);
    }
    return left;
  }
  function power(): TroopFormula | null {
    const base = compare();
    if (!base || !isOp("^")) return base;
    at++;
    const exponent = power();
    return exponent && ((s) => Math.pow(base(s), exponent(s)));
  }
  function product(): TroopFormula | null {
    let left = power();
    while (left && isOp("*", "/", "%")) {
      const op = takeOp();
      const right = power();
      if (!right) return null;
      const l = left;
      left =
        op === "*"
          ? (s) => l(s) * right(s)
          : op === "/"
            ? (s) => {
                const d = right(s);
                return d === 0 ? 0 : l(s) / d;
              }
            : (s) => l(s) % right(s);
    }
    return left;
  }
  function sum(): TroopFormula | null {
    let left = product();
    while (left && isOp("+", "-")) {
      const op = takeOp();
      const right = product();
      if (!right) return null;
      const l = left;
      left = op === "+" ? (s) => l(s) + right(s) : (s) => l(s) - right(s);
    }
    return left;
  }

  const formula = sum();
  return formula && at === tokens.length ? { formula, dynamic } : null;
}

/** Reads a formula; a German error for anything DS Workbench's parser would not take. */
export function parseTroopFormula(text: string): Parsed {
  if (text.length > TROOP_FORMULA_MAX) return { ok: false, error: troopFormulaMessages.tooLong };
  if (text.trim() === "") return { ok: false, error: troopFormulaMessages.empty };
  const tokens = tokenize(text);
  if (typeof tokens === "string") return { ok: false, error: tokens };
  const parsed = parseTokens(tokens);
  if (!parsed) return { ok: false, error: troopFormulaMessages.syntax };
  return { ok: true, value: parsed.formula, dynamic: parsed.dynamic };
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
 * The whole number of troops the formula asks for: cut toward zero (Java's int cast), never below 0
 * (DS Workbench sends none for a negative result), NaN and ±∞ as 0.
 */
export function troopFormulaAmount(formula: TroopFormula, scope: TroopFormulaScope): number {
  const value = Math.trunc(formula(scope));
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** The number a constant formula stands for (no alle, fake, rnd or %), or null. */
export function constantTroopAmount(text: string): number | null {
  const parsed = parseTroopFormula(text);
  if (!parsed.ok || parsed.dynamic) return null;
  return troopFormulaAmount(parsed.value, { all: 0, fake: 0, random: () => 0 });
}
