// GET /api/attack-plans/{id}/village-troops: the attack form's warning reads the start village's last
// scan, from a bot of the village's player that the caller may see (as the planner caps attackers). A
// plan shared with someone opens no bot's troops to them; no scan answers null.
import type { AttackVillageTroopsResponse } from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caller, importPlanWorld, newPlan, PLAN_WORLD, type Call } from "../../../test/attack-plans.js";
import { createBot } from "../../../test/bots.js";
import { createUser, loginAs } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { replaceBotTroops } from "../troops/bot-troops.service.js";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  await importPlanWorld(app);
});
afterAll(() => app?.dispose());

async function person(): Promise<{ id: number; token: string; call: Call }> {
  const user = await createUser(app);
  const token = await loginAs(app, user);
  return { id: user.id, token, call: caller(app, token) };
}

const troopsAt = async (call: Call, planId: number, coords: string) => {
  const response = await call("GET", `/api/attack-plans/${planId}/village-troops?coords=${encodeURIComponent(coords)}`);
  return { status: response.statusCode, troops: response.statusCode === 200 ? response.json<AttackVillageTroopsResponse>().troops : undefined };
};

describe("the start village's last scan for the attack form", () => {
  it("answers the units at home by the newest scan of a bot the caller may see, else null", async () => {
    const owner = await person();
    const reader = await person();
    const stranger = await person();
    const plan = await newPlan(owner.call, "Scanplan");
    expect((await owner.call("POST", `/api/attack-plans/${plan.id}/permission/user/${reader.id}`, { level: "read" })).statusCode).toBe(204);

    // No bot, no scan: nothing to warn about.
    expect(await troopsAt(owner.call, plan.id, "500|500")).toEqual({ status: 200, troops: null });

    // Anna's bot (village 1 at 500|500 is hers) scanned 20 axes there five minutes ago.
    const bot = await createBot(app, owner.token, { name: "Anna", world: PLAN_WORLD.world });
    const scannedAt = Date.now() - 5 * 60_000;
    await replaceBotTroops(app.db, bot.id, { scannedAt, villages: [{ villageId: 1, x: 500, y: 500, name: "Alpha", units: { axe: 20, spy: 3 } }] });
    expect(await troopsAt(owner.call, plan.id, "500|500")).toEqual({
      status: 200,
      troops: { villageId: 1, coordinates: "500|500", units: { axe: 20, spy: 3 }, scannedAt },
    });
    // Another village of hers without a scan, and coordinates without a village.
    expect(await troopsAt(owner.call, plan.id, "501|499")).toEqual({ status: 200, troops: null });
    expect(await troopsAt(owner.call, plan.id, "1|1")).toEqual({ status: 200, troops: null });

    // Reading the plan opens no bot: the reader sees no troops until the bot is shared with them.
    expect(await troopsAt(reader.call, plan.id, "500|500")).toEqual({ status: 200, troops: null });
    expect((await owner.call("POST", `/api/dsbot/${bot.id}/permission/user/${reader.id}`)).statusCode).toBe(204);
    expect((await troopsAt(reader.call, plan.id, "500|500")).troops?.units).toEqual({ axe: 20, spy: 3 });

    // Someone else's plan is not found, whatever its troops.
    expect((await troopsAt(stranger.call, plan.id, "500|500")).status).toBe(404);
  });

  it("a scan of a bot whose player does not own the village is not the village's", async () => {
    const owner = await person();
    const plan = await newPlan(owner.call, "Fremdes Dorf");
    // Bert's bot reporting village 1 (Anna's) counts for nothing here.
    const bot = await createBot(app, owner.token, { name: "Bert", world: PLAN_WORLD.world });
    await replaceBotTroops(app.db, bot.id, { scannedAt: Date.now(), villages: [{ villageId: 1, x: 500, y: 500, name: "Alpha", units: { axe: 999 } }] });
    expect(await troopsAt(owner.call, plan.id, "500|500")).toEqual({ status: 200, troops: null });
  });
});
