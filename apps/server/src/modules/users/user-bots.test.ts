// GET /api/users/:id/dsbots (admin): the bots a user owns or was granted, for the Benutzerdetail.
import { errorMessages, userBotsResponseSchema } from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBot } from "../../../test/bots.js";
import { bearer, createUser, loginAdmin, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { createTestApp } from "../../../test/test-app.js";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.dispose());

const get = (token: string, id: number) => app.fastify.inject({ method: "GET", url: `/api/users/${id}/dsbots`, headers: bearer(token) });

describe("GET /api/users/:id/dsbots", () => {
  it("lists own bots first, then granted ones with the grant time; a revoke takes a bot off", async () => {
    const user = await createUser(app);
    const other = await createUser(app);
    const userToken = await loginAs(app, user);
    const otherToken = await loginAs(app, other);
    const own = await createBot(app, userToken, { name: "Zeta" });
    const ownToo = await createBot(app, userToken, { name: "Alpha" });
    const shared = await createBot(app, otherToken, { name: "Beta" });
    await createBot(app, otherToken, { name: "Nicht geteilt" });
    const grant = await app.fastify.inject({ method: "POST", url: `/api/dsbot/${shared.id}/permission/user/${user.id}`, headers: bearer(otherToken) });
    expect(grant.statusCode).toBe(204);

    const admin = await loginAdmin(app);
    const listed = userBotsResponseSchema.parse((await get(admin, user.id)).json()).dsbots;
    expect(listed.map((b) => [b.id, b.access])).toEqual([
      [ownToo.id, "owner"],
      [own.id, "owner"],
      [shared.id, "granted"],
    ]);
    expect(listed[0]).toMatchObject({ dsPlayer: { name: "Alpha" }, world: { server: "die-staemme.de", world: "de230" }, status: null, grantedAt: null });
    expect(Date.parse(listed[2]?.grantedAt ?? "")).not.toBeNaN();

    await app.fastify.inject({ method: "DELETE", url: `/api/dsbot/${shared.id}/permission/user/${user.id}`, headers: bearer(admin) });
    const after = userBotsResponseSchema.parse((await get(admin, user.id)).json()).dsbots;
    expect(after.map((b) => b.id)).toEqual([ownToo.id, own.id]);
  });

  it("answers 404 for an unknown user and 403 for a non-admin", async () => {
    const admin = await loginAdmin(app);
    const missing = await get(admin, 987654);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: "not_found", message: errorMessages.userNotFound } });
    const user = await createUser(app);
    expect((await get(await loginAs(app, user), user.id)).statusCode).toBe(403);
  });
});
