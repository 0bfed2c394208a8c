// The "Dörfer" tab's data (issue 23): a scan's villages arrive in parts; the last part drops villages the
// scan no longer listed; the route lists them by name for those who may see the bot.
import type { BotVillageReport, BotVillageStatesResponse } from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caller, type Call } from "../../../test/attack-plans.js";
import { createBot } from "../../../test/bots.js";
import { createUser, loginAs } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { storeBotVillages } from "./bot-villages.service.js";

let app: TestApp;
let owner: Call;
let stranger: Call;
let botId: number;

beforeAll(async () => {
  app = await createTestApp();
  const token = await loginAs(app, await createUser(app));
  owner = caller(app, token);
  stranger = caller(app, await loginAs(app, await createUser(app)));
  botId = (await createBot(app, token, { name: "Dora" })).id;
});
afterAll(async () => {
  await app?.dispose();
});

const village = (villageId: number, name: string, main: number): BotVillageReport => ({
  villageId,
  x: 500 + villageId,
  y: 500,
  name,
  units: { spear: 10 * villageId },
  state: {
    points: 100 * main,
    buildings: { main, wood: 5 },
    resources: { wood: 1000, stone: 2000, iron: 3000 },
    storageCapacity: 5000,
    population: { used: 100, max: 500 },
    buildQueue: [{ building: "main", level: main + 1, finishesAt: Date.UTC(2026, 0, 5, 13) }],
    recruitQueue: [],
  },
});

describe("bot villages", () => {
  it("keeps the villages of the last scan, sent in parts, and lists them by name", async () => {
    const first = Date.UTC(2026, 0, 5, 12);
    await storeBotVillages(app.db, botId, { scannedAt: first, last: false, villages: [village(1, "Zeta", 3)] });
    expect(await storeBotVillages(app.db, botId, { scannedAt: first, last: true, villages: [village(2, "Alpha", 5), village(3, "Mitte", 1)] })).toBe(3);
    const listed = (await owner("GET", `/api/dsbot/${botId}/village-states`)).json<BotVillageStatesResponse>().villages;
    expect(listed.map((v) => [v.name, v.coordinates, v.buildings.main, v.units])).toEqual([
      ["Alpha", "502|500", 5, { spear: 20 }],
      ["Mitte", "503|500", 1, { spear: 30 }],
      ["Zeta", "501|500", 3, { spear: 10 }],
    ]);
    expect(listed[0]).toMatchObject({ points: 500, resources: { wood: 1000, stone: 2000, iron: 3000 }, scannedAt: first });

    // The next scan lists village 1 only (renamed, levels up): the others go with its last part.
    const second = first + 60_000;
    expect(await storeBotVillages(app.db, botId, { scannedAt: second, last: true, villages: [village(1, "Zeta Neu", 4)] })).toBe(1);
    const again = (await owner("GET", `/api/dsbot/${botId}/village-states`)).json<BotVillageStatesResponse>().villages;
    expect(again.map((v) => [v.name, v.buildings.main, v.scannedAt])).toEqual([["Zeta Neu", 4, second]]);
    expect((await stranger("GET", `/api/dsbot/${botId}/village-states`)).statusCode).toBe(404);
  });

  it("keeps every part of a scan whose runner's clock is ahead of the server's", async () => {
    const ahead = Date.now() + 3_600_000;
    await storeBotVillages(app.db, botId, { scannedAt: ahead, last: false, villages: [village(4, "Vorne", 2)] });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await storeBotVillages(app.db, botId, { scannedAt: ahead, last: true, villages: [village(5, "Hinten", 2)] })).toBe(2);
  });
});
