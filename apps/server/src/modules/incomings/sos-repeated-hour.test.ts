// A pasted SOS text with an arrival in the repeated autumn hour: refused with the question until the
// import says which occurrence is meant.
import type { IncomingListResponse } from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caller, importPlanWorld, PLAN_WORLD, type Call } from "../../../test/attack-plans.js";
import { createUser, loginAs } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";

let app: TestApp;
let user: Call;

beforeAll(async () => {
  app = await createTestApp();
  await importPlanWorld(app);
  user = caller(app, await loginAs(app, await createUser(app, { world: PLAN_WORLD })));
});
afterAll(async () => {
  await app?.dispose();
});

// 26.10.2031: Europe/Berlin goes back from 03:00 CEST to 02:00 CET.
const text = ["[b]Angegriffenes Dorf[/b]", "[coord]500|500[/coord]", "[b]1. Angriff[/b]", "Herkunft: [coord]520|480[/coord]", "Ankunftszeit: 26.10.31 02:30:00:000"].join("\n");

describe("POST /api/incomings/import in the repeated autumn hour", () => {
  it("asks by line without a choice and takes the occurrence chosen", async () => {
    const asked = await user("POST", "/api/incomings/import", { text });
    expect(asked.statusCode).toBe(400);
    expect(asked.json<{ error: { message: string } }>().error.message).toBe(
      "Zeile 5: Ankunftszeit „26.10.31 02:30:00:000“ gibt es in Europe/Berlin zweimal (Umstellung auf Winterzeit). " +
        "Bitte wähle, welche gemeint ist: die erste (Sommerzeit, UTC+2) oder die zweite (Winterzeit, UTC+1).",
    );
    expect((await user("POST", "/api/incomings/import", { text, repeatedHour: "dritte" })).statusCode).toBe(400);

    const taken = await user("POST", "/api/incomings/import", { text, repeatedHour: "second" });
    expect(taken.statusCode, taken.body).toBe(200);
    const listed = await user("GET", "/api/incomings");
    expect(listed.json<IncomingListResponse>().incomings.map((i) => i.arrivalTime)).toEqual([Date.UTC(2031, 9, 26, 1, 30)]);
  });
});
