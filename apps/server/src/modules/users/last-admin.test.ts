// Its own database: here the bootstrap admin is the only admin until a test adds another.
import { errorMessages, userSchema } from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, loginAdmin } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { createTestApp } from "../../../test/test-app.js";
import { deleteUser } from "./users.service.js";

let app: TestApp;
let token: string;
let adminId: number;
beforeAll(async () => {
  app = await createTestApp();
  token = await loginAdmin(app);
  const me = await app.fastify.inject({ method: "GET", url: "/api/auth/me", headers: bearer(token) });
  adminId = userSchema.parse(me.json().user).id;
});
afterAll(() => app?.dispose());

const demote = () =>
  app.fastify.inject({ method: "PATCH", url: `/api/users/${adminId}`, headers: bearer(token), payload: { role: "user" } });

describe("the last admin", () => {
  it("cannot be deleted (service guard behind the self-delete rule)", async () => {
    const bystander = await createUser(app);
    await expect(deleteUser(app.db, adminId, bystander.id)).rejects.toMatchObject({
      statusCode: 409,
      message: errorMessages.lastAdmin,
    });
  });

  it("cannot be demoted; once another admin exists, the demotion goes through", async () => {
    const refused = await demote();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: { code: "conflict", message: errorMessages.lastAdmin } });

    await createUser(app, { role: "admin" });
    const allowed = await demote();
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().user).toMatchObject({ role: "user", isAdmin: false });
    // Now a plain user, the former admin is locked out of user administration.
    const list = await app.fastify.inject({ method: "GET", url: "/api/users", headers: bearer(token) });
    expect(list.statusCode).toBe(403);
  });
});
