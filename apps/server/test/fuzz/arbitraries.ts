// fast-check arbitraries for fuzzing the HTTP routes and socket events: schema-valid inputs (so the fuzzer
// reaches the code behind validation) mixed with mutated and outright hostile ones.
import fc from "fast-check";
import type { z } from "zod";
import { hostileJsonValue, hostileString, prototypeKeys, rawHostileBodies, setOwn } from "./hostile.js";
import { arbitraryFromSchema, objectShape } from "./schema-arbitrary.js";

export { arbitraryFromSchema } from "./schema-arbitrary.js";
export { deepValue, hostileJsonValue, hostileString } from "./hostile.js";

type Path = (string | number)[];
type Query = Record<string, string | string[]>;
type Mutation = "replace" | "delete" | "extra";

/** JSON text of a value; bigints become strings (plain JSON.stringify would throw). */
export function toJson(value: unknown): string | undefined {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? v.toString() : v));
}

const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] =>
  typeof value === "object" && value !== null;

/** Every path into a value (the root included), breadth first and capped. */
function pathsOf(root: unknown, cap = 64): Path[] {
  const paths: Path[] = [];
  const queue: { value: unknown; path: Path }[] = [{ value: root, path: [] }];
  for (let item = queue.shift(); item && paths.length < cap; item = queue.shift()) {
    paths.push(item.path);
    if (!isContainer(item.value)) continue;
    for (const [key, child] of Object.entries(item.value)) {
      queue.push({ value: child, path: [...item.path, Array.isArray(item.value) ? Number(key) : key] });
    }
  }
  return paths;
}

/** A copy of `value` (copied along `path` only) with the node at `path` replaced, removed or given a hostile key. */
function mutateAt(value: unknown, path: Path, op: Mutation, hostile: unknown, key: string): unknown {
  const [head, ...rest] = path;
  if (head === undefined) {
    if (op === "extra" && isContainer(value) && !Array.isArray(value)) {
      const copy = { ...value };
      setOwn(copy, key, hostile);
      return copy;
    }
    return op === "delete" ? undefined : hostile;
  }
  if (!isContainer(value)) return hostile;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...value };
  const child = (copy as Record<string, unknown>)[head];
  if (rest.length === 0 && op === "delete") {
    if (Array.isArray(copy)) copy.splice(Number(head), 1);
    else delete copy[head];
  } else {
    setOwn(copy as Record<string, unknown>, String(head), mutateAt(child, rest, op, hostile, key));
  }
  return copy;
}

const hostileValue = fc.oneof(hostileJsonValue(), hostileString());
const hostileKey = fc.oneof(fc.constantFrom(...prototypeKeys), hostileString(), fc.string({ maxLength: 8 }));

/** A schema-valid value with one random node replaced by a hostile value, deleted, or given a hostile key. */
function mutated(schema: z.ZodType): fc.Arbitrary<unknown> {
  return fc
    .record({
      value: arbitraryFromSchema(schema),
      at: fc.nat(),
      op: fc.constantFrom<Mutation>("replace", "replace", "delete", "extra"),
      hostile: hostileValue,
      key: hostileKey,
    })
    .map(({ value, at, op, hostile, key }) => {
      const paths = pathsOf(value);
      return mutateAt(value, paths[at % paths.length] ?? [], op, hostile, key);
    });
}

/** Raw request payloads (sent as application/json): ~60 % valid, ~15 % mutated, ~15 % hostile values, ~10 % hand-made texts. */
export function fuzzBody(schema?: z.ZodType): fc.Arbitrary<string | undefined> {
  const raw = fc.constantFrom(...rawHostileBodies);
  const hostile = hostileJsonValue().map(toJson);
  if (!schema) return fc.oneof({ weight: 6, arbitrary: hostile }, { weight: 4, arbitrary: raw });
  return fc.oneof(
    { weight: 60, arbitrary: arbitraryFromSchema(schema).map(toJson) },
    { weight: 15, arbitrary: mutated(schema).map(toJson) },
    { weight: 15, arbitrary: hostile },
    { weight: 10, arbitrary: raw },
  );
}

const socketSpecials: unknown[] = [
  undefined,
  null,
  ...rawHostileBodies.flatMap((text) => {
    try {
      return text !== undefined && text.length < 1000 ? [JSON.parse(text) as unknown] : [];
    } catch {
      return [];
    }
  }),
];

/** socket.io event payloads: like fuzzBody, but values (no raw text). */
export function fuzzSocketPayload(schema?: z.ZodType): fc.Arbitrary<unknown> {
  const special = fc.constantFrom(...socketSpecials);
  if (!schema) return fc.oneof({ weight: 6, arbitrary: hostileJsonValue() }, { weight: 4, arbitrary: special });
  return fc.oneof(
    { weight: 60, arbitrary: arbitraryFromSchema(schema) },
    { weight: 15, arbitrary: mutated(schema) },
    { weight: 15, arbitrary: hostileJsonValue() },
    { weight: 10, arbitrary: special },
  );
}

function toQueryScalar(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === null || value === undefined) return "";
  return typeof value === "object" ? (toJson(value) ?? "") : String(value);
}

/** A decoded value as a query object: scalars → String, arrays → repeated values, nested objects → JSON. */
function toQuery(value: unknown): Query {
  const query: Query = {};
  if (!isContainer(value) || Array.isArray(value)) return query;
  for (const [key, v] of Object.entries(value)) {
    if (v !== undefined) setOwn(query, key, Array.isArray(v) ? v.map(toQueryScalar) : toQueryScalar(v));
  }
  return query;
}

const hostileQueryValue = fc.oneof(
  { weight: 3, arbitrary: hostileString() },
  { weight: 1, arbitrary: fc.array(hostileString(), { minLength: 2, maxLength: 3 }) },
);
const hostileQuery = fc.array(fc.tuple(hostileKey, hostileQueryValue), { maxLength: 4 }).map((entries) => {
  const query: Query = {};
  for (const [key, value] of entries) setOwn(query, key, value);
  return query;
});

type QueryOp = "replace" | "duplicate" | "extra" | "proto";

/** Query-string objects: mostly valid values as strings, plus hostile values, extra and duplicated keys, `__proto__`. */
export function fuzzQuery(schema?: z.ZodType): fc.Arbitrary<Query> {
  if (!schema) return fc.oneof({ weight: 4, arbitrary: hostileQuery }, { weight: 1, arbitrary: fc.constant({}) });
  const valid = arbitraryFromSchema(schema).map(toQuery);
  const changed = fc
    .record({
      query: valid,
      op: fc.constantFrom<QueryOp>("replace", "duplicate", "extra", "proto"),
      at: fc.nat(),
      value: hostileQueryValue,
      key: hostileKey,
    })
    .map(({ query, op, at, value, key }) => {
      const copy = { ...query };
      const keys = Object.keys(copy);
      const target = keys[at % Math.max(1, keys.length)];
      if (op === "proto") setOwn(copy, at % 2 ? "__proto__" : "constructor", value);
      else if (op === "extra" || target === undefined) setOwn(copy, key, value);
      else if (op === "replace") setOwn(copy, target, value);
      else setOwn(copy, target, [copy[target] ?? "", value].flat());
      return copy;
    });
  return fc.oneof(
    { weight: 60, arbitrary: valid },
    { weight: 25, arbitrary: changed },
    { weight: 15, arbitrary: hostileQuery },
  );
}

const oddIds = ["0", "-1", "2147483648", "99999999999999999999", "1.5", "1e3", "0x1", " 1", "NaN", "abc", "%00", "..%2f..", "../.."];

/** Path params as strings (the suite `encodeURIComponent`s them): valid ids, odd numbers and hostile strings. */
export function fuzzParams(names: string[], schema?: z.ZodType): fc.Arbitrary<Record<string, string>> {
  const shape = objectShape(schema);
  const parts = names.map((name) => {
    const field = shape?.[name];
    const fromSchema = field ? [{ weight: 4, arbitrary: arbitraryFromSchema(field).map(toQueryScalar) }] : [];
    return fc.oneof(
      ...fromSchema,
      { weight: field ? 2 : 6, arbitrary: fc.integer({ min: 1, max: 20 }).map(String) },
      { weight: 2, arbitrary: fc.constantFrom(...oddIds) },
      { weight: 2, arbitrary: hostileString() },
    );
  });
  return fc.tuple(...parts).map((values) => {
    const params: Record<string, string> = {};
    values.forEach((value, i) => setOwn(params, names[i] ?? "", value));
    return params;
  });
}
