// The fuzz arbitraries (test/fuzz/arbitraries.ts): schema-valid enough to get past validation, hostile enough to matter.
import * as protocol from "@dsbot/protocol";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  arbitraryFromSchema,
  fuzzBody,
  fuzzParams,
  fuzzQuery,
  fuzzSocketPayload,
  hostileJsonValue,
  hostileString,
} from "../test/fuzz/arbitraries.js";

const seed = 20240601;
const isSchema = (value: unknown): value is z.ZodType => typeof value === "object" && value !== null && "_zod" in value;
const isJson = (text: string | undefined) => {
  try {
    JSON.parse(text ?? "");
    return true;
  } catch {
    return false;
  }
};
const validRatio = (schema: z.ZodType, runs = 300) => {
  const values = fc.sample(arbitraryFromSchema(schema), { numRuns: runs, seed });
  return values.filter((value) => schema.safeParse(value).success).length / values.length;
};

describe("arbitraryFromSchema", () => {
  const real = {
    loginSchema: protocol.loginSchema,
    userCreateSchema: protocol.userCreateSchema,
    userUpdateSchema: protocol.userUpdateSchema,
    userListQuerySchema: protocol.userListQuerySchema,
    botListQuerySchema: protocol.botListQuerySchema,
    botCreateSchema: protocol.botCreateSchema,
    botIdParamsSchema: protocol.botIdParamsSchema,
    notificationCreateSchema: protocol.notificationCreateSchema,
    moduleSaveSchema: protocol.moduleSaveSchema,
    runnerHelloSchema: protocol.runnerHelloSchema,
    timerModuleSchema: protocol.timerModuleSchema,
    statusFilterSchema: protocol.statusFilterSchema,
  };

  it.each(Object.entries(real))("mostly satisfies %s", (_name, schema) => {
    expect(validRatio(schema)).toBeGreaterThanOrEqual(0.7);
  });

  it("copes with constructs the protocol does not use", () => {
    type Tree = { name: string; children: Tree[] };
    const tree: z.ZodType<Tree> = z.lazy(() => z.object({ name: z.string(), children: z.array(tree).max(2) }));
    const exotic = [
      z.email(),
      z.uuid(),
      z.iso.datetime(),
      z.string().length(6),
      z.number().gt(0).lt(1),
      z.int().multipleOf(5).min(10).max(50),
      z.templateLiteral(["id-", z.number().int()]),
      z.discriminatedUnion("kind", [z.object({ kind: z.literal("a"), a: z.boolean() }), z.object({ kind: z.literal("b") })]),
      z.intersection(z.object({ a: z.string() }), z.object({ b: z.number() })),
      z.tuple([z.string(), z.number()], z.boolean()),
      z.record(z.enum(["x", "y"]), z.number()),
      z.strictObject({ a: z.string().optional(), b: z.null().nullable() }),
      z.string().transform((s) => s.length).pipe(z.number().max(5)),
      z.bigint().positive(),
      z.nan(),
      tree,
    ];
    for (const schema of exotic) expect(validRatio(schema, 100), String(schema._zod.def.type)).toBeGreaterThanOrEqual(0.7);
    const odd = [z.never(), z.custom<string>((v) => v === "magic"), z.map(z.string(), z.number()), z.symbol(), z.promise(z.string())];
    for (const schema of odd) expect(() => fc.sample(arbitraryFromSchema(schema), 20)).not.toThrow();
  });
});

describe("fuzz generators", () => {
  it("produce bodies with NUL escapes, malformed JSON and valid JSON", () => {
    const bodies = fc.sample(fuzzBody(protocol.loginSchema), { numRuns: 500, seed });
    expect(bodies.some((body) => body?.includes("\\u0000"))).toBe(true);
    expect(bodies.some((body) => !isJson(body))).toBe(true);
    expect(bodies.some((body) => body === undefined)).toBe(true);
    const parsed = bodies.filter(isJson).map((body) => JSON.parse(body ?? "") as unknown);
    expect(parsed.filter((value) => protocol.loginSchema.safeParse(value).success).length).toBeGreaterThan(bodies.length / 2);
    expect(fc.sample(fuzzBody(), { numRuns: 200, seed }).some((body) => !isJson(body))).toBe(true);
  });

  it("produce hostile strings and values", () => {
    const strings = fc.sample(hostileString(), { numRuns: 500, seed });
    expect(strings.some((s) => s.includes("\u0000"))).toBe(true);
    expect(strings.some((s) => /[\uD800-\uDFFF]/.test(s))).toBe(true);
    expect(strings).toContain("__proto__");
    const values = fc.sample(hostileJsonValue(), { numRuns: 500, seed });
    expect(values.some((v) => v === null || typeof v === "boolean" || typeof v === "number")).toBe(true);
    expect(values.some((v) => typeof v === "object" && v !== null && !Array.isArray(v))).toBe(true);
  });

  it("produce query objects and path params of strings", () => {
    for (const query of fc.sample(fuzzQuery(protocol.botListQuerySchema), { numRuns: 200, seed })) {
      for (const value of Object.values(query)) {
        for (const item of [value].flat()) expect(typeof item).toBe("string");
      }
    }
    const params = fc.sample(fuzzParams(["id", "userId"], protocol.botPermissionParamsSchema), { numRuns: 200, seed });
    expect(params.every((p) => typeof p.id === "string" && typeof p.userId === "string")).toBe(true);
    expect(params.filter((p) => protocol.botPermissionParamsSchema.safeParse(p).success).length).toBeGreaterThan(50);
  });

  it("never throw for any schema @dsbot/protocol exports", () => {
    const schemas = Object.entries(protocol).filter(([name, value]) => name.endsWith("Schema") && isSchema(value));
    expect(schemas.length).toBeGreaterThan(50);
    for (const [name, value] of schemas) {
      const schema = value as z.ZodType;
      const names = Object.keys(schema instanceof z.ZodObject ? schema.shape : { id: 1 });
      expect(() => {
        fc.sample(arbitraryFromSchema(schema), 20);
        fc.sample(fuzzBody(schema), 20);
        fc.sample(fuzzQuery(schema), 20);
        fc.sample(fuzzSocketPayload(schema), 20);
        fc.sample(fuzzParams(names, schema), 20);
      }, name).not.toThrow();
    }
    expect(() => fc.sample(fuzzSocketPayload(), 50)).not.toThrow();
    expect(() => fc.sample(fuzzQuery(), 50)).not.toThrow();
  });
});
