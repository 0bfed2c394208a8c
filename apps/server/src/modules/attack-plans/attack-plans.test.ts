// Attack plans through the real app: the list with access, counts and next send time; create, rename,
// delete; who sees a plan (owner, grantees, admins; 404 for everyone else), read vs edit grants (403),
// the grant routes like the bots', and the global search finding shared plans.
import type { AttackPlan, AttackPlanListResponse, AttackPlanPermission, SearchResponse } from "@dsbot/protocol";
import { attackPlanListResponseSchema, attackPlanMessages, attackPlanResponseSchema, errorMessages, validationMessages } from "@dsbot/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Call } from "../../../test/attack-plans.js";
import { ARRIVAL, caller, errorOf, importPlanWorld, newAttack, newPlan, PLAN_WORLD } from "../../../test/attack-plans.js";
import { createUser, loginAdmin, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { createTestApp } from "../../../test/test-app.js";
import { attacks, notifications, worlds } from "../../db/schema.js";
import { search } from "../search/search.service.js";

let app: TestApp;
let admin: Call;
beforeAll(async () => {
  app = await createTestApp();
  await importPlanWorld(app);
  admin = caller(app, await loginAdmin(app));
});
afterAll(() => app?.dispose());

async function signedIn(world = PLAN_WORLD) {
  const user = await createUser(app, { world });
  return { user, call: caller(app, await loginAs(app, user)) };
}

async function listOf(call: Call, query = ""): Promise<AttackPlanListResponse> {
  const response = await call("GET", `/api/attack-plans${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return attackPlanListResponseSchema.parse(response.json());
}

async function planOf(call: Call, id: number): Promise<AttackPlan> {
  const response = await call("GET", `/api/attack-plans/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return attackPlanResponseSchema.parse(response.json()).attackPlan;
}

const grant = (call: Call, planId: number, userId: number, level?: "read" | "edit") =>
  call("POST", `/api/attack-plans/${planId}/permission/user/${userId}`, level ? { level } : undefined);

describe("plans", () => {
  it("creates a plan on the caller's world by default, with zero counts, and shows it to the owner only", async () => {
    const owner = await signedIn({ server: "die-staemme.de", world: "de951" });
    const other = await signedIn();
    const created = await owner.call("POST", "/api/attack-plans", { name: "  Frühjahrsoffensive " });
    expect(created.statusCode, created.body).toBe(201);
    const plan = attackPlanResponseSchema.parse(created.json()).attackPlan;
    expect(plan).toMatchObject({
      name: "Frühjahrsoffensive",
      world: { server: "die-staemme.de", world: "de951" },
      ownerId: owner.user.id,
      ownerName: owner.user.username,
      access: "owner",
      counts: { planned: 0, due: 0, sent: 0, failed: 0, expired: 0, cancelled: 0 },
      total: 0,
      nextSendTime: null,
    });
    // The world becomes known to the server (the hourly sync fetches it).
    expect(await app.db.select().from(worlds).where(eq(worlds.world, "de951"))).toHaveLength(1);
    expect((await listOf(owner.call)).attackPlans.map((p) => p.id)).toEqual([plan.id]);
    expect((await listOf(other.call)).attackPlans).toEqual([]);
    const hidden = await other.call("GET", `/api/attack-plans/${plan.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(errorOf(hidden).message).toBe(attackPlanMessages.notFound);
    // An id no serial can hold is simply not found.
    expect((await owner.call("GET", "/api/attack-plans/99999999999")).statusCode).toBe(404);
  });

  it("refuses a blank name and a bad world in German", async () => {
    const { call } = await signedIn();
    const blank = await call("POST", "/api/attack-plans", { name: "   " });
    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank).message).toBe(validationMessages.required);
    const world = await call("POST", "/api/attack-plans", { name: "X", world: { server: "die-staemme.de", world: "!!" } });
    expect(world.statusCode).toBe(400);
    expect(errorOf(world).message).toMatch(/Welt/);
  });

  it("lists counts per status, the total and the next send time of open attacks; sorts, pages and searches by name", async () => {
    const { call } = await signedIn();
    const first = await newPlan(call, "Alpha Angriff");
    const second = await newPlan(call, "beta 100%");
    await newPlan(call, "Gamma");
    const early = await newAttack(call, first.id, { from: "500|500", to: "510|490", arrival: ARRIVAL });
    await newAttack(call, first.id, { from: "501|499", to: "510|490", arrival: ARRIVAL + 60_000 });
    const sent = await newAttack(call, first.id, { from: "498|503", to: "510|490", arrival: ARRIVAL - 3_600_000 });
    await app.db.update(attacks).set({ status: "sent" }).where(eq(attacks.id, sent.id));

    const plan = await planOf(call, first.id);
    expect(plan.counts).toEqual({ planned: 2, due: 0, sent: 1, failed: 0, expired: 0, cancelled: 0 });
    expect(plan.total).toBe(3);
    // The sent attack's earlier send time does not count: only planned and due ones.
    expect(plan.nextSendTime).toBe(early.sendTime);

    const byName = await listOf(call, "?sortBy=name");
    expect(byName.attackPlans.map((p) => p.name)).toEqual(["Alpha Angriff", "beta 100%", "Gamma"]);
    expect(byName.totals).toBe(3);
    expect((await listOf(call, "?sortBy=-name&perPage=2&activePage=2")).attackPlans.map((p) => p.name)).toEqual(["Alpha Angriff"]);
    expect((await listOf(call, "?sortBy=nextSendTime")).attackPlans[0]?.id).toBe(first.id);
    // A plan without open attacks goes last both ways.
    expect((await listOf(call, "?sortBy=-nextSendTime")).attackPlans[0]?.id).toBe(first.id);
    const searched = await listOf(call, `?searchVal=${encodeURIComponent("0%")}`);
    expect(searched.attackPlans.map((p) => p.id)).toEqual([second.id]);
    expect((await listOf(call, "?searchVal=ALPHA")).totals).toBe(1);
    expect((await listOf(call, "?searchVal=_")).totals).toBe(0);
  });

  it("renames (edit access) and deletes with its attacks (owner and admins)", async () => {
    const { call } = await signedIn();
    const plan = await newPlan(call, "Alt");
    await newAttack(call, plan.id, { from: "500|500", to: "510|490" });
    const renamed = await call("PATCH", `/api/attack-plans/${plan.id}`, { name: "Neu" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(attackPlanResponseSchema.parse(renamed.json()).attackPlan).toMatchObject({ name: "Neu", total: 1 });
    expect((await admin("DELETE", `/api/attack-plans/${plan.id}`)).statusCode).toBe(204);
    expect((await call("GET", `/api/attack-plans/${plan.id}`)).statusCode).toBe(404);
    expect(await app.db.select().from(attacks).where(eq(attacks.planId, plan.id))).toEqual([]);
  });
});

describe("access", () => {
  it("admins see and manage every plan with access admin", async () => {
    const owner = await signedIn();
    const plan = await newPlan(owner.call, "Geheim");
    expect((await listOf(admin)).attackPlans.find((p) => p.id === plan.id)?.access).toBe("admin");
    expect((await planOf(admin, plan.id)).access).toBe("admin");
    expect((await admin("PATCH", `/api/attack-plans/${plan.id}`, { name: "Vom Admin" })).statusCode).toBe(200);
    expect((await newAttack(admin, plan.id, { from: "500|500", to: "510|490" })).planId).toBe(plan.id);
  });

  it("a read grant sees the plan and its attacks but every write is 403; an edit grant writes but may not delete or share", async () => {
    const owner = await signedIn();
    const reader = await signedIn();
    const editor = await signedIn();
    const stranger = await signedIn();
    const plan = await newPlan(owner.call, "Geteilt");
    const attack = await newAttack(owner.call, plan.id, { from: "500|500", to: "510|490" });
    expect((await grant(owner.call, plan.id, reader.user.id)).statusCode).toBe(204);
    expect((await grant(owner.call, plan.id, editor.user.id, "edit")).statusCode).toBe(204);

    expect((await planOf(reader.call, plan.id)).access).toBe("read");
    expect((await planOf(editor.call, plan.id)).access).toBe("edit");
    expect((await listOf(reader.call)).attackPlans.map((p) => p.id)).toEqual([plan.id]);
    expect((await reader.call("GET", `/api/attack-plans/${plan.id}/attacks`)).statusCode).toBe(200);
    expect((await reader.call("POST", `/api/attack-plans/${plan.id}/export`, { format: "json" })).statusCode).toBe(200);

    const writes: [string, string, unknown][] = [
      ["PATCH", `/api/attack-plans/${plan.id}`, { name: "X" }],
      ["POST", `/api/attack-plans/${plan.id}/attacks`, { from: "500|500", to: "510|490", type: "attack", units: { axe: 1 }, arrival: ARRIVAL }],
      ["PUT", `/api/attack-plans/${plan.id}/attacks/${attack.id}`, { from: "500|500", to: "510|490", type: "attack", units: { axe: 1 }, arrival: ARRIVAL }],
      ["DELETE", `/api/attack-plans/${plan.id}/attacks/${attack.id}`, undefined],
      ["POST", `/api/attack-plans/${plan.id}/attacks/bulk`, { action: "deleteFinished" }],
      ["POST", `/api/attack-plans/${plan.id}/import`, { format: "csv", text: "x" }],
    ];
    for (const [method, url, body] of writes) {
      const refused = await reader.call(method as "POST", url, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(refused).message).toBe(attackPlanMessages.readOnly);
      // Strangers do not learn that the plan exists.
      expect((await stranger.call(method as "POST", url, body)).statusCode, `${method} ${url}`).toBe(404);
    }

    expect((await editor.call("PATCH", `/api/attack-plans/${plan.id}`, { name: "Vom Editor" })).statusCode).toBe(200);
    expect((await newAttack(editor.call, plan.id, { from: "501|499", to: "510|490" })).planId).toBe(plan.id);
    for (const [method, url] of [
      ["DELETE", `/api/attack-plans/${plan.id}`],
      ["POST", `/api/attack-plans/${plan.id}/permission/user/${stranger.user.id}`],
      ["DELETE", `/api/attack-plans/${plan.id}/permission/user/${reader.user.id}`],
    ] as const) {
      const refused = await editor.call(method, url);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(refused).message).toBe(errorMessages.forbidden);
    }
  });

  it("grants like bots: upsert of the level, 409 for the owner, 404 for unknown users, revoke hides the plan again; the user is told", async () => {
    const owner = await signedIn();
    const friend = await signedIn();
    const plan = await newPlan(owner.call, "Teilen");
    expect((await grant(owner.call, plan.id, friend.user.id)).statusCode).toBe(204);
    expect((await grant(owner.call, plan.id, friend.user.id, "edit")).statusCode).toBe(204);
    expect((await grant(owner.call, plan.id, friend.user.id, "edit")).statusCode).toBe(204);
    const listed = await owner.call("GET", `/api/attack-plans/${plan.id}/permissions`);
    expect(listed.json<{ permissions: AttackPlanPermission[] }>().permissions).toEqual([
      { userId: friend.user.id, username: friend.user.username, level: "edit", grantedAt: expect.any(String) },
    ]);
    const told = await app.db.select().from(notifications).where(eq(notifications.userId, friend.user.id));
    // One notification per plan while unread: the change to edit updated the first one.
    expect(told.map((n) => n.message)).toEqual([expect.stringContaining("Bearbeiten")]);

    const self = await grant(owner.call, plan.id, owner.user.id, "read");
    expect(self.statusCode).toBe(409);
    expect(errorOf(self).message).toBe(attackPlanMessages.ownerHasAccess);
    const revokeSelf = await owner.call("DELETE", `/api/attack-plans/${plan.id}/permission/user/${owner.user.id}`);
    expect(revokeSelf.statusCode).toBe(409);
    expect(errorOf(revokeSelf).message).toBe(attackPlanMessages.ownerAccessNotRevocable);
    const nobody = await grant(owner.call, plan.id, 99_999_999);
    expect(nobody.statusCode).toBe(404);
    expect(errorOf(nobody).message).toBe(errorMessages.userNotFound);
    const level = await grant(owner.call, plan.id, friend.user.id, "owner" as "read");
    expect(level.statusCode).toBe(400);

    expect((await owner.call("DELETE", `/api/attack-plans/${plan.id}/permission/user/${friend.user.id}`)).statusCode).toBe(204);
    expect((await friend.call("GET", `/api/attack-plans/${plan.id}`)).statusCode).toBe(404);
    expect((await owner.call("DELETE", `/api/attack-plans/${plan.id}/permission/user/${friend.user.id}`)).statusCode).toBe(204);
  });

  it("the global search finds own, shared and (for admins) all plans, never others'", async () => {
    const owner = await signedIn();
    const friend = await signedIn();
    const stranger = await signedIn();
    const plan = await newPlan(owner.call, "Sturm auf Kxy");
    await grant(owner.call, plan.id, friend.user.id);
    const found = (result: SearchResponse) => result.attackPlans.map((p) => p.id);
    expect(found(await search(app.db, owner.user, "kxy"))).toEqual([plan.id]);
    expect(found(await search(app.db, friend.user, "STURM AUF"))).toEqual([plan.id]);
    expect(found(await search(app.db, stranger.user, "kxy"))).toEqual([]);
    const [adminUser] = (await listOf(admin)).attackPlans.filter((p) => p.id === plan.id);
    expect(adminUser?.access).toBe("admin");
  });
});
