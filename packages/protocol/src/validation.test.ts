// Every client string goes through text(), which refuses NUL bytes and lone
// surrogates in German; findUncleanInput walks whole payloads (keys too) without recursion.
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  MAX_INPUT_DEPTH,
  botCreateSchema,
  botLogReportSchema,
  deviceRequestSchema,
  findUncleanInput,
  isCleanText,
  loginSchema,
  notificationCreateSchema,
  runnerHelloSchema,
  searchRequestSchema,
  text,
  userCreateSchema,
  validationMessages,
} from "./index.js";

const world = { server: "die-staemme.de", world: "de230" };

/** A valid input per schema and a function that puts a bad string into one of its text fields. */
const schemas: [string, z.ZodType, (bad: string) => unknown][] = [
  ["login username", loginSchema, (bad) => ({ username: `ad${bad}min`, password: "passwort-123" })],
  ["login password", loginSchema, (bad) => ({ username: "admin", password: `pass${bad}wort-123` })],
  ["new user", userCreateSchema, (bad) => ({ username: `neu${bad}er`, password: "passwort-123", role: "user", world })],
  ["search", searchRequestSchema, (bad) => ({ searchVal: `Dorf${bad}` })],
  ["bot name", botCreateSchema, (bad) => ({ dsPlayer: { name: `Spieler${bad}` }, world })],
  ["notification", notificationCreateSchema, (bad) => ({ title: "Titel", message: `Text${bad}` })],
  ["device-code name", deviceRequestSchema, (bad) => ({ name: `PC${bad}` })],
  ["runner hello", runnerHelloSchema, (bad) => ({ name: `PC${bad}`, version: "1.0.0", bots: [] })],
  ["bot log", botLogReportSchema, (bad) => ({ level: "info", message: `Dorf${bad}` })],
];

describe("text()", () => {
  it.each(schemas)("%s: accepts the clean input", (_name, schema, input) => {
    expect(schema.safeParse(input("")).success).toBe(true);
    // A surrogate pair is a proper character (U+20000, a letter outside the BMP).
    expect(schema.safeParse(input("𠀀")).success).toBe(true);
  });

  it.each(schemas)("%s: refuses a NUL byte and lone surrogates in German", (_name, schema, input) => {
    for (const bad of ["\u0000", "\uD800", "\uDBFF", "\uDC00", "\uDFFF", "\uDC00\uD800"]) {
      const result = schema.safeParse(input(bad));
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toContain(validationMessages.invalidChars);
    }
  });

  it("is a string schema that keeps its other rules", () => {
    expect(text().safeParse(42).success).toBe(false);
    expect(text().max(3).safeParse("abcd").success).toBe(false);
    expect(text().parse("Dorf 😀")).toBe("Dorf 😀");
  });

  it("isCleanText tells NUL and lone surrogates from everything else", () => {
    expect(isCleanText("")).toBe(true);
    expect(isCleanText("Straße 😀 \u0001 \uFFFD")).toBe(true);
    expect(isCleanText("a\u0000")).toBe(false);
    expect(isCleanText("😀".slice(0, 1))).toBe(false);
    expect(isCleanText("😀".slice(1))).toBe(false);
    expect(isCleanText("😀".slice(1) + "😀".slice(0, 1))).toBe(false);
  });
});

describe("findUncleanInput", () => {
  it("answers null for clean input of any type", () => {
    for (const value of [undefined, null, 0, true, "Dorf", [], {}, { a: [1, "b", { c: null }] }]) {
      expect(findUncleanInput(value)).toBeNull();
    }
  });

  it("names the path of an unclean value, and '?' for an unclean key", () => {
    expect(findUncleanInput("a\u0000")).toEqual({ path: "", reason: "chars" });
    expect(findUncleanInput({ a: { b: ["ok", "x\uD800"] } })).toEqual({ path: "a.b.1", reason: "chars" });
    expect(findUncleanInput({ config: { ["k\u0000"]: 1 } })).toEqual({ path: "config.?", reason: "chars" });
    expect(findUncleanInput({ ["\uDC00"]: "fine" })).toEqual({ path: "?", reason: "chars" });
  });

  it("refuses nesting deeper than the limit, at the limit it is fine", () => {
    const nest = (levels: number) => {
      let value: unknown = "x";
      for (let i = 0; i < levels; i++) value = [value];
      return value;
    };
    expect(MAX_INPUT_DEPTH).toBe(32);
    expect(findUncleanInput(nest(MAX_INPUT_DEPTH))).toBeNull();
    expect(findUncleanInput(nest(MAX_INPUT_DEPTH + 1))).toMatchObject({ reason: "depth" });
    expect(findUncleanInput(nest(3), 2)).toMatchObject({ reason: "depth" });
  });

  it("walks 10,000 levels without throwing (no recursion)", () => {
    let value: unknown = "x\u0000";
    for (let i = 0; i < 10_000; i++) value = { a: value };
    expect(() => findUncleanInput(value)).not.toThrow();
    expect(findUncleanInput(value)).toMatchObject({ reason: "depth" });
    // Even without a depth limit the walk is iterative and finds the NUL at the bottom.
    const found = findUncleanInput(value, Number.POSITIVE_INFINITY);
    expect(found?.reason).toBe("chars");
    expect(found?.path.split(".")).toHaveLength(10_000);
  });
});
