// The brute-force limit on password checks: at most 5 guesses per username + IP
// in 5 minutes are ever verified — also when they arrive all at once, also spread over several server
// instances on one database — and the current password on the profile counts as such a guess.
// A 401 (login) or 400 (profile) means the password was verified; a 429 means it was not.
import { errorMessages } from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../app.js";
import { bearer, createUser, login, loginAs, uniqueUsername } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { createSecondInstance, createTestApp } from "../../../test/test-app.js";

let app: TestApp;
let second: App;
beforeAll(async () => {
  app = await createTestApp();
  second = await createSecondInstance(app);
});
afterAll(async () => {
  await second?.close();
  await app?.dispose();
});

const tooMany = { error: { code: "too_many_requests", message: errorMessages.tooManyAttempts } };
const invalid = { error: { code: "unauthorized", message: errorMessages.invalidCredentials } };

/** How many answers had each status code, e.g. `{ 401: 5, 429: 35 }`. */
function tally(responses: Awaited<ReturnType<typeof login>>[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
}

describe("concurrent wrong logins", () => {
  it("40 at once for one user: exactly 5 are verified (401), 35 and the right password right after answer 429", async () => {
    const user = await createUser(app);
    const ip = "10.91.0.1";
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(app, { username: user.username, password: `falsch-${i}-falsch` }, ip)),
    );
    expect(tally(guesses)).toEqual({ 401: 5, 429: 35 });
    for (const r of guesses) expect(r.json()).toEqual(r.statusCode === 401 ? invalid : tooMany);

    const right = await login(app, user, ip);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(tooMany);
    // The limit is per username + IP: the same user from elsewhere is let in.
    expect((await login(app, user, "10.91.0.2")).statusCode).toBe(200);
  });

  it("split over two server instances on one database: still only 5 are verified", async () => {
    const user = await createUser(app);
    const ip = "10.91.1.1";
    const instances = [app, second];
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login(instances[i % 2] as App, { username: user.username, password: `falsch-${i}-falsch` }, ip),
      ),
    );
    expect(tally(guesses)).toEqual({ 401: 5, 429: 15 });
    for (const instance of instances) {
      const right = await login(instance, user, ip);
      expect(right.statusCode).toBe(429);
      expect(right.json()).toEqual(tooMany);
    }
  });
});

describe("the current password on POST /api/profile/password", () => {
  const change = (token: string, currentPassword: string, remoteAddress: string) =>
    app.fastify.inject({
      method: "POST",
      url: "/api/profile/password",
      headers: bearer(token),
      payload: { currentPassword, newPassword: "ganz-neues-passwort" },
      remoteAddress,
    });

  it("answers 400 to 5 wrong guesses and 429 to the 6th, even when it is right; the password stays", async () => {
    const user = await createUser(app);
    const ip = "10.91.2.1";
    const token = await loginAs(app, user, ip);
    for (let i = 0; i < 5; i++) {
      const wrong = await change(token, `falsch-${i}-falsch`, ip);
      expect(wrong.statusCode, `guess ${i + 1}`).toBe(400);
      expect(wrong.json().error.message).toBe(errorMessages.wrongCurrentPassword);
    }
    const sixth = await change(token, user.password, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual(tooMany);
    // Nothing was changed: the old password still logs in (from another address).
    expect((await login(app, user, "10.91.2.2")).statusCode).toBe(200);
  });

  it("shares the login's limit: profile guesses block logins from that IP", async () => {
    const user = await createUser(app, { username: uniqueUsername("Gemeinsam") });
    const ip = "10.91.3.1";
    const token = await loginAs(app, user, ip);
    for (let i = 0; i < 3; i++) expect((await change(token, `falsch-${i}-falsch`, ip)).statusCode).toBe(400);
    // The login spells the name differently: the limit's key is the normalised username.
    const other = { username: user.username.toUpperCase(), password: "falsch-falsch" };
    for (let i = 0; i < 2; i++) expect((await login(app, other, ip)).statusCode).toBe(401);
    const right = await login(app, user, ip);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(tooMany);
  });

  it("shares the login's limit: failed logins block the profile's password change from that IP", async () => {
    const user = await createUser(app);
    const ip = "10.91.4.1";
    const token = await loginAs(app, user, ip);
    for (let i = 0; i < 5; i++) {
      expect((await login(app, { username: user.username, password: `falsch-${i}-falsch` }, ip)).statusCode).toBe(401);
    }
    const blocked = await change(token, user.password, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(tooMany);
    // From another address the same session may change the password.
    expect((await change(token, user.password, "10.91.4.2")).statusCode).toBe(204);
  });
});
