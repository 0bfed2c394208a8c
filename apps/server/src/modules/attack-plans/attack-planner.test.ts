// The planner through the real app: attackers from pasted coordinates or from bots the caller may see,
// targets from any text, unknown coordinates listed, the world's unit speeds, noble range and night
// bonus; a preview changes nothing, `save` adds exactly the previewed attacks (edit access needed).
import type { PlannerResponse } from "@dsbot/protocol";
import { attackListResponseSchema, attackPlanMessages, plannerMessages, plannerResponseSchema, unitTravelSeconds } from "@dsbot/protocol";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Call } from "../../../test/attack-plans.js";
import { ARRIVAL, caller, errorOf, importPlanWorld, newPlan, PLAN_WORLD, planUnitInfo } from "../../../test/attack-plans.js";
import { createBot } from "../../../test/bots.js";
import { createUser, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { createTestApp } from "../../../test/test-app.js";
import { botTroops } from "../../db/schema.js";
import { replaceBotTroops } from "../troops/bot-troops.service.js";

let app: TestApp;
let call: Call;
let token: string;
beforeAll(async () => {
  app = await createTestApp();
  await importPlanWorld(app);
  token = await loginAs(app, await createUser(app, { world: PLAN_WORLD }));
  call = caller(app, token);
});
afterAll(() => app?.dispose());

/** ARRIVAL is 12:20 server time: a two-hour window outside the night bonus. */
const settings = {
  window: { from: ARRIVAL, to: ARRIVAL + 2 * 3_600_000 },
  counts: { attack: 1 },
  templates: { attack: { axe: 100, ram: 10 } },
};

async function plan(planId: number, body: object): Promise<PlannerResponse> {
  const response = await call("POST", `/api/attack-plans/${planId}/planner`, body);
  expect(response.statusCode, response.body).toBe(200);
  return plannerResponseSchema.parse(response.json());
}

async function tableOf(planId: number) {
  const response = await call("GET", `/api/attack-plans/${planId}/attacks?perPage=100&sortBy=sendTime`);
  return attackListResponseSchema.parse(response.json());
}

describe("planner", () => {
  it("previews attacks from pasted coordinates on targets from a text, listing unknown coordinates, saving nothing", async () => {
    const { id } = await newPlan(call);
    const preview = await plan(id, {
      attackers: { kind: "coords", text: "500|500\n501|499 und 1|1, noch einmal 500|500" },
      targets: "[coord]510|490[/coord] [coord]520|480[/coord] 2|2",
      settings,
    });
    expect(preview.unknownCoords).toEqual(["1|1", "2|2"]);
    expect(preview.saved).toBe(0);
    expect(preview.unserved).toEqual([]);
    expect(preview.attacks).toHaveLength(2);
    for (const attack of preview.attacks) {
      expect(["500|500", "501|499"]).toContain(attack.from);
      expect(attack).toMatchObject({ type: "attack", unit: "ram", units: { axe: 100, ram: 10 }, priority: 3, attacker: "Anna" });
      const [fx, fy] = attack.from.split("|").map(Number) as [number, number];
      const [tx, ty] = attack.to.split("|").map(Number) as [number, number];
      const travel = unitTravelSeconds({ x: fx, y: fy }, { x: tx, y: ty }, "ram", planUnitInfo);
      expect(attack.sendTime).toBe(attack.arrivalTime - travel * 1000);
      expect(attack.arrivalTime).toBeGreaterThanOrEqual(settings.window.from);
      expect(attack.arrivalTime).toBeLessThanOrEqual(settings.window.to);
    }
    expect(preview.attacks.map((a) => a.to).sort()).toEqual(["510|490", "520|480"]);
    expect(preview.attacks.find((a) => a.to === "520|480")).toMatchObject({ defender: "Carla 100%_x", toVillageId: 5 });
    expect((await tableOf(id)).totals).toBe(0);
  });

  it("saves exactly the previewed attacks into the plan", async () => {
    const { id } = await newPlan(call);
    const body = { attackers: { kind: "coords", text: "500|500 501|499" }, targets: "510|490 600|400", settings };
    const preview = await plan(id, body);
    const saved = await plan(id, { ...body, save: true });
    expect(saved.saved).toBe(2);
    expect(saved.attacks).toEqual(preview.attacks);
    const table = await tableOf(id);
    expect(table.totals).toBe(2);
    const rows = table.attacks.map((a) => ({ from: a.startVillage.coordinates, to: a.targetVillage.coordinates, sendTime: a.sendTime, arrivalTime: a.arrivalTime, status: a.status }));
    expect(rows).toEqual(
      [...preview.attacks]
        .sort((a, b) => a.sendTime - b.sendTime)
        .map((a) => ({ from: a.from, to: a.to, sendTime: a.sendTime, arrivalTime: a.arrivalTime, status: "planned" })),
    );
  });

  it("takes the villages of the players of bots the caller may see, and no one else's bots", async () => {
    const { id } = await newPlan(call);
    const anna = await createBot(app, token, { name: "anna", world: PLAN_WORLD.world });
    const stranger = await createUser(app);
    const bert = await createBot(app, await loginAs(app, stranger), { name: "Bert", world: PLAN_WORLD.world });
    const preview = await plan(id, {
      attackers: { kind: "bots", dsbotIds: [anna.id, bert.id, 2_147_483_648] },
      targets: "600|400 400|600",
      settings: { ...settings, counts: { attack: 2 } },
    });
    expect(preview.attacks.length).toBeGreaterThan(0);
    expect(new Set(preview.attacks.map((a) => a.from))).toEqual(new Set(["500|500", "501|499"]));
  });

  it("keeps nobles within the world's noble range and reports what cannot be served", async () => {
    const { id } = await newPlan(call);
    const preview = await plan(id, {
      attackers: { kind: "coords", text: "500|500" },
      // 600|400 is 141 fields away: beyond the world's 70.
      targets: "600|400",
      settings: { ...settings, counts: { conquer: 1 }, templates: { conquer: { snob: 1, axe: 100 } }, noblesFromUnknownVillages: true },
    });
    expect(preview.attacks).toEqual([]);
    expect(preview.unserved).toEqual([{ target: "600|400", type: "conquer", requested: 1, planned: 0, reason: plannerMessages.nobleRange(70) }]);
  });

  it("a read-only grantee may preview but not save; bad settings are German 400s", async () => {
    const { id } = await newPlan(call);
    const reader = await createUser(app);
    await call("POST", `/api/attack-plans/${id}/permission/user/${reader.id}`, { level: "read" });
    const readerCall = caller(app, await loginAs(app, reader));
    const body = { attackers: { kind: "coords", text: "500|500" }, targets: "510|490", settings };
    expect((await readerCall("POST", `/api/attack-plans/${id}/planner`, body)).statusCode).toBe(200);
    const refused = await readerCall("POST", `/api/attack-plans/${id}/planner`, { ...body, save: true });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(attackPlanMessages.readOnly);
    expect((await tableOf(id)).totals).toBe(0);

    const backwards = await call("POST", `/api/attack-plans/${id}/planner`, { ...body, settings: { ...settings, window: { from: ARRIVAL, to: ARRIVAL - 1 } } });
    expect(backwards.statusCode).toBe(400);
    expect(errorOf(backwards).message).toBe(plannerMessages.window);
  });
});

describe("planner with the bots' troops", () => {
  afterEach(async () => {
    await app.db.delete(botTroops);
  });

  /** Conquers on two targets within noble range: demand 4, one noble each; unscanned villages may send nobles too. */
  const nobles = { ...settings, counts: { conquer: 2 }, templates: { conquer: { snob: 1, axe: 50 } }, noblesFromUnknownVillages: true };
  const nobleBody = { attackers: { kind: "coords", text: "500|500 501|499" }, targets: "510|490 520|480", settings: nobles };
  /** Scans lie in the past (a future scan time counts as now). */
  const SCANNED = Date.UTC(2025, 0, 1, 12, 0);
  const scan = (villageId: number, units: Record<string, number>, scannedAt = SCANNED) => ({
    scannedAt,
    villages: [{ villageId, x: 500, y: 500, name: "Alpha", units }],
  });
  const sources = (preview: PlannerResponse) => preview.attacks.map((a) => a.from).sort();

  it("never plans more than a scanned village has; a village without a scan sends once (troops unknown)", async () => {
    const { id } = await newPlan(call);
    const anna = await createBot(app, token, { name: "Anna", world: PLAN_WORLD.world });
    // Alpha (500|500) has one noble at home; Beta (501|499) was never scanned.
    await replaceBotTroops(app.db, anna.id, scan(1, { snob: 1, axe: 500 }));
    expect(sources(await plan(id, nobleBody))).toEqual(["500|500", "501|499"]);

    // Three nobles: three conquers from Alpha, more than an unknown village may send.
    await replaceBotTroops(app.db, anna.id, scan(1, { snob: 3, axe: 500 }));
    const three = await plan(id, nobleBody);
    expect(sources(three)).toEqual(["500|500", "500|500", "500|500", "501|499"]);
    expect(three.unserved).toEqual([]);

    // Nothing at home: Alpha sends nothing.
    await replaceBotTroops(app.db, anna.id, scan(1, {}));
    expect(sources(await plan(id, nobleBody))).toEqual(["501|499"]);

    // Twenty axes and no noble where a noble template asks for one: the summary says no village can, and why.
    await replaceBotTroops(app.db, anna.id, scan(1, { axe: 20 }));
    const none = await plan(id, { ...nobleBody, settings: { ...nobles, noblesFromUnknownVillages: false } });
    expect(none.attacks).toEqual([]);
    expect(none.attackerVillages).toEqual({ villages: 2, scanned: 1, able: { conquer: 0 }, fitted: {} });
    const offensive = { ...nobles, counts: { attack: 1 }, templates: { attack: { axe: 6000, ram: 250 } } };
    // The unscanned Beta may send an attack; alone, Alpha cannot, and its 20 axes are the template it could send.
    expect((await plan(id, { ...nobleBody, settings: offensive })).attackerVillages).toEqual({ villages: 2, scanned: 1, able: { attack: 1 }, fitted: {} });
    const alphaOnly = await plan(id, { ...nobleBody, attackers: { kind: "coords", text: "500|500" }, settings: offensive });
    expect(alphaOnly.attackerVillages).toEqual({ villages: 1, scanned: 1, able: { attack: 0 }, fitted: { attack: { axe: 20 } } });

    // By default nobles go only from scanned villages: the unknown Beta sends none, and says why.
    await replaceBotTroops(app.db, anna.id, scan(1, { snob: 1, axe: 500 }));
    const scannedOnly = await plan(id, { ...nobleBody, settings: { ...nobles, noblesFromUnknownVillages: false } });
    expect(sources(scannedOnly)).toEqual(["500|500"]);
    expect(scannedOnly.unserved).toContainEqual(expect.objectContaining({ type: "conquer", reason: plannerMessages.unknownTroops }));
  });

  it("takes the newest scan of the village's player's bots, and none of bots of another player, world or user", async () => {
    const { id } = await newPlan(call);
    const older = await createBot(app, token, { name: "anna", world: PLAN_WORLD.world });
    const newer = await createBot(app, token, { name: "Anna", world: PLAN_WORLD.world });
    await replaceBotTroops(app.db, newer.id, scan(1, { snob: 3, axe: 500 }, SCANNED + 3_600_000));
    await replaceBotTroops(app.db, older.id, scan(1, {}, SCANNED));
    expect(sources(await plan(id, nobleBody))).toEqual(["500|500", "500|500", "500|500", "501|499"]);
    await app.db.delete(botTroops);

    // Scans that must not count: by Bert's bot (not Alpha's owner), by Anna's bot on another world, and
    // by a stranger's bot for Anna (the caller may not see it). Alpha stays unknown: one attack.
    const bert = await createBot(app, token, { name: "Bert", world: PLAN_WORLD.world });
    const elsewhere = await createBot(app, token, { name: "Anna", world: "de231" });
    const strangers = await createBot(app, await loginAs(app, await createUser(app)), { name: "Anna", world: PLAN_WORLD.world });
    for (const bot of [bert, elsewhere, strangers]) await replaceBotTroops(app.db, bot.id, scan(1, { snob: 3, axe: 500 }));
    expect(sources(await plan(id, nobleBody))).toEqual(["500|500", "501|499"]);
  });
});
