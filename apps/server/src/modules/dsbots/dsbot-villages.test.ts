// GET /api/dsbot/{id}/villages: the bot's player's villages on its world, by name, for the module forms.
import { botVillagesResponseSchema } from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caller, importPlanWorld, PLAN_WORLD } from "../../../test/attack-plans.js";
import { createBot } from "../../../test/bots.js";
import { createUser, loginAs } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await createTestApp();
  await importPlanWorld(app);
  token = await loginAs(app, await createUser(app, { world: PLAN_WORLD }));
});
afterAll(() => app?.dispose());

describe("GET /api/dsbot/:id/villages", () => {
  it("lists the villages of the bot's player on its world, by name; none for a world without data", async () => {
    const anna = await createBot(app, token, { name: "anna", world: PLAN_WORLD.world });
    const response = await caller(app, token)("GET", `/api/dsbot/${anna.id}/villages`);
    expect(response.statusCode, response.body).toBe(200);
    const { villages } = botVillagesResponseSchema.parse(response.json());
    // The player's name matches whatever its case; the villages come sorted by name.
    expect(villages.map((v) => v.coordinates)).toEqual(["500|500", "501|499"]);
    expect(villages.map((v) => v.name)).toEqual([...villages.map((v) => v.name)].sort((a, b) => a.localeCompare(b, "de")));

    const elsewhere = await createBot(app, token, { name: "anna", world: "de999" });
    const none = await caller(app, token)("GET", `/api/dsbot/${elsewhere.id}/villages`);
    expect(none.json()).toEqual({ villages: [] });
  });
});
