// The Truppen page's reads in the database: order, filters, pages and sums over bot scans and pastes, in
// each view of the units, and the dashboard's troops card from the same sums (troops.service.ts).
import type { DashboardResponse, TroopListResponse } from "@dsbot/protocol";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caller, importPlanWorld, PLAN_WORLD } from "../../../test/attack-plans.js";
import { createBot } from "../../../test/bots.js";
import { createUser, loginAs } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { replaceBotTroops } from "./bot-troops.service.js";

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
  await importPlanWorld(app);
});
afterAll(async () => {
  await app?.dispose();
});

describe("the troops page in pages, with sums", () => {
  it("orders, filters, pages and sums every village the user sees in the database, the dashboard alike", async () => {
    const jana = await createUser(app, { world: PLAN_WORLD });
    const janaToken = await loginAs(app, jana);
    const asJana = caller(app, janaToken);
    const bot = (await createBot(app, janaToken, { name: "Jana", world: PLAN_WORLD.world })).id;
    const now = Date.now();
    // A bot's scan of five villages ...
    await replaceBotTroops(app.db, bot, {
      scannedAt: now - 60_000,
      villages: [
        { villageId: 11, x: 11, y: 11, name: "dorf C", units: { axe: 3000, light: 500 } }, // off 5000
        { villageId: 12, x: 12, y: 12, name: "Dorf A", units: { spear: 2000, sword: 1000 }, outside: { heavy: 100 }, onTheWay: {}, inVillage: {} }, // def 3600
        { villageId: 13, x: 13, y: 13, name: "Dorf E", units: { spy: 10 } }, // empty, 20
        { villageId: 14, x: 14, y: 14, name: "Dorf B", units: { axe: 400, spear: 400 } }, // mixed 800
        { villageId: 15, x: 15, y: 15, name: "Dorf D", units: { snob: 1 }, onTheWay: { axe: 700 } }, // off 700 + 100
      ],
    });
    // ... and her pastes (written directly: the read path is under test): newer than the scan for 12,
    // older for 14, a village of her own only pasted, and the same village id on another world.
    const paste = (villageId: number, name: string, world: string, units: string, importedAt: number) =>
      sql`(${jana.id}, ${PLAN_WORLD.server}, ${world}, ${villageId}, ${villageId}, ${villageId}, ${name}, 'Jana', ${units}::jsonb, '{}'::jsonb, '{}'::jsonb, '{}'::jsonb, ${new Date(importedAt).toISOString()}::timestamptz)`;
    await app.db.execute(sql`
      insert into pasted_troops (user_id, world_server, world_world, village_id, x, y, name, player_name, units, in_village, outside, on_the_way, imported_at)
      values ${sql.join(
        [
          paste(12, "Dorf A", PLAN_WORLD.world, '{"spear": 100}', now), // replaces the scan: def 100, empty
          paste(14, "Dorf B alt", PLAN_WORLD.world, '{"axe": 9999}', now - 120_000), // older than the scan: not shown
          paste(16, "dorf F", PLAN_WORLD.world, '{"catapult": 100}', now), // off 800
          paste(11, "Fremdwelt", "de951", '{"sword": 600}', now), // def 600
        ],
        sql`, `,
      )}`);
    const troops = async (query: string) => {
      const response = await asJana("GET", `/api/troops${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TroopListResponse>();
    };
    const names = (body: TroopListResponse) => body.troops.map((t) => t.name);

    const all = await troops("?perPage=100");
    expect(names(all)).toEqual(["Dorf A", "Dorf B", "dorf C", "Dorf D", "Dorf E", "dorf F", "Fremdwelt"]);
    expect(all.totals).toBe(7);
    expect(all.troops.find((t) => t.name === "Dorf A")).toMatchObject({ source: "paste", own: { spear: 100 }, population: 100, class: "empty" });
    expect(all.troops.find((t) => t.name === "Dorf B")).toMatchObject({ source: "bot", dsbotId: bot, own: { axe: 400, spear: 400 }, inVillage: null });
    expect(all.sum).toEqual({
      total: { spear: 400 + 100, sword: 600, axe: 3000 + 400 + 700, spy: 10, light: 500, catapult: 100, snob: 1 },
      population: 5000 + 100 + 20 + 800 + 800 + 800 + 600,
      offPopulation: 5000 + 400 + 700 + 800,
      defPopulation: 100 + 400 + 600,
    });
    expect(all.players).toEqual(["Jana"]);

    // Pages of two in name order, each page its own slice; the sums stay over every filtered village.
    const pages = await Promise.all([1, 2, 3, 4].map((page) => troops(`?perPage=2&activePage=${page}`)));
    expect(pages.map(names)).toEqual([["Dorf A", "Dorf B"], ["dorf C", "Dorf D"], ["Dorf E", "dorf F"], ["Fremdwelt"]]);
    expect(pages.every((page) => page.totals === 7 && page.sum.population === all.sum.population)).toBe(true);
    expect(names(await troops("?perPage=3&sortBy=-village"))).toEqual(["Fremdwelt", "dorf F", "Dorf E"]);
    // By population (ties in village id order), both ways.
    expect(names(await troops("?sortBy=-population&perPage=4"))).toEqual(["dorf C", "Dorf B", "Dorf D", "dorf F"]);
    expect(names(await troops("?sortBy=population&perPage=2&activePage=2"))).toEqual(["Fremdwelt", "Dorf B"]);
    expect(names(await troops("?sortBy=-defPopulation&perPage=2"))).toEqual(["Fremdwelt", "Dorf B"]);

    // Class, search and player filters, with their own totals and sums.
    const off = await troops("?class=off&perPage=1");
    expect(names(off)).toEqual(["dorf C"]);
    expect(off.totals).toBe(3);
    expect(off.sum).toEqual({ total: { axe: 3700, light: 500, catapult: 100, snob: 1 }, population: 6600, offPopulation: 6500, defPopulation: 0 });
    expect(names(await troops("?class=empty"))).toEqual(["Dorf A", "Dorf E"]);
    expect(names(await troops("?searchVal=DORF%20"))).toEqual(["Dorf A", "Dorf B", "dorf C", "Dorf D", "Dorf E", "dorf F"]);
    expect(names(await troops("?searchVal=14%7C14"))).toEqual(["Dorf B"]);
    expect((await troops("?searchVal=%25")).totals).toBe(0);
    expect((await troops("?player=JANA")).totals).toBe(7);
    const nobody = await troops("?player=Bert");
    expect(nobody).toEqual({ troops: [], totals: 0, sum: { total: {}, population: 0, offPopulation: 0, defPopulation: 0 }, players: ["Jana"] });
    // A page past the end is empty, the count and sums stay.
    expect(await troops("?perPage=5&activePage=3")).toMatchObject({ troops: [], totals: 7, sum: { population: all.sum.population } });

    const dashboard = (await asJana("GET", "/api/dashboard")).json<DashboardResponse>();
    expect(dashboard.troops).toEqual({ villages: 7, population: all.sum.population, offPopulation: all.sum.offPopulation, defPopulation: all.sum.defPopulation });
  });

  it("works out population, class, their filter and sort and the sums of the chosen view's units", async () => {
    const vera = await createUser(app, { world: PLAN_WORLD });
    const veraToken = await loginAs(app, vera);
    const asVera = caller(app, veraToken);
    const bot = (await createBot(app, veraToken, { name: "Vera", world: PLAN_WORLD.world })).id;
    await replaceBotTroops(app.db, bot, {
      scannedAt: Date.now() - 60_000,
      villages: [
        { villageId: 21, x: 21, y: 21, name: "Dorf Off", units: { axe: 3000 }, inVillage: { axe: 3000, spear: 500 }, outside: {}, onTheWay: { axe: 700 } },
        { villageId: 22, x: 22, y: 22, name: "Dorf Def", units: { spear: 2000 }, inVillage: { spear: 2000 }, outside: { sword: 600 }, onTheWay: {} },
        // An older scan that told only the units at home.
        { villageId: 23, x: 23, y: 23, name: "Dorf Alt", units: { spy: 10 } },
      ],
    });
    const troops = async (query: string) => {
      const response = await asVera("GET", `/api/troops${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TroopListResponse>();
    };
    const rows = (body: TroopListResponse) => body.troops.map((t) => [t.name, t.population, t.class]);

    const whole = await troops("");
    expect(rows(whole)).toEqual([["Dorf Alt", 20, "empty"], ["Dorf Def", 2600, "def"], ["Dorf Off", 3700, "off"]]);
    expect(whole.sum).toEqual({ total: { spear: 2000, sword: 600, axe: 3700, spy: 10 }, population: 6320, offPopulation: 3700, defPopulation: 2600 });

    // "Unterwegs": only the 700 axes in commands count; the row keeps its whole army.
    const onTheWay = await troops("?view=onTheWay");
    expect(rows(onTheWay)).toEqual([["Dorf Alt", 0, "empty"], ["Dorf Def", 0, "empty"], ["Dorf Off", 700, "off"]]);
    expect(onTheWay.troops.find((t) => t.name === "Dorf Off")).toMatchObject({ total: { axe: 3700 }, offPopulation: 700, defPopulation: 0 });
    expect(onTheWay.sum).toEqual({ total: { axe: 700 }, population: 700, offPopulation: 700, defPopulation: 0 });
    expect(rows(await troops("?view=onTheWay&class=off"))).toEqual([["Dorf Off", 700, "off"]]);
    expect(rows(await troops("?view=onTheWay&class=empty")).map(([name]) => name)).toEqual(["Dorf Alt", "Dorf Def"]);

    // "Auswärts": the swords standing elsewhere.
    const outside = await troops("?view=outside&sortBy=-population");
    expect(rows(outside)).toEqual([["Dorf Def", 600, "def"], ["Dorf Off", 0, "empty"], ["Dorf Alt", 0, "empty"]]);
    expect(outside.sum).toEqual({ total: { sword: 600 }, population: 600, offPopulation: 0, defPopulation: 600 });

    // "Im Dorf" with supports, and the own units at home.
    const inVillage = await troops("?view=inVillage&class=off");
    expect(rows(inVillage)).toEqual([["Dorf Off", 3500, "off"]]);
    expect(inVillage.sum).toEqual({ total: { spear: 500, axe: 3000 }, population: 3500, offPopulation: 3000, defPopulation: 500 });
    expect((await troops("?view=own")).sum).toEqual({ total: { spear: 2000, axe: 3000, spy: 10 }, population: 5020, offPopulation: 3000, defPopulation: 2000 });
    expect((await asVera("GET", "/api/troops?view=all")).statusCode).toBe(400);
  });

  it("counts and sums every village, however many, and serves any page of them", async () => {
    const kai = await createUser(app, { world: PLAN_WORLD });
    const asKai = caller(app, await loginAs(app, kai));
    // More rows than the list used to read at all (20,000), written directly.
    const villages = 20_001;
    await app.db.execute(sql`
      insert into pasted_troops (user_id, world_server, world_world, village_id, x, y, name, player_name, units, in_village, outside, on_the_way, imported_at)
      select ${kai.id}, ${PLAN_WORLD.server}, ${PLAN_WORLD.world}, n, n % 1000, n / 1000, 'Dorf ' || lpad(n::text, 5, '0'), 'Kai',
        jsonb_build_object('axe', n % 10), '{}'::jsonb, '{}'::jsonb, '{}'::jsonb, now()
      from generate_series(1, ${villages}) n`);
    const axes = Array.from({ length: villages }, (_, i) => (i + 1) % 10).reduce((a, b) => a + b, 0);
    const last = (await asKai("GET", "/api/troops?perPage=100&activePage=201")).json<TroopListResponse>();
    expect(last.troops.map((t) => t.name)).toEqual(["Dorf 20001"]);
    expect(last.totals).toBe(villages);
    expect(last.sum).toEqual({ total: { axe: axes }, population: axes, offPopulation: axes, defPopulation: 0 });
    const dashboard = (await asKai("GET", "/api/dashboard")).json<DashboardResponse>();
    expect(dashboard.troops).toEqual({ villages, population: axes, offPopulation: axes, defPopulation: 0 });
  });
});

