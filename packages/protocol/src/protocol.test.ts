import { describe, expect, it } from "vitest";
import {
  ATTACK_IMPORT_TEXT_MAX,
  attackImportSchema,
  botStatuses,
  deviceTokenRequestSchema,
  botStatusFilterOrder,
  loginSchema,
  parseSort,
  plannerAttackerSourceSchema,
  userCreateSchema,
  userListQuerySchema,
  userUpdateSchema,
  worldLabel,
  worldSchema,
} from "./index.js";

describe("user list query", () => {
  it("applies the table defaults", () => {
    expect(userListQuerySchema.parse({})).toEqual({ activePage: 1, perPage: 10, searchVal: "", sortBy: "username" });
  });
  it("coerces query-string numbers and accepts descending sort", () => {
    const q = userListQuerySchema.parse({ activePage: "3", perPage: "5", sortBy: "-createdAt" });
    expect(q).toMatchObject({ activePage: 3, perPage: 5, sortBy: "-createdAt" });
    expect(parseSort(q.sortBy)).toEqual({ field: "createdAt", direction: "desc" });
  });
  it("rejects unknown sort fields and oversized pages", () => {
    expect(userListQuerySchema.safeParse({ sortBy: "password" }).success).toBe(false);
    expect(userListQuerySchema.safeParse({ perPage: "1000" }).success).toBe(false);
  });
});

describe("validation messages", () => {
  it("answers 'Eingabe erforderlich' for empty login fields", () => {
    const result = loginSchema.safeParse({ username: "  ", password: "" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(["Eingabe erforderlich", "Eingabe erforderlich"]);
  });
  it("names the limit of a field that is too long, not 'Eingabe erforderlich'", () => {
    const messages = (result: { error?: { issues: { message: string }[] } | undefined }) => result.error?.issues.map((i) => i.message);
    expect(messages(loginSchema.safeParse({ username: "u".repeat(101), password: "p".repeat(201) }))).toEqual(["Höchstens 100 Zeichen", "Höchstens 200 Zeichen"]);
    expect(messages(deviceTokenRequestSchema.safeParse({ deviceCode: "d".repeat(201) }))).toEqual(["Höchstens 200 Zeichen"]);
    const tooLong = "x".repeat(ATTACK_IMPORT_TEXT_MAX + 1);
    expect(messages(attackImportSchema.safeParse({ format: "json", text: tooLong }))).toEqual(["Höchstens 20000000 Zeichen"]);
    expect(messages(plannerAttackerSourceSchema.safeParse({ kind: "coords", text: tooLong }))).toEqual(["Höchstens 20000000 Zeichen"]);
  });
  it("explains short passwords and bad usernames in German", () => {
    const result = userCreateSchema.safeParse({
      username: "a b",
      password: "kurz",
      role: "user",
      world: { server: "die-staemme.de", world: "de230" },
    });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      "Erlaubt sind Buchstaben, Ziffern sowie . _ -",
      "Mindestens 8 Zeichen",
    ]);
  });
  it("requires at least one field on a user update", () => {
    expect(userUpdateSchema.safeParse({}).success).toBe(false);
    expect(userUpdateSchema.safeParse({ role: "admin" }).success).toBe(true);
  });
});

describe("world", () => {
  it("normalises case and labels the world", () => {
    const world = worldSchema.parse({ server: "Die-Staemme.DE", world: "DE230" });
    expect(world).toEqual({ server: "die-staemme.de", world: "de230" });
    expect(worldLabel(world)).toBe("DE230");
  });
  it("rejects hosts without a dot and worlds with symbols", () => {
    expect(worldSchema.safeParse({ server: "localhost", world: "de1" }).success).toBe(false);
    expect(worldSchema.safeParse({ server: "die-staemme.de", world: "de-1" }).success).toBe(false);
  });
});

describe("bot status filter", () => {
  it("offers every status once, in the spec's order (online, paused, offline, starting, stopping)", () => {
    expect(botStatusFilterOrder).toEqual(["online", "paused", "offline", "starting", "stopping"]);
    expect([...botStatusFilterOrder].sort()).toEqual([...botStatuses].sort());
  });
});
