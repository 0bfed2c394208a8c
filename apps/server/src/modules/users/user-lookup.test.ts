// GET /api/users/lookup?username= finds exactly one user by name (any signed-in
// user may ask), never by prefix or pattern, and each caller may ask only 30 times a minute.
import { errorMessages, userLookupResponseSchema } from "@dsbot/protocol";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { createTestApp } from "../../../test/test-app.js";
import { USER_LOOKUP_LIMIT } from "./user-lookup.routes.js";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.dispose());

const lookup = (token: string | undefined, username: string) =>
  app.fastify.inject({
    method: "GET",
    url: `/api/users/lookup?username=${encodeURIComponent(username)}`,
    headers: token ? bearer(token) : {},
  });

/** A signed-in plain user who has not looked anything up yet (the limit is per caller). */
const freshCaller = async () => loginAs(app, await createUser(app));

const notFound = { error: { code: "not_found", message: errorMessages.userNotFound } };

describe("GET /api/users/lookup", () => {
  it("answers an exact name in any case with only id and username", async () => {
    const name = `Kathrin_${randomBytes(3).toString("hex")}`;
    const target = await createUser(app, { username: name });
    const token = await freshCaller();
    for (const spelling of [name, name.toLowerCase(), name.toUpperCase()]) {
      const response = await lookup(token, spelling);
      expect(response.statusCode, spelling).toBe(200);
      expect(response.json()).toEqual({ user: { id: target.id, username: name } });
      expect(userLookupResponseSchema.parse(response.json())).toEqual(response.json());
    }
  });

  it("never matches a prefix, a part of a name or a pattern", async () => {
    const name = `ab_cd_${randomBytes(3).toString("hex")}`;
    await createUser(app, { username: name });
    const token = await freshCaller();
    const wrong = [
      name.slice(0, -1), // prefix
      name.slice(1), // suffix
      name.slice(2, -2), // middle part
      `${name}x`, // longer
      name.replace("ab_cd", "abXcd"), // "_" is no wildcard
    ];
    for (const spelling of wrong) {
      const response = await lookup(token, spelling);
      expect(response.statusCode, spelling).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
  });

  it("answers 401 without a token and 400 without a valid name", async () => {
    const response = await lookup(undefined, "admin");
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: "unauthorized", message: errorMessages.unauthorized } });
    const token = await freshCaller();
    expect((await lookup(token, "a%")).statusCode).toBe(400);
    expect((await app.fastify.inject({ method: "GET", url: "/api/users/lookup", headers: bearer(token) })).statusCode).toBe(400);
  });

  it("answers a caller 30 lookups a minute, hits and misses alike; the 31st is 429; others are unaffected", async () => {
    expect(USER_LOOKUP_LIMIT).toMatchObject({ max: 30, windowMs: 60_000 });
    const target = await createUser(app);
    const token = await freshCaller();
    for (let i = 0; i < 30; i++) {
      const response = await lookup(token, i % 2 === 0 ? target.username : `niemand_${i}`);
      expect(response.statusCode, `lookup ${i + 1}`).toBe(i % 2 === 0 ? 200 : 404);
    }
    const refused = await lookup(token, target.username);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: "too_many_requests", message: errorMessages.tooManyRequests } });
    expect((await lookup(token, "admin")).statusCode).toBe(429);
    // Another caller is not affected.
    expect((await lookup(await freshCaller(), target.username)).statusCode).toBe(200);
  });

  it("counts per user, not per session", async () => {
    const user = await createUser(app);
    const [first, second] = [await loginAs(app, user), await loginAs(app, user)];
    for (let i = 0; i < 30; i++) expect((await lookup(i % 2 === 0 ? first : second, "admin")).statusCode).toBe(200);
    expect((await lookup(second, "admin")).statusCode).toBe(429);
    expect((await lookup(first, "admin")).statusCode).toBe(429);
  });
});
