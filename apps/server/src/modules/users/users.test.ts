import type { User } from "@dsbot/protocol";
import {
  errorMessages,
  userDetailResponseSchema,
  userListResponseSchema,
  userSchema,
  validationMessages,
  worldMessages,
  worldsResponseSchema,
} from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, knownWorld, loginAdmin, loginAs, uniqueUsername } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { createTestApp } from "../../../test/test-app.js";

let app: TestApp;
let adminToken: string;
beforeAll(async () => {
  app = await createTestApp();
  adminToken = await loginAdmin(app);
  await knownWorld(app, { server: "die-staemme.de", world: "de231" });
});
afterAll(() => app?.dispose());

type Method = "GET" | "POST" | "PATCH" | "DELETE";
const call = (method: Method, url: string, token: string, payload?: object) =>
  app.fastify.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const newUser = (overrides: Partial<{ username: string; role: string }> = {}) => ({
  username: uniqueUsername(),
  password: "geheim-123",
  role: "user",
  world: { server: "die-staemme.de", world: "de231" },
  ...overrides,
});

describe("permissions", () => {
  it("answers 403 to a non-admin on every users route", async () => {
    const token = await loginAs(app, await createUser(app));
    const target = await createUser(app);
    const routes: [Method, string, object?][] = [
      ["GET", "/api/users"],
      ["POST", "/api/users", newUser()],
      ["GET", `/api/users/${target.id}`],
      ["PATCH", `/api/users/${target.id}`, { role: "admin" }],
      ["DELETE", `/api/users/${target.id}`],
      ["DELETE", `/api/users/${target.id}/sessions`],
      ["GET", "/api/users/999999"],
    ];
    for (const [method, url, payload] of routes) {
      const response = await call(method, url, token, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({ error: { code: "forbidden", message: errorMessages.forbidden } });
    }
  });

  it("answers 401 without a token", async () => {
    expect((await app.fastify.inject({ method: "GET", url: "/api/users" })).statusCode).toBe(401);
  });
});

describe("GET /api/users", () => {
  it("searches case-insensitively, sorts and pages", async () => {
    const prefix = uniqueUsername("srt");
    for (const [suffix, role] of [["c", "user"], ["A", "admin"], ["b", "user"]] as const) {
      await createUser(app, { username: `${prefix}${suffix}`, role });
    }
    const list = async (query: string) => {
      const response = await call("GET", `/api/users?searchVal=${prefix.toUpperCase()}&${query}`, adminToken);
      expect(response.statusCode).toBe(200);
      return userListResponseSchema.parse(response.json());
    };
    const names = (users: User[]) => users.map((u) => u.username.slice(prefix.length));
    expect(names((await list("sortBy=username")).users)).toEqual(["A", "b", "c"]);
    expect(names((await list("sortBy=-username")).users)).toEqual(["c", "b", "A"]);
    expect(names((await list("sortBy=role")).users)).toEqual(["A", "b", "c"]);
    expect(names((await list("sortBy=-createdAt")).users)).toEqual(["b", "A", "c"]);
    const page2 = await list("sortBy=username&perPage=2&activePage=2");
    expect(page2.totals).toBe(3);
    expect(names(page2.users)).toEqual(["c"]);
  });

  it("treats % and _ in the search as plain characters", async () => {
    const response = await call("GET", "/api/users?searchVal=%25", adminToken);
    expect(userListResponseSchema.parse(response.json()).totals).toBe(0);
  });

  it("rejects an unknown sort field", async () => {
    const response = await call("GET", "/api/users?sortBy=password", adminToken);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("bad_request");
  });
});

describe("POST /api/users", () => {
  it("creates a user", async () => {
    const input = newUser({ role: "admin" });
    const response = await call("POST", "/api/users", adminToken, input);
    expect(response.statusCode).toBe(201);
    const user = userSchema.parse(response.json().user);
    expect(user).toMatchObject({ username: input.username, role: "admin", isAdmin: true, world: input.world });
    expect((await loginAs(app, input)).length).toBeGreaterThan(20);
  });

  it("refuses a username that differs only in case with 409", async () => {
    const existing = await createUser(app);
    const response = await call("POST", "/api/users", adminToken, newUser({ username: existing.username.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: { code: "conflict", message: errorMessages.usernameTaken } });
  });

  it("refuses a world the server does not know with 400 in German, and adds neither the user nor the world", async () => {
    const input = { ...newUser(), world: { server: "die-staemme.de", world: "de9876" } };
    const response = await call("POST", "/api/users", adminToken, input);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: "bad_request", message: worldMessages.worldUnknown, issues: [{ path: "world", message: worldMessages.worldUnknown }] },
    });
    expect(userListResponseSchema.parse((await call("GET", `/api/users?searchVal=${input.username}`, adminToken)).json()).totals).toBe(0);
    const worlds = worldsResponseSchema.parse((await call("GET", "/api/worlds", adminToken)).json()).worlds;
    expect(worlds.map((w) => w.world)).not.toContain("de9876");
  });

  it("answers 400 with German messages", async () => {
    const response = await call("POST", "/api/users", adminToken, { ...newUser(), username: "ab", password: "kurz" });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.message).toBe(validationMessages.tooShort(3));
    expect(error.issues).toContainEqual({ path: "password", message: validationMessages.tooShort(8) });
  });
});

describe("GET /api/users/:id", () => {
  it("shows the user with active sessions and marks the caller's own", async () => {
    const admin = await createUser(app, { role: "admin" });
    const token = await loginAs(app, admin);
    await loginAs(app, admin);
    const response = await call("GET", `/api/users/${admin.id}`, token);
    const body = userDetailResponseSchema.parse(response.json());
    expect(body.user.id).toBe(admin.id);
    expect(body.sessions).toHaveLength(2);
    expect(body.sessions.filter((s) => s.current)).toHaveLength(1);
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    for (const id of ["999999", "99999999999"]) {
      const response = await call("GET", `/api/users/${id}`, adminToken);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: "not_found", message: errorMessages.userNotFound } });
    }
    expect((await call("GET", "/api/users/abc", adminToken)).statusCode).toBe(400);
  });
});

describe("PATCH /api/users/:id", () => {
  it("changes role and world", async () => {
    const user = await createUser(app);
    const response = await call("PATCH", `/api/users/${user.id}`, adminToken, {
      role: "admin",
      world: { server: "Staemme.CH", world: "CH80" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ role: "admin", isAdmin: true, world: { server: "staemme.ch", world: "ch80" } });
  });

  it("rejects an empty change", async () => {
    const user = await createUser(app);
    const response = await call("PATCH", `/api/users/${user.id}`, adminToken, {});
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(validationMessages.required);
  });

  it("resets the password and revokes the user's sessions", async () => {
    const user = await createUser(app);
    const token = await loginAs(app, user);
    const response = await call("PATCH", `/api/users/${user.id}`, adminToken, { password: "neues-passwort" });
    expect(response.statusCode).toBe(200);
    expect((await call("GET", "/api/auth/me", token)).statusCode).toBe(401);
    expect((await loginAs(app, { username: user.username, password: "neues-passwort" })).length).toBeGreaterThan(0);
  });
});

describe("DELETE /api/users/:id", () => {
  it("deletes a user together with their sessions", async () => {
    const user = await createUser(app);
    const token = await loginAs(app, user);
    expect((await call("DELETE", `/api/users/${user.id}`, adminToken)).statusCode).toBe(204);
    expect((await call("GET", `/api/users/${user.id}`, adminToken)).statusCode).toBe(404);
    expect((await call("GET", "/api/auth/me", token)).statusCode).toBe(401);
    expect((await call("DELETE", `/api/users/${user.id}`, adminToken)).statusCode).toBe(404);
  });

  it("refuses to delete yourself", async () => {
    const admin = await createUser(app, { role: "admin" });
    const response = await call("DELETE", `/api/users/${admin.id}`, await loginAs(app, admin));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: { code: "conflict", message: errorMessages.cannotDeleteSelf } });
  });
});

describe("DELETE /api/users/:id/sessions", () => {
  it("revokes every session of the user and says how many", async () => {
    const user = await createUser(app);
    const tokens = [await loginAs(app, user), await loginAs(app, user)];
    const response = await call("DELETE", `/api/users/${user.id}/sessions`, adminToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ revoked: 2, revokedRunners: 0 });
    for (const token of tokens) expect((await call("GET", "/api/auth/me", token)).statusCode).toBe(401);
    expect((await call("DELETE", "/api/users/999999/sessions", adminToken)).statusCode).toBe(404);
  });
});
