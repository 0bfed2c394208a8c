// GET /api/userscript/overview: with a runner token from the device flow the script reads the user's
// open tab requests on the tab's world and the unsent attacks leaving the tab's village — nobody
// else's, not another world's, not a sent one — and a revoked token is cut off at once.
import type { UserscriptOverviewResponse } from "@dsbot/protocol";
import { rallyPointUrl, tabRequestMessages, userscriptOverviewResponseSchema } from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pairRunner } from "../../../test/bots.js";
import { bearer, createUser, loginAdmin, loginAs } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { attackPlanPermissions, attackPlans, attacks, tabRequests } from "../../db/schema.js";

const WORLD = { server: "die-staemme.de", world: "de230" };
const HOME = 11;
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.dispose();
});

async function person() {
  const user = await createUser(app);
  const webToken = await loginAs(app, user);
  const { token, runnerId } = await pairRunner(app, webToken, "Userscript");
  return { user, webToken, token, runnerId };
}

async function plan(ownerId: number, world = WORLD) {
  const [row] = await app.db.insert(attackPlans).values({ ownerId, name: `Plan ${ownerId}`, worldServer: world.server, worldWorld: world.world }).returning();
  if (!row) throw new Error("no plan");
  return row;
}

async function attack(planId: number, values: { source?: number; target?: number; sendAt: number; status?: "planned" | "due" | "sent" }) {
  const [row] = await app.db
    .insert(attacks)
    .values({
      planId,
      sourceVillageId: values.source ?? HOME,
      sourceName: "Heimat",
      sourceX: 500,
      sourceY: 500,
      attackerName: "Spieler",
      targetVillageId: values.target ?? 12,
      targetName: "Ziel",
      targetX: 503,
      targetY: 498,
      type: "attack",
      units: { axe: 100, ram: 5 },
      unit: "ram",
      sendAt: new Date(values.sendAt),
      arrivalAt: new Date(values.sendAt + 3_600_000),
      priority: 3,
      status: values.status ?? "planned",
    })
    .returning();
  if (!row) throw new Error("no attack");
  return row;
}

async function overview(token: string, query: Record<string, string> = { ...WORLD, village: String(HOME) }) {
  return app.fastify.inject({ method: "GET", url: `/api/userscript/overview?${new URLSearchParams(query).toString()}`, headers: bearer(token) });
}

async function overviewOk(token: string, query?: Record<string, string>): Promise<UserscriptOverviewResponse> {
  const response = await overview(token, query);
  expect(response.statusCode, response.body).toBe(200);
  return userscriptOverviewResponseSchema.parse(response.json());
}

describe("userscript overview", () => {
  it("is read with the userscript's own token (scope userscript) as with a runner token", async () => {
    const me = await person();
    const { token: scriptToken } = await pairRunner(app, me.webToken, "Userscript de230", "userscript");
    const p = await plan(me.user.id);
    const sendAt = Date.now() + 3_600_000;
    const row = await attack(p.id, { sendAt });
    expect((await overviewOk(scriptToken)).attacks.map((a) => a.id)).toEqual([row.id]);
    expect((await overviewOk(me.token)).attacks.map((a) => a.id)).toEqual([row.id]);
  });

  it("lists the token owner's open tab requests of the world and the unsent attacks leaving the village", async () => {
    const me = await person();
    const other = await person();
    const now = Date.now();
    const mine = await plan(me.user.id);
    const later = await attack(mine.id, { sendAt: now + 7_200_000 });
    const soon = await attack(mine.id, { sendAt: now + 600_000, status: "due", target: 13 });
    await attack(mine.id, { sendAt: now + 300_000, status: "sent" });
    await attack(mine.id, { sendAt: now + 300_000, source: 99 });
    const requested = await attack(mine.id, { sendAt: now + 30_000, status: "due", target: 14 });
    const [request] = await app.db.insert(tabRequests).values({ userId: me.user.id, kind: "attack", attackId: requested.id, message: tabRequestMessages.noBot }).returning();
    // Done requests, another world's, and another user's plans and requests stay out.
    const doneAttack = await attack(mine.id, { sendAt: now + 40_000, status: "sent", target: 15 });
    await app.db.insert(tabRequests).values({ userId: me.user.id, kind: "attack", attackId: doneAttack.id, message: "erledigt", doneAt: new Date() });
    const elsewhere = await attack((await plan(me.user.id, { server: "die-staemme.de", world: "de231" })).id, { sendAt: now + 50_000, status: "due" });
    await app.db.insert(tabRequests).values({ userId: me.user.id, kind: "attack", attackId: elsewhere.id, message: "andere Welt" });
    const theirs = await attack((await plan(other.user.id)).id, { sendAt: now + 60_000, status: "due" });
    await app.db.insert(tabRequests).values({ userId: other.user.id, kind: "attack", attackId: theirs.id, message: "fremd" });

    const before = Date.now();
    const answer = await overviewOk(me.token);
    expect(answer.serverTime).toBeGreaterThanOrEqual(before);
    expect(answer.tabRequests.map((r) => r.id)).toEqual([request?.id]);
    expect(answer.tabRequests[0]).toMatchObject({
      kind: "attack",
      attack: { id: requested.id, from: "500|500", to: "503|498", units: { axe: 100, ram: 5 } },
      url: rallyPointUrl(WORLD, HOME, 14, { axe: 100, ram: 5 }),
    });
    expect(answer.attacks.map((a) => a.id)).toEqual([requested.id, soon.id, later.id]);
    expect(answer.attacks[1]).toEqual({
      id: soon.id,
      planId: mine.id,
      planName: mine.name,
      type: "attack",
      status: "due",
      from: "500|500",
      to: "503|498",
      targetVillageId: 13,
      units: { axe: 100, ram: 5 },
      sendTime: now + 600_000,
      arrivalTime: now + 600_000 + 3_600_000,
      url: rallyPointUrl(WORLD, HOME, 13, { axe: 100, ram: 5 }),
    });

    // Without a village: the requests only.
    expect((await overviewOk(me.token, { ...WORLD })).attacks).toEqual([]);
    // The other user sees none of it.
    const theirView = await overviewOk(other.token);
    expect(theirView.attacks.map((a) => a.id)).toEqual([theirs.id]);
    expect(theirView.tabRequests.map((r) => r.attack?.id)).toEqual([theirs.id]);
  });

  it("shows a plan shared with the user, but an admin sees no other user's attacks", async () => {
    const owner = await person();
    const reader = await person();
    const shared = await plan(owner.user.id);
    const sharedAttack = await attack(shared.id, { sendAt: Date.now() + 900_000 });
    await app.db.insert(attackPlanPermissions).values({ planId: shared.id, userId: reader.user.id, level: "read" });
    expect((await overviewOk(reader.token)).attacks.map((a) => a.id)).toEqual([sharedAttack.id]);

    const adminToken = (await pairRunner(app, await loginAdmin(app), "Admin-Skript")).token;
    expect((await overviewOk(adminToken)).attacks.map((a) => a.planId)).not.toContain(shared.id);
  });

  it("answers 401 without a live token and 400 for a page that is no game world", async () => {
    const me = await person();
    expect((await overview("kein-token")).statusCode).toBe(401);
    expect((await app.fastify.inject({ method: "GET", url: "/api/userscript/overview?server=die-staemme.de&world=de230" })).statusCode).toBe(401);
    // A web session works too.
    expect((await overview(me.webToken)).statusCode).toBe(200);
    const bad = await overview(me.token, { server: "nicht gültig", world: "de230" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: "bad_request" } });

    // Revoked on Dsbot Auth: cut off at the next call.
    const revoked = await app.fastify.inject({ method: "DELETE", url: `/api/dsbot-auth/tokens/${me.runnerId}`, headers: bearer(me.webToken) });
    expect(revoked.statusCode).toBe(204);
    const after = await overview(me.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ error: { code: "unauthorized" } });
  });
});
