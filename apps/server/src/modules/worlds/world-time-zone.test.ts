// Each market's server time, through the real app: a tribalwars.co.uk world runs on UK
// time in the user's and the plan's answers, the night bonus of the planner and the CSV and BB-code
// exports and imports, across both clock changes; an admin corrects a world's zone on Welten, and the
// change shows at once.
import type { AttackPlan, World, WorldSummary } from "@dsbot/protocol";
import { exportJson, importMessages, meResponseSchema, serverTimeMessages, plannerMessages, plannerResponseSchema, timeZoneMessages, worldResponseSchema, worldsResponseSchema } from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Call } from "../../../test/attack-plans.js";
import { caller, errorOf, importPlanWorld, newPlan, PLAN_WORLD } from "../../../test/attack-plans.js";
import { createUser, loginAdmin, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { createTestApp } from "../../../test/test-app.js";

const UK: World = { server: "tribalwars.co.uk", world: "uk80" };

/** Both clock changes of 2031 in the UK: 30 March (01:00 GMT → 02:00 BST) and 26 October (02:00 BST → 01:00 GMT). */
const BEFORE_SPRING = Date.UTC(2031, 2, 30, 0, 30, 0, 7); //  00:30 GMT
const AFTER_SPRING = Date.UTC(2031, 2, 30, 1, 30, 0, 8); //   02:30 BST
const FIRST_AUTUMN = Date.UTC(2031, 9, 26, 0, 30, 0, 9); //   01:30 BST
const SECOND_AUTUMN = Date.UTC(2031, 9, 26, 1, 30, 0, 10); // 01:30 GMT
const WINTER = Date.UTC(2031, 11, 24, 17, 0, 0, 123); //      17:00 GMT, 18:00 in Berlin

let app: TestApp;
let admin: Call;
let user: Call;
let ukWorldId: number;
beforeAll(async () => {
  app = await createTestApp();
  ukWorldId = await importPlanWorld(app, UK);
  await importPlanWorld(app, PLAN_WORLD);
  admin = caller(app, await loginAdmin(app));
  user = caller(app, await loginAs(app, await createUser(app, { world: UK })));
});
afterAll(() => app?.dispose());

async function worldOf(id: number): Promise<WorldSummary> {
  const list = worldsResponseSchema.parse((await admin("GET", "/api/worlds")).json());
  const world = list.worlds.find((w) => w.id === id);
  if (!world) throw new Error(`no world ${id}`);
  return world;
}

async function importJson(plan: AttackPlan, arrivals: number[]): Promise<void> {
  const attacks = arrivals.map((arrival) => ({ from: { x: 500, y: 500 }, to: { x: 510, y: 490 }, type: "attack" as const, units: { axe: 100 }, unit: "axe" as const, arrival, priority: 3 }));
  const response = await user("POST", `/api/attack-plans/${plan.id}/import`, { format: "json", text: exportJson(attacks) });
  expect(response.statusCode, response.body).toBe(200);
}

async function exported(plan: AttackPlan, body: object): Promise<string> {
  const response = await user("POST", `/api/attack-plans/${plan.id}/export`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ text: string }>().text;
}

/** One column of the CSV's rows (after the header). */
const csvColumn = (csv: string, index: number) =>
  csv
    .trim()
    .split("\r\n")
    .slice(1)
    .map((line) => line.split(";")[index]);

describe("server time per market", () => {
  it("a tribalwars.co.uk world, its user and its plans run on Europe/London", async () => {
    const world = await worldOf(ukWorldId);
    expect(world).toMatchObject({ timeZone: "Europe/London", timeZoneDefault: "Europe/London" });
    expect(meResponseSchema.parse((await user("GET", "/api/auth/me")).json()).user.timeZone).toBe("Europe/London");
    expect((await newPlan(user, "UK", UK)).timeZone).toBe("Europe/London");
    expect((await newPlan(user, "DE", PLAN_WORLD)).timeZone).toBe("Europe/Berlin");
  });

  it("exports the arrival in UK time across both clock changes (CSV and BB code) and reads it back", async () => {
    const plan = await newPlan(user, "Umstellung", UK);
    await importJson(plan, [BEFORE_SPRING, AFTER_SPRING, FIRST_AUTUMN, SECOND_AUTUMN, WINTER]);
    const csv = await exported(plan, { format: "csv" });
    expect(csvColumn(csv, 4)).toEqual(["30.03.31 00:30:00:007", "30.03.31 02:30:00:008", "26.10.31 01:30:00:009", "26.10.31 01:30:00:010", "24.12.31 17:00:00:123"]);
    const bb = await exported(plan, { format: "plain", template: "%LIST_START%%ARRIVE%%LIST_END%" });
    expect(bb.trim().split("\n")).toEqual([
      "30.03.31 um 00:30:00.007",
      "30.03.31 um 02:30:00.008",
      "26.10.31 um 01:30:00.009",
      "26.10.31 um 01:30:00.010",
      "24.12.31 um 17:00:00.123",
    ]);

    // The CSV comes back exactly (the ms column keeps the repeated hour apart); an edited "Ankunft" is read as UK time.
    const copy = await newPlan(user, "Kopie", UK);
    const edited = csv.replace("24.12.31 17:00:00:123", "24.12.31 19:00:00:123");
    const imported = await user("POST", `/api/attack-plans/${copy.id}/import`, { format: "csv", text: edited });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(csvColumn(await exported(copy, { format: "csv" }), 5)).toEqual(
      [BEFORE_SPRING, AFTER_SPRING, FIRST_AUTUMN, SECOND_AUTUMN, WINTER + 2 * 3_600_000].map(String),
    );
    // 01:30 does not exist on a UK clock on 30 March.
    const skipped = await user("POST", `/api/attack-plans/${copy.id}/import`, { format: "csv", text: csv.replace("30.03.31 02:30:00:008", "30.03.31 01:30:00:008").replace(`;${AFTER_SPRING};`, ";;") });
    expect(skipped.statusCode).toBe(400);
    expect(errorOf(skipped).issues).toContain(`Zeile 3: ${importMessages.csvArrivalReason("30.03.31 01:30:00:008", serverTimeMessages.skipped("Europe/London"))}`);
    // 01:30 comes twice on 26 October: without the ms column the import asks, then takes the occurrence chosen.
    const repeated = csv.replace(`;${SECOND_AUTUMN};`, ";;");
    const asked = await user("POST", `/api/attack-plans/${copy.id}/import`, { format: "csv", text: repeated, replace: true });
    expect(asked.statusCode).toBe(400);
    expect(errorOf(asked).issues.join("\n")).toContain("Zeile 5: Ankunft: „26.10.31 01:30:00:010“: „26.10.31 01:30:00:010“ gibt es in Europe/London zweimal");
    const chosen = await user("POST", `/api/attack-plans/${copy.id}/import`, { format: "csv", text: repeated, replace: true, repeatedHour: "second" });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(csvColumn(await exported(copy, { format: "csv" }), 5)).toEqual([BEFORE_SPRING, AFTER_SPRING, FIRST_AUTUMN, SECOND_AUTUMN, WINTER].map(String));
  });

  it("avoids the night bonus on the world's clock: 0–8 UK time, an hour later than in Berlin", async () => {
    // 23:00–01:00 UTC in winter: 23:00–01:00 in London (free until midnight), 00:00–02:00 in Berlin (all night).
    const settings = {
      window: { from: Date.UTC(2031, 11, 9, 23), to: Date.UTC(2031, 11, 10, 1) },
      counts: { attack: 1 },
      templates: { attack: { axe: 100 } },
      avoidNightBonus: true,
    };
    const body = { attackers: { kind: "coords", text: "500|500" }, targets: "510|490", settings };
    const uk = await newPlan(user, "Nacht UK", UK);
    const ukAnswer = plannerResponseSchema.parse((await user("POST", `/api/attack-plans/${uk.id}/planner`, body)).json());
    expect(ukAnswer.attacks).toHaveLength(1);
    expect(ukAnswer.attacks[0]?.arrivalTime).toBe(Date.UTC(2031, 11, 9, 23));
    const de = await newPlan(user, "Nacht DE", PLAN_WORLD);
    const deAnswer = plannerResponseSchema.parse((await user("POST", `/api/attack-plans/${de.id}/planner`, body)).json());
    expect(deAnswer.attacks).toHaveLength(0);
    expect(deAnswer.unserved[0]?.reason).toBe(plannerMessages.nightOnly);
  });

  it("an admin corrects a world's zone; users, plans and exports follow at once; null goes back to the market's", async () => {
    const plan = await newPlan(user, "Korrektur", UK);
    await importJson(plan, [WINTER]);
    const refused = await admin("PATCH", `/api/worlds/${ukWorldId}`, { timeZone: "Europe/Atlantis" });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).issues).toContain(timeZoneMessages.unknown);
    expect((await user("PATCH", `/api/worlds/${ukWorldId}`, { timeZone: "Europe/Berlin" })).statusCode).toBe(403);
    expect((await admin("PATCH", `/api/worlds/${ukWorldId}`, {})).statusCode).toBe(400);

    const set = await admin("PATCH", `/api/worlds/${ukWorldId}`, { timeZone: "Europe/Berlin" });
    expect(set.statusCode, set.body).toBe(200);
    expect(worldResponseSchema.parse(set.json()).world).toMatchObject({ timeZone: "Europe/Berlin", timeZoneDefault: "Europe/London", syncEnabled: false });
    expect(meResponseSchema.parse((await user("GET", "/api/auth/me")).json()).user.timeZone).toBe("Europe/Berlin");
    expect((await user("GET", `/api/attack-plans/${plan.id}`)).json<{ attackPlan: AttackPlan }>().attackPlan.timeZone).toBe("Europe/Berlin");
    expect(await exported(plan, { format: "plain", template: "%ARRIVE%" })).toBe("24.12.31 um 18:00:00.123\n");

    const reset = await admin("PATCH", `/api/worlds/${ukWorldId}`, { timeZone: null });
    expect(worldResponseSchema.parse(reset.json()).world.timeZone).toBe("Europe/London");
    expect(meResponseSchema.parse((await user("GET", "/api/auth/me")).json()).user.timeZone).toBe("Europe/London");
    expect(await exported(plan, { format: "plain", template: "%ARRIVE%" })).toBe("24.12.31 um 17:00:00.123\n");
  });
});
