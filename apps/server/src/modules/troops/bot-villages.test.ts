// The "Dörfer" tab's data: a scan's villages arrive in parts; the last part drops villages the
// scan no longer listed; the route lists them by name, a page at a time, for those who may see the bot.
// A bot's villages are bounded (BOT_VILLAGES_MAX), a part names each village once, and a scan's time is
// near the server's clock (docs/SECURITY.md, Limits).
import type { BotVillageReport, BotVillageStatesResponse, BotVillagesReport } from "@dsbot/protocol";
import { BOT_VILLAGES_MAX, BOT_VILLAGES_PART_MAX, villageStateMessages } from "@dsbot/protocol";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { caller, type Call } from "../../../test/attack-plans.js";
import { ack, createBot, runningBot } from "../../../test/bots.js";
import { createUser, loginAs } from "../../../test/factories.js";
import { useListeningApp } from "../../../test/listening-app.js";
import type { TestApp } from "../../../test/test-app.js";
import { botVillages } from "../../db/schema.js";
import { storeBotVillages } from "./bot-villages.service.js";

let app: TestApp;
let url: string;
const sockets = useListeningApp((a, u) => ((app = a), (url = u)));
let token: string;
let owner: Call;
let stranger: Call;

beforeAll(async () => {
  token = await loginAs(app, await createUser(app));
  owner = caller(app, token);
  stranger = caller(app, await loginAs(app, await createUser(app)));
});

const village = (villageId: number, name: string, main: number): BotVillageReport => ({
  villageId,
  x: 100 + (villageId % 800),
  y: 100 + Math.floor(villageId / 800),
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
/** Villages `from`, `from + 1`, … named so that their order by name is their order by id. */
const villagesFrom = (from: number, n: number) => Array.from({ length: n }, (_, i) => village(from + i, `Dorf ${String(from + i).padStart(5, "0")}`, 1));

async function onRecord(dsbotId: number): Promise<number> {
  const [row] = await app.db.select({ n: count() }).from(botVillages).where(eq(botVillages.dsbotId, dsbotId));
  return row?.n ?? 0;
}

describe("bot villages", () => {
  it("keeps the villages of the last scan, sent in parts, and lists them by name", async () => {
    const botId = (await createBot(app, token, { name: "Dora" })).id;
    const first = Date.now() - 120_000;
    await storeBotVillages(app.db, botId, { scannedAt: first, last: false, villages: [village(1, "Zeta", 3)] });
    expect(await storeBotVillages(app.db, botId, { scannedAt: first, last: true, villages: [village(2, "Alpha", 5), village(3, "Mitte", 1)] })).toBe(3);
    const listed = (await owner("GET", `/api/dsbot/${botId}/village-states`)).json<BotVillageStatesResponse>();
    expect(listed.villages.map((v) => [v.name, v.coordinates, v.buildings.main, v.units])).toEqual([
      ["Alpha", "102|100", 5, { spear: 20 }],
      ["Mitte", "103|100", 1, { spear: 30 }],
      ["Zeta", "101|100", 3, { spear: 10 }],
    ]);
    expect(listed.villages[0]).toMatchObject({ points: 500, resources: { wood: 1000, stone: 2000, iron: 3000 }, scannedAt: first });
    expect(listed).toMatchObject({ totals: 3, scannedAt: first });

    // The next scan lists village 1 only (renamed, levels up): the others go with its last part.
    const second = first + 60_000;
    expect(await storeBotVillages(app.db, botId, { scannedAt: second, last: true, villages: [village(1, "Zeta Neu", 4)] })).toBe(1);
    const again = (await owner("GET", `/api/dsbot/${botId}/village-states`)).json<BotVillageStatesResponse>().villages;
    expect(again.map((v) => [v.name, v.buildings.main, v.scannedAt])).toEqual([["Zeta Neu", 4, second]]);
    expect((await stranger("GET", `/api/dsbot/${botId}/village-states`)).statusCode).toBe(404);
  });

  it("keeps every part of a scan whose runner's clock is ahead of the server's", async () => {
    const botId = (await createBot(app, token, { name: "Vorne" })).id;
    const ahead = Date.now() + 3_600_000;
    await storeBotVillages(app.db, botId, { scannedAt: ahead, last: false, villages: [village(4, "Vorne", 2)] });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await storeBotVillages(app.db, botId, { scannedAt: ahead, last: true, villages: [village(5, "Hinten", 2)] })).toBe(2);
  });

  it(`stores at most ${BOT_VILLAGES_MAX} villages per bot: 40 parts of ${BOT_VILLAGES_PART_MAX} without a last one are capped`, async () => {
    const { bot, botSocket } = await runningBot(app, url, token, sockets);
    const scannedAt = Date.now();
    const answers = [];
    for (let part = 0; part < 40; part++) {
      answers.push(await ack<{ villages: number }>(botSocket, "bot:villages", { scannedAt, last: false, villages: villagesFrom(1 + part * BOT_VILLAGES_PART_MAX, BOT_VILLAGES_PART_MAX) }));
    }
    const fitting = BOT_VILLAGES_MAX / BOT_VILLAGES_PART_MAX;
    expect(answers.slice(0, fitting).every((a) => a.ok)).toBe(true);
    expect(answers[fitting - 1]).toEqual({ ok: true, villages: BOT_VILLAGES_MAX });
    expect(answers[fitting]).toEqual({
      ok: false,
      error: { code: "payload_too_large", message: villageStateMessages.tooMany(BOT_VILLAGES_MAX, BOT_VILLAGES_MAX + BOT_VILLAGES_PART_MAX) },
    });
    expect(answers.slice(fitting).every((a) => !a.ok && a.error.code === "payload_too_large")).toBe(true);
    expect(await onRecord(bot.id)).toBe(BOT_VILLAGES_MAX);
    expect(botSocket.socket.connected).toBe(true);

    // Villages already on record still update at the cap, and the next scan takes the place of this one.
    expect(await ack(botSocket, "bot:villages", { scannedAt, last: false, villages: [village(1, "Dorf 00001 neu", 2)] })).toEqual({ ok: true, villages: BOT_VILLAGES_MAX });
    expect(await ack(botSocket, "bot:villages", { scannedAt: scannedAt + 1, last: false, villages: villagesFrom(9_001, 10) })).toEqual({ ok: true, villages: 10 });
    expect(await ack(botSocket, "bot:villages", { scannedAt: scannedAt + 1, last: true, villages: villagesFrom(1, 5) })).toEqual({ ok: true, villages: 15 });
  });

  it("stays capped when every part claims a scan of its own", async () => {
    const { bot, botSocket } = await runningBot(app, url, token, sockets);
    const start = Date.now();
    for (let part = 0; part < 24; part++) {
      const answer = await ack(botSocket, "bot:villages", { scannedAt: start + part, last: false, villages: villagesFrom(1 + part * BOT_VILLAGES_PART_MAX, BOT_VILLAGES_PART_MAX) });
      expect(answer.ok).toBe(true);
      expect(await onRecord(bot.id)).toBeLessThanOrEqual(BOT_VILLAGES_MAX);
    }
  });

  it("answers the village states a page at a time, by name, with the number of all", async () => {
    const botId = (await createBot(app, token, { name: "Seiten" })).id;
    const scannedAt = Date.now();
    for (let part = 0; part < 3; part++) {
      await storeBotVillages(app.db, botId, { scannedAt, last: part === 2, villages: villagesFrom(1 + part * 100, 100) });
    }
    const page = (await owner("GET", `/api/dsbot/${botId}/village-states?activePage=2&perPage=100`)).json<BotVillageStatesResponse>();
    expect(page.totals).toBe(300);
    expect(page.scannedAt).toBe(scannedAt);
    expect(page.villages.map((v) => v.villageId)).toEqual(Array.from({ length: 100 }, (_, i) => 101 + i));
    const first = (await owner("GET", `/api/dsbot/${botId}/village-states`)).json<BotVillageStatesResponse>();
    expect(first.villages.map((v) => v.villageId)).toEqual(Array.from({ length: 12 }, (_, i) => 1 + i));
    expect(first.totals).toBe(300);
    const past = (await owner("GET", `/api/dsbot/${botId}/village-states?activePage=4&perPage=100`)).json<BotVillageStatesResponse>();
    expect(past).toEqual({ villages: [], totals: 300, scannedAt });
    expect((await owner("GET", `/api/dsbot/${botId}/village-states?perPage=1000`)).statusCode).toBe(400);
    const empty = (await owner("GET", `/api/dsbot/${(await createBot(app, token, { name: "Leer" })).id}/village-states`)).json<BotVillageStatesResponse>();
    expect(empty).toEqual({ villages: [], totals: 0, scannedAt: null });
  });

  it("refuses a part naming a village twice, and scan times far from the server's clock, over the socket", async () => {
    const { bot, botSocket } = await runningBot(app, url, token, sockets);
    const twice = await ack(botSocket, "bot:villages", { scannedAt: Date.now(), last: true, villages: [village(7, "Eins", 1), village(8, "Zwei", 1), village(7, "Eins", 1)] });
    expect(twice).toMatchObject({ ok: false, error: { code: "bad_request", issues: [{ path: "villages.2.villageId", message: villageStateMessages.duplicateVillage(7) }] } });

    const future = Date.UTC(2099, 0, 1);
    expect(await ack(botSocket, "bot:villages", { scannedAt: future, last: true, villages: [village(9, "Zukunft", 1)] })).toEqual({
      ok: false,
      error: { code: "bad_request", message: villageStateMessages.scannedAtOff(future) },
    });
    const old = Date.now() - 2 * 24 * 3_600_000;
    expect(await ack(botSocket, "bot:villages", { scannedAt: old, last: true, villages: [village(9, "Alt", 1)] })).toEqual({
      ok: false,
      error: { code: "bad_request", message: villageStateMessages.scannedAtOff(old) },
    });
    expect(await onRecord(bot.id)).toBe(0);
    expect(botSocket.socket.connected).toBe(true);
  });

  it("a scan's last part drops villages of every other time, a far future one stored earlier included", async () => {
    const { bot, botSocket } = await runningBot(app, url, token, sockets);
    // As an older server stored it, before scan times had to be near its clock.
    await app.db.insert(botVillages).values({ dsbotId: bot.id, villageId: 11, x: 1, y: 1, name: "Zukunft", units: {}, state: village(11, "Zukunft", 1).state, scannedAt: new Date(Date.UTC(2099, 0, 1)) });
    const scan: BotVillagesReport = { scannedAt: Date.now(), last: true, villages: [village(12, "Heute", 1)] };
    expect(await ack(botSocket, "bot:villages", scan)).toEqual({ ok: true, villages: 1 });
    const listed = (await owner("GET", `/api/dsbot/${bot.id}/village-states`)).json<BotVillageStatesResponse>();
    expect(listed.villages.map((v) => v.name)).toEqual(["Heute"]);
  });
});
