// Hostile building blocks for the fuzz suite: strings, JSON values and raw JSON texts that break naive servers.
import fc from "fast-check";

/** Sets an own, enumerable property even for keys like "__proto__" (plain assignment would hit the setter). */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export const prototypeKeys = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf"] as const;

// Built once with String#repeat: cheap, and never generated char by char.
const ONE_MIB_PLUS_ONE = "a".repeat(1024 * 1024 + 1);
const longStrings = ["x".repeat(10_001), "é".repeat(70_000), "😀".repeat(20_000), ONE_MIB_PLUS_ONE];

const hostileConstants: string[] = [
  ...prototypeKeys,
  "",
  " ",
  "   ",
  "\t\n\r ",
  "\u00A0\u2003\u3000",
  "%",
  "_",
  "\\",
  "%_\\",
  "100%",
  "'; drop table users; --",
  "' OR '1'='1",
  '"',
  "../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "%2e%2e%2f",
  "%00",
  "\u202Egnp.exe",
  "a\u200Db",
  "\u200B",
  "\uFEFF",
  "e\u0301\u0301\u0301\u0301",
  "😀",
  "👨‍👩‍👧‍👦",
  "İ",
  "ß",
  "ς",
  "ﬁ",
  "Ａｄｍｉｎ",
  "-1",
  "0",
  "-0",
  "1.5",
  "1e309",
  "NaN",
  "Infinity",
  "0x10",
  "2147483648",
  "9007199254740993",
  "99999999999999999999",
  "null",
  "true",
  "undefined",
  "[object Object]",
  "<script>alert(1)</script>",
  "${7*7}{{7*7}}",
  "\r\nSet-Cookie: x=1",
  "\u0000",
  "\uD800",
  "\uDC00",
  "\uDC00\uD800",
  "a\uD800b",
  "\uFFFF",
];

const badChars = ["\u0000", "\u0000", "\uD800", "\uDC00", "\uDC00\uD800", "\u202E", "\u0301"];

const randomText = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.string({ unit: "grapheme-ascii", maxLength: 30 }),
);

/** Strings that break naive servers: NUL, lone surrogates, prototype keys, SQL/LIKE and path tricks, unicode edge cases, huge text. */
export function hostileString(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 30, arbitrary: fc.constantFrom(...hostileConstants) },
    {
      weight: 25,
      arbitrary: fc
        .tuple(randomText, fc.nat(), fc.constantFrom(...badChars))
        .map(([s, at, bad]) => {
          const i = at % (s.length + 1);
          return s.slice(0, i) + bad + s.slice(i);
        }),
    },
    { weight: 30, arbitrary: randomText },
    { weight: 10, arbitrary: fc.tuple(randomText, fc.constantFrom(...hostileConstants)).map(([a, b]) => a + b) },
    { weight: 2, arbitrary: fc.constantFrom(...longStrings) },
  );
}

/** A value nested `depth` levels deep (arrays or objects), built in a loop. */
export function deepValue(depth: number, kind: "array" | "object"): unknown {
  let value: unknown = kind === "array" ? [] : {};
  for (let i = 0; i < depth; i++) value = kind === "array" ? [value] : { a: value };
  return value;
}

const hostileKey = fc.oneof(fc.constantFrom(...prototypeKeys), hostileString(), fc.string({ maxLength: 8 }));

const hostileNumbers = fc.constantFrom(
  0, -0, 1, -1, 0.5, -1.5, 1e308, -1e308, 5e-324, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, 1e21,
);

/** Wrong types and shapes: null, booleans, odd numbers, arrays, nested and deeply nested objects, hostile keys and strings. */
export function hostileJsonValue(): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    fc.constantFrom<unknown>(null, true, false),
    hostileNumbers,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    hostileString(),
  );
  const hostileObject = fc.array(fc.tuple(hostileKey, leaf), { maxLength: 4 }).map((entries) => {
    const obj: Record<string, unknown> = {};
    for (const [key, value] of entries) setOwn(obj, key, value);
    return obj;
  });
  return fc.oneof(
    { weight: 30, arbitrary: leaf },
    { weight: 10, arbitrary: fc.array(leaf, { maxLength: 5 }) },
    { weight: 15, arbitrary: hostileObject },
    { weight: 10, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 5, arbitrary: fc.constantFrom<unknown>({}, [], [null], { a: null }) },
    {
      weight: 3,
      arbitrary: fc.tuple(fc.integer({ min: 2, max: 2000 }), fc.boolean()).map(([d, arr]) => deepValue(d, arr ? "array" : "object")),
    },
  );
}

const NESTED_10K = "[".repeat(10_000) + "]".repeat(10_000);

/** Hand-written JSON texts (mostly malformed or prototype-polluting) and `undefined` for "no body". */
export const rawHostileBodies: (string | undefined)[] = [
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{"__proto__":{"role":"admin"},"a":{"__proto__":null}}',
  "{",
  "[1,",
  '"unterminated',
  '{"a":1,}',
  "{'a':1}",
  '{"a":1}garbage',
  '{"a":1,"a":2}',
  "1e999999",
  "-",
  "null",
  "[]",
  '"just a string"',
  NESTED_10K,
  '{"name":"a\\u0000b","username":"\\u0000","title":"\\u0000"}',
  '{"name":"\\ud800","username":"\\udc00x"}',
  '{"a":"x\u0000y"}',
  "\uFEFF{}",
  "",
  " ",
  undefined,
];
