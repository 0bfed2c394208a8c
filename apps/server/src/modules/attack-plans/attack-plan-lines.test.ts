// GET /api/attack-plans/:id/lines: the plan's attacks as columns for the map overlay, by send time,
// without the cancelled ones; only for whoever may see the plan (owner, grantees, admins).
import type { AttackPlanLinesResponse, AttackStatus, AttackType } from "@dsbot/protocol";
import { attackPlanLinesResponseSchema } from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, loginAdmin, loginAs } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { attackPlanPermissions, attackPlans, attacks } from "../../db/schema.js";

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.dispose();
});

const T0 = Date.UTC(2030, 0, 1, 12, 0, 0, 0);

async function person() {
  const user = await createUser(app);
  return { user, token: await loginAs(app, user) };
}

async function plan(ownerId: number) {
  const [row] = await app.db.insert(attackPlans).values({ ownerId, name: "Plan", worldServer: "die-staemme.de", worldWorld: "de230" }).returning();
  if (!row) throw new Error("not inserted");
  return row;
}

interface LineSpec {
  from: [number, number];
  to: [number, number];
  type: AttackType;
  status: AttackStatus;
  sendAt: number;
}

async function addAttacks(planId: number, specs: LineSpec[]) {
  await app.db.insert(attacks).values(
    specs.map((s, k) => ({
      planId,
      sourceVillageId: 100 + k,
      sourceName: "A",
      sourceX: s.from[0],
      sourceY: s.from[1],
      targetVillageId: 200 + k,
      targetName: "B",
      targetX: s.to[0],
      targetY: s.to[1],
      type: s.type,
      units: { axe: 100, ram: 5 },
      unit: "ram",
      sendAt: new Date(s.sendAt),
      arrivalAt: new Date(s.sendAt + 3_600_000),
      priority: 3,
      status: s.status,
    })),
  );
}

const lines = (token: string | null, id: number) =>
  app.fastify.inject({ method: "GET", url: `/api/attack-plans/${id}/lines`, headers: token ? bearer(token) : {} });

describe("attack plan lines", () => {
  it("answers the attacks as columns by send time (ties by id), without the cancelled ones", async () => {
    const owner = await person();
    const p = await plan(owner.user.id);
    await addAttacks(p.id, [
      { from: [500, 500], to: [510, 505], type: "attack", status: "planned", sendAt: T0 + 2000 },
      { from: [501, 502], to: [520, 530], type: "conquer", status: "sent", sendAt: T0 },
      { from: [400, 401], to: [402, 403], type: "fake", status: "cancelled", sendAt: T0 + 1000 },
      { from: [600, 601], to: [602, 603], type: "support", status: "due", sendAt: T0 + 2000 },
      { from: [700, 701], to: [702, 703], type: "wallbreaker", status: "expired", sendAt: T0 + 500 },
    ]);

    const response = await lines(owner.token, p.id);
    expect(response.statusCode).toBe(200);
    const body = attackPlanLinesResponseSchema.parse(response.json());
    expect(body).toEqual<AttackPlanLinesResponse>({
      coords: [501, 502, 520, 530, 700, 701, 702, 703, 500, 500, 510, 505, 600, 601, 602, 603],
      types: ["conquer", "wallbreaker", "attack", "support"],
      statuses: ["sent", "expired", "planned", "due"],
      sendTimes: [T0, T0 + 500, T0 + 2000, T0 + 2000],
    });
  });

  it("answers empty columns for a plan without attacks", async () => {
    const owner = await person();
    const p = await plan(owner.user.id);
    const response = await lines(owner.token, p.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ coords: [], types: [], statuses: [], sendTimes: [] });
  });

  it("shows the lines to the owner, a read grantee and admins; 404 for a stranger, 401 without a token", async () => {
    const owner = await person();
    const grantee = await person();
    const stranger = await person();
    const p = await plan(owner.user.id);
    await addAttacks(p.id, [{ from: [500, 500], to: [501, 501], type: "fake", status: "planned", sendAt: T0 }]);
    await app.db.insert(attackPlanPermissions).values({ planId: p.id, userId: grantee.user.id, level: "read" });
    const admin = await loginAdmin(app);

    for (const token of [owner.token, grantee.token, admin]) {
      const response = await lines(token, p.id);
      expect(response.statusCode).toBe(200);
      expect(response.json<AttackPlanLinesResponse>().types).toEqual(["fake"]);
    }
    const hidden = await lines(stranger.token, p.id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain("500");
    expect((await lines(stranger.token, 2_000_000_000)).statusCode).toBe(404);
    expect((await lines(null, p.id)).statusCode).toBe(401);
  });

  it("refuses an id that is no plan id with 400", async () => {
    const owner = await person();
    expect((await lines(owner.token, 0)).statusCode).toBe(400);
  });
});
