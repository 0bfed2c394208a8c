// DS Workbench's dynamic troop amounts through the real app: a line of today's DS
// Workbench with a multiplier and "alle" formulas imports as attacks that keep their formulas, timed by
// the slowest unit with a formula; the table, the form's REST calls and every export show them, and the
// DS Workbench and CSV exports give them back unchanged.
import type { Attack } from "@dsbot/protocol";
import { attackResponseSchema, troopFormulaMessages, unitTravelSeconds } from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Call } from "../../../test/attack-plans.js";
import { ARRIVAL, attackRowsOf, caller, errorOf, importPlanWorld, newPlan, planUnitInfo, villageAt } from "../../../test/attack-plans.js";
import { createUser, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { createTestApp } from "../../../test/test-app.js";

let app: TestApp;
let call: Call;
beforeAll(async () => {
  app = await createTestApp();
  await importPlanWorld(app);
  call = caller(app, await loginAs(app, await createUser(app)));
});
afterAll(() => app?.dispose());

const rowsOf = (planId: number): Promise<Attack[]> => attackRowsOf(call, planId);

async function exportText(planId: number, format: string): Promise<string> {
  const response = await call("POST", `/api/attack-plans/${planId}/export`, { format });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ text: string }>().text;
}

/** Java's Base64.getUrlEncoder (padded), as DS Workbench writes an amount. */
const base64UrlEncode = (text: string) => Buffer.from(text, "utf8").toString("base64").replace(/\+/g, "-").replace(/\//g, "_");

const from = villageAt("500|500");
const to = villageAt("510|490");
const troops = `spear=MA==/axe=${base64UrlEncode("alle-100")}/spy=${base64UrlEncode("5")}/ram=${base64UrlEncode("alle")}/snob=MA==`;

describe("troop formulas", () => {
  it("imports a nine-field DS Workbench line (multiplier 2, 'alle') as two attacks that keep their formulas, and exports them back", async () => {
    const plan = await newPlan(call);
    const line = `${from.id}&${to.id}&axe&${ARRIVAL}&2&true&false&${troops}&2`;
    const imported = await call("POST", `/api/attack-plans/${plan.id}/import`, { format: "dswb", text: line });
    expect(imported.statusCode, imported.body).toBe(200);
    const rows = await rowsOf(plan.id);
    expect(rows).toHaveLength(2);
    // Timed by the rams (slowest with a formula), not by the unit field's axes.
    const travel = unitTravelSeconds(from, to, "ram", planUnitInfo);
    for (const row of rows) {
      expect(row).toMatchObject({ units: { spy: 5 }, formulas: { axe: "alle-100", ram: "alle" }, unit: "ram", arrivalTime: ARRIVAL });
      expect(row.sendTime).toBe(ARRIVAL - travel * 1000);
    }
    const dswb = await exportText(plan.id, "dswb");
    for (const out of dswb.trim().split("\n")) {
      expect(out).toContain(`axe=${base64UrlEncode("alle-100")}`);
      expect(out).toContain(`ram=${base64UrlEncode("alle")}`);
    }
    const csv = await exportText(plan.id, "csv");
    const [header, first] = csv.split("\r\n");
    const cells = (first ?? "").split(";");
    const column = (name: string) => cells[(header ?? "").split(";").indexOf(name)];
    expect([column("Axtkämpfer"), column("Rammbock"), column("Späher")]).toEqual(["alle-100", "alle", "5"]);

    // Both exports read back to the same attacks.
    for (const [format, text] of [["dswb", dswb], ["csv", csv]] as const) {
      const copy = await newPlan(call, `Kopie ${format}`);
      const again = await call("POST", `/api/attack-plans/${copy.id}/import`, { format, text });
      expect(again.statusCode, again.body).toBe(200);
      expect((await rowsOf(copy.id)).map((a) => [a.units, a.formulas, a.unit, a.sendTime])).toEqual(rows.map((a) => [a.units, a.formulas, a.unit, a.sendTime]));
    }
  });

  it("takes formulas in the attack form's REST calls, refuses bad ones in German at their unit, and clears them on edit", async () => {
    const plan = await newPlan(call);
    const created = await call("POST", `/api/attack-plans/${plan.id}/attacks`, {
      from: "500|500",
      to: "510|490",
      type: "attack",
      units: {},
      formulas: { light: " 50% " },
      arrival: ARRIVAL,
    });
    expect(created.statusCode, created.body).toBe(201);
    const attack = attackResponseSchema.parse(created.json()).attack;
    expect(attack).toMatchObject({ units: {}, formulas: { light: "50%" }, unit: "light" });

    const bad = await call("POST", `/api/attack-plans/${plan.id}/attacks`, { from: "500|500", to: "510|490", units: {}, formulas: { axe: "alles" }, arrival: ARRIVAL });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).issues).toContain(troopFormulaMessages.word("alles"));
    const both = await call("POST", `/api/attack-plans/${plan.id}/attacks`, { from: "500|500", to: "510|490", units: { axe: 5 }, formulas: { axe: "alle" }, arrival: ARRIVAL });
    expect(both.statusCode).toBe(400);

    const edited = await call("PUT", `/api/attack-plans/${plan.id}/attacks/${attack.id}`, { from: "500|500", to: "510|490", type: "attack", units: { axe: 10 }, arrival: ARRIVAL });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(attackResponseSchema.parse(edited.json()).attack.formulas).toBeUndefined();
  });
});
