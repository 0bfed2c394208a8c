// Turns a zod 4 schema into a fast-check arbitrary of values that mostly satisfy its INPUT side, by walking
// `schema._zod.def`. Anything unknown (or anything that throws while building) falls back to hostile values.
import fc from "fast-check";
import { z } from "zod";
import { hostileJsonValue, setOwn } from "./hostile.js";

type Schema = z.core.$ZodType;
interface Def {
  type: string;
  check?: string;
  checks?: z.core.$ZodCheck[];
  [key: string]: unknown;
}
type CheckDef = Record<string, unknown> & { check?: string };

const MAX_DEPTH = 12;
const MAX_ITEMS = 5;
const ABSENT = Symbol("absent");

const defOf = (schema: Schema): Def => schema._zod.def as unknown as Def;
const sub = (def: Def, key: string): Schema => def[key] as Schema;
/** The schema's own def (string formats carry their pattern there) followed by its checks' defs. */
const checkDefs = (schema: Schema): CheckDef[] => [
  defOf(schema) as CheckDef,
  ...(defOf(schema).checks ?? []).map((c) => c._zod.def as unknown as CheckDef),
];
const num = (value: unknown, fallback: number): number => (typeof value === "number" ? value : fallback);

/** The shape of an object schema (e.g. route params), if it is one. */
export function objectShape(schema: z.ZodType | undefined): Record<string, z.ZodType> | undefined {
  const def = schema ? defOf(schema) : undefined;
  return def?.type === "object" ? (def.shape as Record<string, z.ZodType>) : undefined;
}

function accepts(schema: Schema, value: unknown): boolean {
  try {
    return z.safeParse(schema, value).success;
  } catch {
    return false; // async refinements, throwing transforms …
  }
}

/** Keeps an arbitrary's valid values when it hits often enough; else leans on the few valid ones seen. */
function preferValid<T>(schema: Schema, arb: fc.Arbitrary<T>): fc.Arbitrary<T> {
  const ok = (value: T) => accepts(schema, value);
  const valid = fc.sample(arb, { numRuns: 24, seed: 7 }).filter(ok);
  if (valid.length >= 4) return arb.filter(ok);
  if (valid.length > 0) return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...valid) }, { weight: 1, arbitrary: arb });
  return arb;
}

const fallback = (): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) }, { weight: 1, arbitrary: hostileJsonValue() });

const safeChars = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", ..."._-äöüß"];
const safeText = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...safeChars), minLength, maxLength });

const formatArbs: Record<string, () => fc.Arbitrary<string>> = {
  email: () => fc.emailAddress(),
  uuid: () => fc.uuid(),
  guid: () => fc.uuid(),
  url: () => fc.webUrl(),
  datetime: () => fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  date: () => fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  ipv4: () => fc.ipV4(),
  ipv6: () => fc.ipV6(),
};

function stringArb(schema: Schema): fc.Arbitrary<string> {
  let min = 0;
  let max = Number.POSITIVE_INFINITY;
  const sources: fc.Arbitrary<string>[] = [];
  for (const d of checkDefs(schema)) {
    if (d.check === "min_length") min = Math.max(min, num(d.minimum, 0));
    if (d.check === "max_length") max = Math.min(max, num(d.maximum, max));
    if (d.check === "length_equals") min = max = num(d.length, min);
    if (d.check !== "string_format") continue;
    const format = typeof d.format === "string" ? formatArbs[d.format] : undefined;
    if (format) sources.push(format());
    if (d.pattern instanceof RegExp) sources.push(fc.stringMatching(d.pattern, { maxLength: Number.isFinite(max) ? max : 64 }));
  }
  const hi = Math.min(max, min + 24);
  if (sources.length === 0) {
    sources.push(safeText(min, Math.max(min, hi)), safeText(min, Math.max(min, hi)), fc.string({ unit: "grapheme", minLength: min, maxLength: Math.max(min, hi) }));
    sources.push(fc.constantFrom("a".repeat(Math.max(min, 1)), "z".repeat(Number.isFinite(max) ? max : min + 100)));
  }
  return preferValid(schema, fc.oneof(...sources));
}

const intFormats: Record<string, [number, number]> = {
  safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  int32: [-(2 ** 31), 2 ** 31 - 1],
  uint32: [0, 2 ** 32 - 1],
};

function numberArb(schema: Schema): fc.Arbitrary<number> {
  let [lo, hi, loEx, hiEx, isInt, step] = [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY, false, false, false, 0];
  for (const d of checkDefs(schema)) {
    const range = typeof d.format === "string" ? intFormats[d.format] : undefined;
    if (range) [isInt, lo, hi] = [true, Math.max(lo, range[0]), Math.min(hi, range[1])];
    const value = num(d.value, Number.NaN);
    if (d.check === "greater_than" && value >= lo) [lo, loEx] = [value, d.inclusive !== true];
    if (d.check === "less_than" && value <= hi) [hi, hiEx] = [value, d.inclusive !== true];
    if (d.check === "multiple_of") step = value;
  }
  let arb: fc.Arbitrary<number>;
  if (isInt) {
    const min = Math.max(Number.MIN_SAFE_INTEGER, loEx && Number.isInteger(lo) ? lo + 1 : Math.ceil(lo));
    const max = Math.min(Number.MAX_SAFE_INTEGER, hiEx && Number.isInteger(hi) ? hi - 1 : Math.floor(hi));
    if (min > max) return fc.constant(min);
    const [smallMin, smallMax] = [Math.max(min, -5), Math.min(max, 100)];
    arb = smallMin <= smallMax
      ? fc.oneof({ weight: 3, arbitrary: fc.integer({ min: smallMin, max: smallMax }) }, { weight: 1, arbitrary: fc.integer({ min, max }) })
      : fc.integer({ min, max });
  } else {
    const bounds = {
      ...(Number.isFinite(lo) ? { min: lo, minExcluded: loEx } : {}),
      ...(Number.isFinite(hi) ? { max: hi, maxExcluded: hiEx } : {}),
    };
    arb = fc.double({ ...bounds, noNaN: true, noDefaultInfinity: true });
  }
  return step ? preferValid(schema, arb.map((v) => Math.round(v / step) * step)) : arb;
}

function lengthBounds(schema: Schema): { minLength: number; maxLength: number } {
  let [min, max] = [0, MAX_ITEMS];
  for (const d of checkDefs(schema)) {
    if (d.check === "min_length") min = num(d.minimum, min);
    if (d.check === "max_length") max = Math.min(max, num(d.maximum, max));
    if (d.check === "length_equals") min = max = num(d.length, min);
  }
  return { minLength: min, maxLength: Math.max(min, max) };
}

function objectFrom(keys: string[], parts: fc.Arbitrary<unknown>[]): fc.Arbitrary<Record<string, unknown>> {
  return fc.tuple(...parts).map((values) => {
    const obj: Record<string, unknown> = {};
    values.forEach((value, i) => {
      if (value !== ABSENT) setOwn(obj, keys[i] ?? "", value);
    });
    return obj;
  });
}

function build(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  try {
    const arb = buildNode(schema, depth);
    const refined = (defOf(schema).checks ?? []).some((c) => c._zod.def.check === "custom");
    return refined && defOf(schema).type !== "string" ? preferValid(schema, arb) : arb;
  } catch {
    return fallback();
  }
}

function buildNode(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = () => build(sub(def, "innerType"), depth + 1);
  if (depth > MAX_DEPTH) {
    // Deep (recursive) schemas: end the recursion where the schema allows it, else give up on validity.
    if (def.type === "optional" || def.type === "default" || def.type === "prefault") return fc.constant(undefined);
    if (def.type === "nullable") return fc.constant(null);
    if (def.type === "array" && lengthBounds(schema).minLength === 0) return fc.constant([]);
    if (depth > 2 * MAX_DEPTH) return fallback();
  }
  switch (def.type) {
    case "string":
      return stringArb(schema);
    case "number":
    case "int":
      return numberArb(schema);
    case "boolean":
      return fc.boolean();
    case "bigint":
      return preferValid(schema, fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }));
    case "date":
      return fc.date({ noInvalidDate: true });
    case "null":
      return fc.constant(null);
    case "undefined":
    case "void":
      return fc.constant(undefined);
    case "nan":
      return fc.constant(Number.NaN);
    case "any":
    case "unknown":
      return fc.jsonValue({ maxDepth: 2 });
    case "enum":
      return fc.constantFrom(...Object.values(def.entries as object).filter((v) => accepts(schema, v)));
    case "literal":
      return fc.constantFrom(...(def.values as unknown[]));
    case "object": {
      const entries = Object.entries(def.shape as Record<string, Schema>);
      const parts = entries.map(([, s]) => {
        const arb = build(s, depth + 1);
        return s._zod.optin === "optional" ? fc.option(arb, { nil: ABSENT, freq: 4 }) : arb;
      });
      return objectFrom(entries.map(([k]) => k), parts);
    }
    case "array":
      return fc.array(build(sub(def, "element"), depth + 1), lengthBounds(schema));
    case "tuple": {
      const items = (def.items as Schema[]).map((s) => build(s, depth + 1));
      const rest = def.rest ? fc.array(build(sub(def, "rest"), depth + 1), { maxLength: 2 }) : fc.constant([]);
      return fc.tuple(fc.tuple(...items), rest).map(([head, tail]) => [...head, ...tail]);
    }
    case "record": {
      const keyDef = defOf(sub(def, "keyType"));
      const value = build(sub(def, "valueType"), depth + 1);
      if (keyDef.type === "enum" || keyDef.type === "literal") {
        const keys = (keyDef.type === "enum" ? Object.values(keyDef.entries as object) : (keyDef.values as unknown[])).map(String);
        return objectFrom(keys, keys.map(() => value));
      }
      const key = build(sub(def, "keyType"), depth + 1).map((k) => String(k));
      return fc.dictionary(key, value, { maxKeys: 4, noNullPrototype: true });
    }
    case "union":
      return fc.oneof(...(def.options as Schema[]).map((s) => build(s, depth + 1)));
    case "intersection": {
      const both = fc.tuple(build(sub(def, "left"), depth + 1), build(sub(def, "right"), depth + 1));
      return preferValid(schema, both.map(([l, r]) => (l && r && typeof l === "object" && typeof r === "object" ? { ...l, ...r } : l)));
    }
    case "optional":
      return fc.oneof({ weight: 4, arbitrary: inner() }, { weight: 1, arbitrary: fc.constant(undefined) });
    case "nullable":
      return fc.oneof({ weight: 4, arbitrary: inner() }, { weight: 1, arbitrary: fc.constant(null) });
    case "default":
    case "prefault":
      return fc.oneof({ weight: 9, arbitrary: inner() }, { weight: 1, arbitrary: fc.constant(undefined) });
    case "catch":
    case "readonly":
      return inner();
    case "nonoptional":
      return inner().filter((v) => v !== undefined);
    case "lazy":
      return build((def.getter as () => Schema)(), depth + 1);
    case "pipe": {
      // A transform's input is unknown: try both ends and keep whichever the whole pipe accepts.
      const ends = [build(sub(def, "in"), depth + 1), build(sub(def, "out"), depth + 1)];
      const useful = ends.filter((arb) => fc.sample(arb, { numRuns: 12, seed: 3 }).some((v) => accepts(schema, v)));
      return preferValid(schema, fc.oneof(...(useful.length > 0 ? useful : ends)));
    }
    default: {
      const pattern = schema._zod.pattern;
      return preferValid(schema, pattern instanceof RegExp ? fc.stringMatching(pattern, { maxLength: 64 }) : fallback());
    }
  }
}

const cache = new WeakMap<object, fc.Arbitrary<unknown>>();

/** Values that mostly satisfy the schema's input side; never throws, unknown constructs give hostile values. */
export function arbitraryFromSchema(schema: z.ZodType): fc.Arbitrary<unknown> {
  let arb = cache.get(schema);
  if (!arb) {
    arb = build(schema, 0);
    cache.set(schema, arb);
  }
  return arb;
}
