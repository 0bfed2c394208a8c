import { errorMessages, meResponseSchema, sessionListResponseSchema } from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { createTestApp } from "../../../test/test-app.js";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.dispose());

const me = (token: string) => app.fastify.inject({ method: "GET", url: "/api/auth/me", headers: bearer(token) });

describe("PATCH /api/profile", () => {
  it("changes the own world (normalised to lower case)", async () => {
    const token = await loginAs(app, await createUser(app));
    const response = await app.fastify.inject({
      method: "PATCH",
      url: "/api/profile",
      headers: bearer(token),
      payload: { world: { server: "Die-Staemme.de", world: "DE240" } },
    });
    expect(response.statusCode).toBe(200);
    expect(meResponseSchema.parse(response.json()).user.world).toEqual({ server: "die-staemme.de", world: "de240" });
    expect(meResponseSchema.parse((await me(token)).json()).user.world.world).toBe("de240");
  });

  it("rejects an invalid world with a German message", async () => {
    const token = await loginAs(app, await createUser(app));
    const response = await app.fastify.inject({
      method: "PATCH",
      url: "/api/profile",
      headers: bearer(token),
      payload: { world: { server: "die-staemme.de", world: "" } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: "bad_request", message: "Eingabe erforderlich" });
  });
});

describe("POST /api/profile/password", () => {
  const change = (token: string, currentPassword: string, newPassword: string) =>
    app.fastify.inject({
      method: "POST",
      url: "/api/profile/password",
      headers: bearer(token),
      payload: { currentPassword, newPassword },
    });

  it("refuses a wrong current password", async () => {
    const user = await createUser(app);
    const response = await change(await loginAs(app, user), "falsch-falsch", "neues-passwort");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: "bad_request",
        message: errorMessages.wrongCurrentPassword,
        issues: [{ path: "currentPassword", message: errorMessages.wrongCurrentPassword }],
      },
    });
    expect((await loginAs(app, user)).length).toBeGreaterThan(0);
  });

  it("changes the password and revokes the other sessions only", async () => {
    const user = await createUser(app);
    const current = await loginAs(app, user);
    const other = await loginAs(app, user);
    expect((await change(current, user.password, "neues-passwort")).statusCode).toBe(204);
    expect((await me(current)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await loginAs(app, { username: user.username, password: "neues-passwort" })).length).toBeGreaterThan(0);
    const old = await app.fastify.inject({ method: "POST", url: "/api/auth/login", payload: user });
    expect(old.statusCode).toBe(401);
  });
});

describe("own sessions", () => {
  it("lists the active sessions and marks the current one", async () => {
    const user = await createUser(app);
    const token = await loginAs(app, user);
    await loginAs(app, user);
    const response = await app.fastify.inject({ method: "GET", url: "/api/profile/sessions", headers: bearer(token) });
    const { sessions } = sessionListResponseSchema.parse(response.json());
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions[0]?.ip).toBe("127.0.0.1");
  });

  it("revokes an own session but answers 404 for someone else's", async () => {
    const user = await createUser(app);
    const token = await loginAs(app, user);
    const other = await loginAs(app, user);
    const list = await app.fastify.inject({ method: "GET", url: "/api/profile/sessions", headers: bearer(token) });
    const otherSession = sessionListResponseSchema.parse(list.json()).sessions.find((s) => !s.current);
    if (!otherSession) throw new Error("expected a second session");

    const stranger = await loginAs(app, await createUser(app));
    const foreign = await app.fastify.inject({
      method: "DELETE",
      url: `/api/profile/sessions/${otherSession.id}`,
      headers: bearer(stranger),
    });
    expect(foreign.statusCode).toBe(404);
    expect((await me(other)).statusCode).toBe(200);

    const own = await app.fastify.inject({ method: "DELETE", url: `/api/profile/sessions/${otherSession.id}`, headers: bearer(token) });
    expect(own.statusCode).toBe(204);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(200);
  });
});
