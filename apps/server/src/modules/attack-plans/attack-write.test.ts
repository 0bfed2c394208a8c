// Writing attacks through the real app: create and edit with the villages of the plan's world and the
// send time from its unit speeds (Freundschaft for supports), German 400s naming the field, the form's
// village lookup, the bulk actions (ids or the table's filter, never another plan's attacks) and the cap.
import type { Attack } from "@dsbot/protocol";
import {
  ATTACK_PLAN_MAX_ATTACKS,
  attackListResponseSchema,
  attackMessages,
  attackPlanMessages,
  attackVillageLookupResponseSchema,
  coordMessages,
  emptyPlayerSkillLevels,
  unitTravelSeconds,
} from "@dsbot/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Call } from "../../../test/attack-plans.js";
import { ARRIVAL, caller, errorOf, importPlanWorld, newAttack, newPlan, PLAN_WORLD, planUnitInfo } from "../../../test/attack-plans.js";
import type { TestSocket } from "../../../test/bots.js";
import { listen, openSocket, settle, waitForMessage } from "../../../test/bots.js";
import { createUser, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { createTestApp } from "../../../test/test-app.js";
import { attackPlans, attacks } from "../../db/schema.js";
import { insertAttacks } from "./attack-write.service.js";

let app: TestApp;
let call: Call;
beforeAll(async () => {
  app = await createTestApp();
  await importPlanWorld(app);
  const user = await createUser(app, { world: PLAN_WORLD });
  call = caller(app, await loginAs(app, user));
  // The owner's Spieler Skills: Anna has 20 % Freundschaft on the plan's world (and 5 % on another).
  await call("PUT", "/api/ds-player-skills", { playerName: "anna", world: PLAN_WORLD, skills: { ...emptyPlayerSkillLevels, freundschaft: 20 } });
  await call("PUT", "/api/ds-player-skills", { playerName: "Anna", world: { ...PLAN_WORLD, world: "de1" }, skills: { ...emptyPlayerSkillLevels, freundschaft: 5 } });
});
afterAll(() => app?.dispose());

const post = (planId: number, body: unknown) => call("POST", `/api/attack-plans/${planId}/attacks`, body);
const base = { from: "500|500", to: "510|490", type: "attack", units: { axe: 100, ram: 5 }, arrival: ARRIVAL };

async function rowsOf(planId: number): Promise<Attack[]> {
  const response = await call("GET", `/api/attack-plans/${planId}/attacks?perPage=100`);
  return attackListResponseSchema.parse(response.json()).attacks;
}

describe("one attack", () => {
  it("goes in as expired when its send time is already past the clock's grace, else as planned", async () => {
    const plan = await newPlan(call);
    const now = Date.now();
    const travel = unitTravelSeconds({ x: 500, y: 500 }, { x: 510, y: 490 }, "ram", planUnitInfo) * 1000;
    // Sent an hour ago; sent a minute from now.
    const past = await newAttack(call, plan.id, { ...base, arrival: now - 3_600_000 + travel });
    const ahead = await newAttack(call, plan.id, { ...base, arrival: now + 60_000 + travel });
    expect([past.status, ahead.status]).toEqual(["expired", "planned"]);
  });

  it("computes the send time from the world's speed of the slowest unit, milliseconds kept", async () => {
    const plan = await newPlan(call);
    const attack = await newAttack(call, plan.id, base);
    const travel = unitTravelSeconds({ x: 500, y: 500 }, { x: 510, y: 490 }, "ram", planUnitInfo);
    expect(attack).toMatchObject({ unit: "ram", arrivalTime: ARRIVAL, sendTime: ARRIVAL - travel * 1000, units: { axe: 100, ram: 5 } });
    // An explicit unit as fast as the slowest sent (catapult = ram) is kept.
    const explicit = await newAttack(call, plan.id, { ...base, unit: "catapult" });
    expect(explicit).toMatchObject({ unit: "catapult", sendTime: ARRIVAL - travel * 1000 });
    // Only the unit, no troops (a fake by speed).
    const bare = await newAttack(call, plan.id, { ...base, units: {}, unit: "spy" });
    expect(bare.sendTime).toBe(ARRIVAL - unitTravelSeconds({ x: 500, y: 500 }, { x: 510, y: 490 }, "spy", planUnitInfo) * 1000);
  });

  it("lets supports walk with the attacking player's Freundschaft from the owner's skills", async () => {
    const plan = await newPlan(call);
    const units = { spear: 100 };
    const plain = unitTravelSeconds({ x: 500, y: 500 }, { x: 510, y: 490 }, "spear", planUnitInfo);
    const boosted = unitTravelSeconds({ x: 500, y: 500 }, { x: 510, y: 490 }, "spear", planUnitInfo, 0.2);
    expect(boosted).toBeLessThan(plain);
    expect((await newAttack(call, plan.id, { ...base, units, type: "support" })).sendTime).toBe(ARRIVAL - boosted * 1000);
    expect((await newAttack(call, plan.id, { ...base, units, type: "fake_support" })).sendTime).toBe(ARRIVAL - boosted * 1000);
    expect((await newAttack(call, plan.id, { ...base, units, type: "attack" })).sendTime).toBe(ARRIVAL - plain * 1000);
    // Bert has no skills saved: no boost.
    const bert = await newAttack(call, plan.id, { ...base, from: "510|490", to: "500|500", units, type: "support" });
    expect(bert.sendTime).toBe(ARRIVAL - plain * 1000);
  });

  it("refuses unknown villages, units the world lacks and bad input with German messages naming the field", async () => {
    const plan = await newPlan(call);
    const unknown = await post(plan.id, { ...base, to: "123|456" });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toEqual({ message: attackPlanMessages.villageMissing("Zieldorf", "123|456"), issues: ["Zieldorf 123|456 gibt es auf dieser Welt nicht."] });
    const both = await post(plan.id, { ...base, from: "1|1", to: "2|2" });
    expect(errorOf(both).issues).toEqual([attackPlanMessages.villageMissing("Startdorf", "1|1"), attackPlanMessages.villageMissing("Zieldorf", "2|2")]);
    const archer = await post(plan.id, { ...base, units: { archer: 10 } });
    expect(archer.statusCode).toBe(400);
    expect(errorOf(archer).message).toBe("Die Einheit „Bogenschütze“ gibt es auf dieser Welt nicht.");

    const cases: [unknown, string][] = [
      [{ ...base, from: "500-500" }, coordMessages.format],
      [{ ...base, units: {} }, attackMessages.noUnits],
      [{ ...base, to: "500|500" }, attackMessages.sameVillage],
      [{ ...base, priority: 9 }, attackMessages.priority],
      [{ ...base, type: "raid" }, attackMessages.type],
      [{ ...base, arrival: 5 }, attackMessages.arrivalRange],
      [{ ...base, units: { axe: 10 }, unit: "spy" }, attackMessages.unitNotSlowest("Axtkämpfer")],
    ];
    for (const [body, message] of cases) {
      const response = await post(plan.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).message).toBe(message);
    }
    expect(await rowsOf(plan.id)).toEqual([]);
  });

  it("answers worldMissing for a plan whose world has no villages", async () => {
    const plan = await newPlan(call, "Leer", { server: "die-staemme.de", world: "de777" });
    const response = await post(plan.id, base);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(attackPlanMessages.worldMissing);
    expect((await call("GET", `/api/attack-plans/${plan.id}/villages?coords=500|500`)).statusCode).toBe(400);
  });

  it("edits an attack (new villages, arrival and send time, status kept) and deletes it; another plan's attack is 404", async () => {
    const plan = await newPlan(call);
    const other = await newPlan(call);
    const attack = await newAttack(call, plan.id, base);
    await app.db.update(attacks).set({ status: "failed", error: "Zu wenig Truppen." }).where(eq(attacks.id, attack.id));
    const edited = await call("PUT", `/api/attack-plans/${plan.id}/attacks/${attack.id}`, { ...base, from: "498|503", units: { snob: 1 }, arrival: ARRIVAL + 1, priority: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    const travel = unitTravelSeconds({ x: 498, y: 503 }, { x: 510, y: 490 }, "snob", planUnitInfo);
    expect(edited.json<{ attack: Attack }>().attack).toMatchObject({
      id: attack.id,
      startVillage: { id: 3, name: "Barbarendorf", coordinates: "498|503", player: null },
      unit: "snob",
      arrivalTime: ARRIVAL + 1,
      sendTime: ARRIVAL + 1 - travel * 1000,
      priority: 1,
      status: "failed",
    });
    const bad = await call("PUT", `/api/attack-plans/${plan.id}/attacks/${attack.id}`, { ...base, to: "9|9" });
    expect(errorOf(bad).message).toBe(attackPlanMessages.villageMissing("Zieldorf", "9|9"));

    const elsewhere = await call("PUT", `/api/attack-plans/${other.id}/attacks/${attack.id}`, base);
    expect(elsewhere.statusCode).toBe(404);
    expect(errorOf(elsewhere).message).toBe(attackPlanMessages.attackNotFound);
    expect((await call("DELETE", `/api/attack-plans/${other.id}/attacks/${attack.id}`)).statusCode).toBe(404);
    expect((await call("DELETE", `/api/attack-plans/${plan.id}/attacks/${attack.id}`)).statusCode).toBe(204);
    expect((await call("DELETE", `/api/attack-plans/${plan.id}/attacks/${attack.id}`)).statusCode).toBe(404);
  });

  it("keeps the send time when an edit changes nothing it depends on, even after the Freundschaft changed", async () => {
    const plan = await newPlan(call);
    const support = { ...base, type: "support", units: { spear: 100 } };
    const attack = await newAttack(call, plan.id, support);
    const walk = unitTravelSeconds({ x: 500, y: 500 }, { x: 510, y: 490 }, "spear", planUnitInfo, 0.2);
    expect(attack.sendTime).toBe(ARRIVAL - walk * 1000);
    // Anna's Freundschaft drops to 10 % after the attack was made.
    await call("PUT", "/api/ds-player-skills", { playerName: "Anna", world: PLAN_WORLD, skills: { ...emptyPlayerSkillLevels, freundschaft: 10 } });
    const put = (body: object) => call("PUT", `/api/attack-plans/${plan.id}/attacks/${attack.id}`, body);
    const priorityOnly = await put({ ...support, priority: 5 });
    expect(priorityOnly.json<{ attack: Attack }>().attack).toMatchObject({ priority: 5, sendTime: attack.sendTime });
    // A new arrival is a new walk: computed with today's 10 %.
    const moved = await put({ ...support, arrival: ARRIVAL + 1000, priority: 5 });
    const slower = unitTravelSeconds({ x: 500, y: 500 }, { x: 510, y: 490 }, "spear", planUnitInfo, 0.1);
    expect(moved.json<{ attack: Attack }>().attack.sendTime).toBe(ARRIVAL + 1000 - slower * 1000);
    await call("PUT", "/api/ds-player-skills", { playerName: "anna", world: PLAN_WORLD, skills: { ...emptyPlayerSkillLevels, freundschaft: 20 } });
  });

  it("looks up a village by coordinates for the form", async () => {
    const plan = await newPlan(call);
    const found = await call("GET", `/api/attack-plans/${plan.id}/villages?coords=${encodeURIComponent("(510|490)")}`);
    expect(attackVillageLookupResponseSchema.parse(found.json()).village).toEqual({
      id: 4,
      name: "Gamma",
      coordinates: "510|490",
      player: { id: 102, name: "Bert" },
    });
    const none = await call("GET", `/api/attack-plans/${plan.id}/villages?coords=1|1`);
    expect(none.json()).toEqual({ village: null });
    const bad = await call("GET", `/api/attack-plans/${plan.id}/villages?coords=abc`);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toBe(coordMessages.format);
  });

  it("keeps a plan at most ATTACK_PLAN_MAX_ATTACKS", async () => {
    const plan = await newPlan(call);
    const [template] = await app.db.select().from(attacks).limit(1);
    if (!template) throw new Error("no attack to copy");
    const { id: _id, planId: _planId, ...row } = template;
    const started = performance.now();
    expect(await insertAttacks(app.db, plan, Array.from({ length: ATTACK_PLAN_MAX_ATTACKS }, () => row))).toBe(ATTACK_PLAN_MAX_ATTACKS);
    expect(performance.now() - started).toBeLessThan(20_000);
    const full = await post(plan.id, base);
    expect(full.statusCode).toBe(409);
    expect(errorOf(full).message).toBe(attackPlanMessages.tooMany(ATTACK_PLAN_MAX_ATTACKS));
    await app.db.delete(attackPlans).where(eq(attackPlans.id, plan.id));
  });
});

describe("bulk actions", () => {
  async function setup() {
    const plan = await newPlan(call);
    const other = await newPlan(call);
    const a = await newAttack(call, plan.id, { ...base, from: "500|500", to: "510|490" });
    const b = await newAttack(call, plan.id, { ...base, from: "501|499", to: "520|480" });
    const c = await newAttack(call, plan.id, { ...base, from: "510|490", to: "600|400" });
    const foreign = await newAttack(call, other.id, base);
    const bulk = async (body: unknown) => {
      const response = await call("POST", `/api/attack-plans/${plan.id}/attacks/bulk`, body);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ affected: number }>().affected;
    };
    const byId = async () => new Map((await rowsOf(plan.id)).map((r) => [r.id, r]));
    return { plan, other, a, b, c, foreign, bulk, byId };
  }

  it("changes status and priority of the selected ids; another plan's ids are not affected", async () => {
    const { a, b, c, foreign, other, bulk, byId } = await setup();
    expect(await bulk({ action: "status", selection: { ids: [a.id, b.id, foreign.id, 99_999_999_999] }, status: "cancelled" })).toBe(2);
    expect(await bulk({ action: "priority", selection: { ids: [c.id, foreign.id] }, priority: 5 })).toBe(1);
    const rows = await byId();
    expect([rows.get(a.id)?.status, rows.get(b.id)?.status, rows.get(c.id)?.status]).toEqual(["cancelled", "cancelled", "planned"]);
    expect(rows.get(c.id)?.priority).toBe(5);
    expect((await rowsOf(other.id))[0]).toMatchObject({ status: "planned", priority: 3 });
  });

  it("acts on everything the table's search and status filter match", async () => {
    const { a, b, c, bulk, byId } = await setup();
    // "anna": a (Anna → Bert) and b (Anna → Carla); c is Bert's.
    expect(await bulk({ action: "priority", selection: { filter: { searchVal: "ANNA" } }, priority: 1 })).toBe(2);
    expect(await bulk({ action: "status", selection: { filter: { searchVal: "", statusFilter: ["planned"] } }, status: "sent" })).toBe(3);
    let rows = await byId();
    expect([a, b, c].map((x) => rows.get(x.id)?.priority)).toEqual([1, 1, 3]);
    expect(await bulk({ action: "delete", selection: { filter: { searchVal: "600|400", statusFilter: "sent" } } })).toBe(1);
    rows = await byId();
    expect(rows.has(c.id)).toBe(false);
    expect(rows.size).toBe(2);
  });

  it("sets back to planned without bot, error and real arrival; deleteFinished removes sent and expired only", async () => {
    const { a, b, c, foreign, bulk, byId, other } = await setup();
    await app.db.update(attacks).set({ status: "failed", error: "Fehler", realArrivalAt: new Date(ARRIVAL) }).where(eq(attacks.id, a.id));
    await app.db.update(attacks).set({ status: "sent" }).where(eq(attacks.id, b.id));
    await app.db.update(attacks).set({ status: "expired" }).where(eq(attacks.id, c.id));
    await app.db.update(attacks).set({ status: "sent" }).where(eq(attacks.id, foreign.id));
    expect(await bulk({ action: "status", selection: { ids: [a.id] }, status: "planned" })).toBe(1);
    expect((await byId()).get(a.id)).toMatchObject({ status: "planned", error: null, realArrivalTime: null, dsbotId: null });
    expect(await bulk({ action: "deleteFinished" })).toBe(2);
    expect([...(await byId()).keys()]).toEqual([a.id]);
    expect((await rowsOf(other.id)).map((r) => r.status)).toEqual(["sent"]);
  });

  it("tells everyone who may see the plan about the new statuses, nobody else", async () => {
    const { plan, a, b, bulk } = await setup();
    const url = await listen(app);
    const reader = await createUser(app);
    await call("POST", `/api/attack-plans/${plan.id}/permission/user/${reader.id}`, { level: "read" });
    const stranger = await createUser(app);
    const sockets: TestSocket[] = [];
    try {
      const watching = openSocket(url, { token: await loginAs(app, reader), origin: "website" }, sockets);
      const outside = openSocket(url, { token: await loginAs(app, stranger), origin: "website" }, sockets);
      expect([await watching.outcome, await outside.outcome]).toEqual(["connected", "connected"]);
      expect(await bulk({ action: "status", selection: { ids: [a.id, b.id] }, status: "cancelled" })).toBe(2);
      const message = await waitForMessage(watching, "attacks-updated", (data) => data.planId === plan.id);
      expect(message.data.attacks.map((x) => [x.id, x.status]).sort()).toEqual([[a.id, "cancelled"], [b.id, "cancelled"]].sort());
      await settle();
      expect(outside.messages("attacks-updated")).toEqual([]);
    } finally {
      for (const socket of sockets) socket.socket.disconnect();
    }
  });

  it("refuses a bad bulk body in German", async () => {
    const { plan } = await setup();
    const response = await call("POST", `/api/attack-plans/${plan.id}/attacks/bulk`, { action: "status", selection: { ids: [] }, status: "sent" });
    expect(response.statusCode).toBe(400);
  });
});
