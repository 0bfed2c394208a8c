// "Verteidigen" through the real planner route: supports only, one from each chosen bot's player (the
// nearest village that makes it), leaving at least DEFEND_LEAD_MS after the run and landing by the
// deadline; saving puts the plan on the sending bots' Offplaner Scanner (switched on). A deadline no
// support can make, pasted coordinates, or bots the caller may not see answer a German 400.
import { DEFEND_LEAD_MS, plannerMessages, plannerResponseSchema } from "@dsbot/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Call } from "../../../test/attack-plans.js";
import { caller, errorOf, importPlanWorld, newPlan, PLAN_WORLD } from "../../../test/attack-plans.js";
import { createBot } from "../../../test/bots.js";
import { createUser, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { createTestApp } from "../../../test/test-app.js";
import { dsbots } from "../../db/schema.js";
import { readModule } from "../dsbots/bot-modules.js";

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

/** Delta (520|480) is attacked; Anna's nearest village is Beta (501|499), Bert's Gamma (510|490). */
const TARGET = "520|480";

function body(dsbotIds: number[], deadline: number, save = false, extra: object = {}) {
  return {
    attackers: { kind: "bots", dsbotIds },
    targets: TARGET,
    // The form's window: from now to the deadline; the counts of other types are ignored.
    settings: { window: { from: Date.now(), to: deadline }, counts: { attack: 3, support: 1 }, templates: { attack: { axe: 100 }, support: { spear: 100 } } },
    defend: true,
    save,
    ...extra,
  };
}

describe("planner for 'Verteidigen'", () => {
  it("plans one support from each bot's player, leaving a minute from now and landing by the deadline, and hands the plan to those bots", async () => {
    const { id } = await newPlan(call);
    const anna = await createBot(app, token, { name: "Anna", world: PLAN_WORLD.world });
    const bert = await createBot(app, token, { name: "Bert", world: PLAN_WORLD.world });
    const deadline = Date.now() + 12 * 3_600_000;
    const before = Date.now();
    const preview = plannerResponseSchema.parse((await call("POST", `/api/attack-plans/${id}/planner`, body([anna.id, bert.id], deadline))).json());
    expect(preview.attacks.map((a) => [a.attacker, a.from, a.type]).sort()).toEqual([
      ["Anna", "501|499", "support"],
      ["Bert", "510|490", "support"],
    ]);
    for (const support of preview.attacks) {
      expect(support.sendTime).toBeGreaterThanOrEqual(before + DEFEND_LEAD_MS);
      expect(support.arrivalTime).toBeLessThanOrEqual(deadline);
      expect(support.units).toEqual({ spear: 100 });
    }
    expect(preview.senders).toBeUndefined();
    // Nothing was handed over by the preview.
    const [untouched] = await app.db.select().from(dsbots).where(eq(dsbots.id, anna.id));
    expect(readModule(untouched!.modules, "attack-planner-scanner").enabled).toBe(false);

    const response = await call("POST", `/api/attack-plans/${id}/planner`, body([anna.id, bert.id], deadline, true));
    expect(response.statusCode, response.body).toBe(200);
    const saved = plannerResponseSchema.parse(response.json());
    expect(saved.saved).toBe(2);
    expect(saved.senders?.map((s) => s.name)).toEqual(["Anna", "Bert"]);
    for (const bot of [anna, bert]) {
      const [row] = await app.db.select().from(dsbots).where(eq(dsbots.id, bot.id));
      const scanner = readModule(row!.modules, "attack-planner-scanner");
      expect(scanner.enabled).toBe(true);
      expect(scanner.config.attackPlanIds).toEqual([id]);
    }
  });

  it("refuses a deadline no support can make, pasted coordinates and bots the caller may not see, in German", async () => {
    const { id } = await newPlan(call);
    const anna = await createBot(app, token, { name: "Anna", world: PLAN_WORLD.world });
    const tooSoon = await call("POST", `/api/attack-plans/${id}/planner`, body([anna.id], Date.now() + 30_000));
    expect(tooSoon.statusCode).toBe(400);
    expect(errorOf(tooSoon).message).toBe(plannerMessages.defendTooLate);
    // A deadline before the window's start is the same answer, not the form's "Ende … nach dem Anfang".
    const past = Date.now() - 60_000;
    const reversed = await call("POST", `/api/attack-plans/${id}/planner`, { ...body([anna.id], past), settings: { ...body([anna.id], past).settings, window: { from: past, to: past } } });
    expect(errorOf(reversed).message).toBe(plannerMessages.defendTooLate);

    const coords = await call("POST", `/api/attack-plans/${id}/planner`, { ...body([anna.id], Date.now() + 3_600_000), attackers: { kind: "coords", text: "500|500" } });
    expect(coords.statusCode).toBe(400);
    expect(errorOf(coords).message).toBe(plannerMessages.defendNeedsBots);
    const strangers = await createBot(app, await loginAs(app, await createUser(app)), { name: "Bert", world: PLAN_WORLD.world });
    const foreign = await call("POST", `/api/attack-plans/${id}/planner`, body([strangers.id], Date.now() + 3_600_000, true));
    expect(errorOf(foreign).message).toBe(plannerMessages.defendNeedsBots);
    const [row] = await app.db.select().from(dsbots).where(eq(dsbots.id, strangers.id));
    expect(readModule(row!.modules, "attack-planner-scanner").enabled).toBe(false);
  });
});
