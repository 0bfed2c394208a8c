// Walks a module's zod 4 schema into a small field tree the generic module form renders:
// objects → fieldsets, booleans → switches, numbers (with min/max) → number inputs, enums → selects,
// strings → text inputs, number arrays → number lists, enum arrays → ordered multi-selects,
// records over an enum key → one number per key, arrays of objects → editable rows.
import type { z } from "zod";

export type FieldNode =
  | { kind: "boolean"; key: string }
  | { kind: "number"; key: string; min?: number; max?: number; integer: boolean; nullable: boolean }
  | { kind: "string"; key: string; nullable: boolean }
  | { kind: "enum"; key: string; options: string[] }
  | { kind: "numberList"; key: string }
  | { kind: "enumList"; key: string; options: string[] }
  | { kind: "record"; key: string; keys: string[]; value: FieldNode }
  | { kind: "object"; key: string; children: FieldNode[] }
  | { kind: "objectList"; key: string; item: Extract<FieldNode, { kind: "object" }> }
  | { kind: "unknown"; key: string };

/** The bits of zod's internal definition this walker reads (zod 4 keeps them on `_zod.def`). */
interface Def {
  type: string;
  innerType?: ZodLike;
  in?: ZodLike;
  out?: ZodLike;
  shape?: Record<string, ZodLike>;
  element?: ZodLike;
  entries?: Record<string, string | number>;
  keyType?: ZodLike;
  valueType?: ZodLike;
}

interface ZodLike {
  _zod: { def: Def };
  minValue?: number | null;
  maxValue?: number | null;
  isInt?: boolean;
}

const wrappers = new Set(["default", "prefault", "optional", "nullable", "readonly", "catch", "nonoptional"]);

/** Strips defaults, optionals and nullables; reports whether null is allowed. */
function unwrap(schema: ZodLike): { inner: ZodLike; nullable: boolean } {
  let current = schema;
  let nullable = false;
  for (let i = 0; i < 20; i++) {
    const def = current._zod.def;
    if (def.type === "nullable") nullable = true;
    if (wrappers.has(def.type) && def.innerType) current = def.innerType;
    // A preprocess (a transform piped into the schema) takes any input: the field is what it pipes into.
    else if (def.type === "pipe" && def.in?._zod.def.type === "transform" && def.out) current = def.out;
    else if (def.type === "pipe" && def.in) current = def.in;
    else break;
  }
  return { inner: current, nullable };
}

function finite(value: number | null | undefined): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && Math.abs(value) < Number.MAX_SAFE_INTEGER ? value : undefined;
}

function enumOptions(def: Def): string[] {
  return Object.values(def.entries ?? {}).map(String);
}

export function describeField(key: string, schema: ZodLike): FieldNode {
  const { inner, nullable } = unwrap(schema);
  const def = inner._zod.def;
  switch (def.type) {
    case "boolean":
      return { kind: "boolean", key };
    case "number":
    case "int":
      return { kind: "number", key, min: finite(inner.minValue), max: finite(inner.maxValue), integer: inner.isInt ?? false, nullable };
    case "string":
      return { kind: "string", key, nullable };
    case "enum":
      return { kind: "enum", key, options: enumOptions(def) };
    case "object":
      return {
        kind: "object",
        key,
        children: Object.entries(def.shape ?? {}).map(([childKey, child]) => describeField(childKey, child)),
      };
    case "array": {
      const element = def.element ? describeField("", def.element) : undefined;
      if (element?.kind === "number") return { kind: "numberList", key };
      if (element?.kind === "enum") return { kind: "enumList", key, options: element.options };
      if (element?.kind === "object") return { kind: "objectList", key, item: element };
      return { kind: "unknown", key };
    }
    case "record": {
      const keyNode = def.keyType ? unwrap(def.keyType).inner._zod.def : undefined;
      if (keyNode?.type === "enum" && def.valueType) {
        return { kind: "record", key, keys: enumOptions(keyNode), value: describeField("", def.valueType) };
      }
      return { kind: "unknown", key };
    }
    default:
      return { kind: "unknown", key };
  }
}

/** The field tree of a module schema (its top-level object). */
export function describeModuleSchema(schema: z.ZodType): Extract<FieldNode, { kind: "object" }> {
  const node = describeField("", schema as unknown as ZodLike);
  return node.kind === "object" ? node : { kind: "object", key: "", children: [] };
}

/** An empty value for a new row of an object list: schema defaults where they exist. */
export function emptyValue(node: FieldNode): unknown {
  switch (node.kind) {
    case "boolean":
      return false;
    case "number":
      return node.nullable ? null : Number.NaN;
    case "string":
      return "";
    case "enum":
      return node.options[0] ?? "";
    case "numberList":
    case "enumList":
    case "objectList":
      return [];
    case "record":
      return {};
    case "object":
      return Object.fromEntries(node.children.map((child) => [child.key, emptyValue(child)]));
    default:
      return null;
  }
}
