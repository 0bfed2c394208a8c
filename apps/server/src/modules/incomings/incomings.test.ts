// The war room's server side: a bot's scanned incomings replace its set and are analysed,
// seen only by those who may see the bot, with a notification for a new noble; pasted SOS texts and
// troops overviews become the user's own rows, a bad line naming its number; troops are classified.
import type { BotIncoming, DashboardResponse, IncomingListResponse, TroopListResponse } from "@dsbot/protocol";
import { baseUnitSpeeds, incomingListQuerySchema, PASTED_INCOMINGS_MAX, travelSeconds } from "@dsbot/protocol";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARRIVAL, caller, errorOf, importPlanWorld, newAttack, newPlan, PLAN_WORLD, villageAt, type Call } from "../../../test/attack-plans.js";
import { createBot } from "../../../test/bots.js";
import { createUser, loginAs } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { notifications, pastedTroops } from "../../db/schema.js";
import { replaceBotTroops } from "../troops/bot-troops.service.js";
import { replaceBotIncomings } from "./bot-incomings.service.js";
import { IncomingWalkCache } from "./incomings-summary.js";
import { listIncomings } from "./incomings.service.js";

let app: TestApp;
let owner: Call;
let stranger: Call;
let ownerId: number;
let botId: number;

beforeAll(async () => {
  app = await createTestApp();
  await importPlanWorld(app);
  const anna = await createUser(app, { world: PLAN_WORLD });
  const other = await createUser(app, { world: PLAN_WORLD });
  ownerId = anna.id;
  const token = await loginAs(app, anna);
  owner = caller(app, token);
  stranger = caller(app, await loginAs(app, other));
  botId = (await createBot(app, token, { name: "Anna", world: PLAN_WORLD.world })).id;
});
afterAll(async () => {
  await app?.dispose();
});

const alpha = villageAt("500|500");
const delta = villageAt("520|480");
const gamma = villageAt("510|490");
const travel = (from: { x: number; y: number }, unit: keyof typeof baseUnitSpeeds) =>
  travelSeconds(Math.hypot(from.x - alpha.x, from.y - alpha.y), baseUnitSpeeds[unit]) * 1000;

function command(commandId: number, from: typeof delta, arrivesAt: number, playerName: string | null = "Carla 100%_x"): BotIncoming {
  return {
    commandId,
    origin: { villageId: from.id, x: from.x, y: from.y, name: null, playerName },
    target: { villageId: alpha.id, x: alpha.x, y: alpha.y, name: null },
    arrivesAt,
    label: "Angriff",
  };
}

async function list(call: Call, query = ""): Promise<IncomingListResponse> {
  const response = await call("GET", `/api/incomings${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<IncomingListResponse>();
}

describe("incomings from a bot's command scanner", () => {
  const now = Date.now();
  it("stores, analyses and shows a scan to those who may see the bot, and notifies of a new noble", async () => {
    const ramArrival = now + travel(delta, "ram");
    const nobleArrival = now + travel(gamma, "snob") + 5000;
    const result = await replaceBotIncomings(app.ctx, botId, {
      scannedAt: now,
      incomings: [
        command(11, delta, ramArrival),
        command(12, gamma, nobleArrival, "Bert"),
        command(13, gamma, nobleArrival + 200, "Bert"),
      ],
    });
    expect(result).toMatchObject({ incomings: 3, changed: true, nobles: 1 });

    const seen = await list(owner);
    expect(seen.totals).toBe(3);
    // The noble train from nearby Gamma lands first.
    expect(seen.summary).toEqual({ count: 3, nobles: 1, nextArrival: nobleArrival });
    const [first, second, ram] = seen.incomings;
    // Seen the moment it left: the ram's speed, catapults alike; only the noble is slower.
    expect(ram).toMatchObject({ source: "bot", likelyUnits: ["ram", "catapult"], otherUnits: [["snob"]], kind: "attack", arrivalTime: ramArrival });
    expect(ram?.origin).toEqual({ villageId: delta.id, name: "Delta", coordinates: "520|480", player: { name: "Carla 100%_x", tribe: "ZW" } });
    expect(ram?.target).toMatchObject({ name: "Alpha", coordinates: "500|500" });
    expect(ram?.distance).toBeCloseTo(Math.hypot(20, 20));
    expect(first).toMatchObject({ trainId: first?.id, trainIndex: 1, kind: "attack" });
    expect(second).toMatchObject({ trainId: first?.id, trainIndex: 2, kind: "noble", kindReason: "Adelszug aus 2 Befehlen." });

    const [note] = await app.db.select().from(notifications).where(eq(notifications.userId, ownerId));
    expect(note?.title).toBe("Adelung erkannt");
    expect(note?.message).toContain("Alpha (500|500)");
    expect(note?.link).toEqual({ kind: "incoming", incomingId: second?.id });

    // Someone who may not see the bot sees none of it.
    expect((await list(stranger)).totals).toBe(0);
  });

  it("filters and sorts on the stored analysis", async () => {
    expect((await list(owner, "?kind=noble")).incomings.map((i) => i.trainIndex)).toEqual([2]);
    expect((await list(owner, "?likelyUnit=ram")).totals).toBe(1);
    expect((await list(owner, "?attacker=bert")).totals).toBe(2);
    expect((await list(owner, "?target=500%7C500")).totals).toBe(3);
    expect((await list(owner, "?target=1%7C1")).totals).toBe(0);
    const byDistance = await list(owner, "?sortBy=-distance");
    expect(byDistance.incomings[0]?.origin.coordinates).toBe("520|480");
    expect((await owner("GET", "/api/incomings?likelyUnit=bogus")).statusCode).toBe(400);
  });

  it("keeps the first-seen time across scans and drops commands the scan no longer lists", async () => {
    const before = await list(owner);
    const kept = before.incomings.find((i) => i.origin.coordinates === "520|480")!;
    await replaceBotIncomings(app.ctx, botId, { scannedAt: now + 60_000, incomings: [command(11, delta, kept.arrivalTime)] });
    const after = await list(owner);
    expect(after.incomings.map((i) => i.id)).toEqual([kept.id]);
    expect(after.incomings[0]?.firstSeenAt).toBe(kept.firstSeenAt);
    // The scan names no village (the game's list shows coordinates); the names from the world's data stay.
    expect(after.incomings[0]?.target).toMatchObject({ villageId: alpha.id, name: "Alpha", coordinates: "500|500" });
    expect(after.incomings[0]?.origin).toMatchObject({ villageId: delta.id, name: "Delta", coordinates: "520|480" });
  });

  it("names a known command's villages from the world's data when its stored names are missing", async () => {
    const [kept] = (await list(owner)).incomings;
    await app.db.execute(sql`update incomings set target_name = null, target_village_id = null where id = ${kept!.id}`);
    const unnamed = { ...command(11, delta, kept!.arrivalTime), target: { villageId: null, x: alpha.x, y: alpha.y, name: null } };
    await replaceBotIncomings(app.ctx, botId, { scannedAt: now + 90_000, incomings: [unnamed] });
    expect((await list(owner)).incomings[0]?.target).toMatchObject({ villageId: alpha.id, name: "Alpha" });
  });

  it("raises one alarm for a noble train, not one per noble", async () => {
    const count = async () => (await app.db.select().from(notifications).where(eq(notifications.userId, ownerId))).length;
    const before = await count();
    const lands = now + travel(gamma, "snob") + 60_000;
    const kept = (await list(owner)).incomings.map((i) => command(11, delta, i.arrivalTime));
    const train = [0, 100, 200, 300].map((gap, i) => command(20 + i, gamma, lands + gap, "Bert"));
    const result = await replaceBotIncomings(app.ctx, botId, { scannedAt: now + 120_000, incomings: [...kept, ...train] });
    expect(result.nobles).toBe(3);
    expect(await count()).toBe(before + 1);
    // Back to the one command the next tests expect.
    await replaceBotIncomings(app.ctx, botId, { scannedAt: now + 180_000, incomings: kept });
  });

  it("lets whoever sees an incoming tag it; others get 404", async () => {
    const [incoming] = (await list(owner)).incomings;
    const tagged = await owner("PATCH", `/api/incomings/${incoming!.id}`, { tag: "Fake? Ramme" });
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect((await list(owner)).incomings[0]?.tag).toBe("Fake? Ramme");
    expect((await stranger("PATCH", `/api/incomings/${incoming!.id}`, { tag: "x" })).statusCode).toBe(404);
    // A bot's incoming cannot be deleted, it leaves when it lands.
    expect((await owner("DELETE", `/api/incomings/${incoming!.id}`)).statusCode).toBe(403);
  });
});

describe("the page's cached figures", () => {
  it("stay exact through grants, revokes, tags, scans and landings", async () => {
    const dora = await createUser(app, { world: PLAN_WORLD });
    const emil = await createUser(app, { world: PLAN_WORLD });
    const doraToken = await loginAs(app, dora);
    const asDora = caller(app, doraToken);
    const asEmil = caller(app, await loginAs(app, emil));
    const doraBot = (await createBot(app, doraToken, { name: "Dora", world: PLAN_WORLD.world })).id;
    const now = Date.now();
    const soon = now + 600_000;
    const later = now + 7_200_000;
    await replaceBotIncomings(app.ctx, doraBot, { scannedAt: now, incomings: [command(31, delta, soon), command(32, gamma, later)] });
    expect((await list(asDora)).summary).toEqual({ count: 2, nobles: 0, nextArrival: soon });
    expect((await list(asEmil)).summary.count).toBe(0);
    expect((await list(asEmil, "?searchVal=ramme")).totals).toBe(0);

    // A grant changes what Emil may see: his kept figures do not hold any more.
    expect((await asDora("POST", `/api/dsbot/${doraBot}/permission/user/${emil.id}`)).statusCode).toBe(204);
    expect((await list(asEmil)).summary).toEqual({ count: 2, nobles: 0, nextArrival: soon });
    // A tag is a write: the search's count follows it.
    const first = (await list(asEmil)).incomings[0]!;
    expect((await asDora("PATCH", `/api/incomings/${first.id}`, { tag: "Ramme?" })).statusCode).toBe(200);
    expect((await list(asEmil, "?searchVal=ramme")).totals).toBe(1);
    // A scan that drops a command.
    await replaceBotIncomings(app.ctx, doraBot, { scannedAt: now + 1000, incomings: [command(32, gamma, later)] });
    expect((await list(asEmil)).summary).toEqual({ count: 1, nobles: 0, nextArrival: later });
    expect((await list(asEmil, "?searchVal=ramme")).totals).toBe(0);
    // A revoke.
    expect((await asDora("DELETE", `/api/dsbot/${doraBot}/permission/user/${emil.id}`)).statusCode).toBe(204);
    expect((await list(asEmil)).summary.count).toBe(0);

    // A landing: figures kept before the first arrival are not used after it.
    const cache = new IncomingWalkCache();
    await replaceBotIncomings(app.ctx, doraBot, { scannedAt: now + 2000, incomings: [command(33, delta, soon), command(32, gamma, later)] });
    const viewer = { id: dora.id, role: "user" as const };
    const query = incomingListQuerySchema.parse({});
    expect((await listIncomings(app.db, viewer, query, cache, now + 3000)).summary.count).toBe(2);
    expect(cache.size).toBe(1);
    const landed = await listIncomings(app.db, viewer, query, cache, soon);
    expect(landed.summary).toEqual({ count: 1, nobles: 0, nextArrival: later });
    expect(landed.incomings.map((i) => i.arrivalTime)).toEqual([later]);
  });
});

describe("one command seen twice", () => {
  it("is listed once: two bots on one game account, and a bot's row before the viewer's own paste", async () => {
    const fritz = await createUser(app, { world: PLAN_WORLD });
    const gerd = await createUser(app, { world: PLAN_WORLD });
    const fritzToken = await loginAs(app, fritz);
    const asFritz = caller(app, fritzToken);
    const asGerd = caller(app, await loginAs(app, gerd));
    const first = (await createBot(app, fritzToken, { name: "Fritz", world: PLAN_WORLD.world })).id;
    const second = (await createBot(app, fritzToken, { name: "Fritz", world: PLAN_WORLD.world })).id;
    // 01.06.31 12:30:45:678 in the world's time (Berlin, summer).
    const lands = Date.UTC(2031, 5, 1, 10, 30, 45, 678);
    const elsewhere = lands + 60_000;
    await replaceBotIncomings(app.ctx, first, { scannedAt: Date.now(), incomings: [command(41, delta, lands)] });
    await replaceBotIncomings(app.ctx, second, { scannedAt: Date.now(), incomings: [command(41, delta, lands), command(42, gamma, elsewhere)] });
    const pasted = await asFritz("POST", "/api/incomings/import", {
      text: ["[b]Angegriffenes Dorf[/b]", "[coord]500|500[/coord]", "[b]1. Angriff[/b]", "Angreifer: [player]Carla 100%_x[/player]", "Herkunft: [coord]520|480[/coord]", "Ankunftszeit: 01.06.31 12:30:45:678"].join("\n"),
    });
    expect(pasted.statusCode, pasted.body).toBe(200);

    const seen = await list(asFritz);
    expect(seen.incomings.map((i) => [i.source, i.dsbot?.id, i.arrivalTime])).toEqual([
      ["bot", first, lands],
      ["bot", second, elsewhere],
    ]);
    expect(seen.summary).toEqual({ count: 2, nobles: 0, nextArrival: lands });
    expect((await list(asFritz, "?target=500%7C500")).totals).toBe(2);

    // Someone who sees only the second bot gets its row of the command.
    expect((await asFritz("POST", `/api/dsbot/${second}/permission/user/${gerd.id}`)).statusCode).toBe(204);
    expect((await list(asGerd)).incomings.map((i) => [i.dsbot?.id, i.arrivalTime])).toEqual([
      [second, lands],
      [second, elsewhere],
    ]);
    // Without the bots' rows the paste is listed again.
    await replaceBotIncomings(app.ctx, first, { scannedAt: Date.now(), incomings: [] });
    await replaceBotIncomings(app.ctx, second, { scannedAt: Date.now(), incomings: [] });
    expect((await list(asFritz)).incomings.map((i) => [i.source, i.arrivalTime])).toEqual([["paste", lands]]);
  });
});

describe("troops from a bot's inventory scan", () => {
  it("lists each village's whole army with its population and class, and the sums", async () => {
    await replaceBotTroops(app.db, botId, {
      scannedAt: Date.now(),
      villages: [
        { villageId: alpha.id, x: alpha.x, y: alpha.y, name: "Alpha", units: { axe: 5000, light: 2000, ram: 200 }, onTheWay: { axe: 1000 }, outside: {}, inVillage: { axe: 5000, light: 2000, ram: 200, spear: 500 } },
        { villageId: 2, x: 501, y: 499, name: "Beta", units: { spear: 6000, sword: 5000, heavy: 300 } },
      ],
    });
    const response = await owner("GET", "/api/troops?sortBy=-population");
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TroopListResponse>();
    expect(body.troops.map((t) => [t.name, t.class, t.population])).toEqual([
      ["Alpha", "off", 6000 + 8000 + 1000],
      ["Beta", "def", 6000 + 5000 + 1800],
    ]);
    expect(body.troops[0]).toMatchObject({ total: { axe: 6000, light: 2000, ram: 200 }, inVillage: { spear: 500, axe: 5000, light: 2000, ram: 200 }, playerName: "Anna", source: "bot" });
    expect(body.sum).toEqual({ total: { spear: 6000, sword: 5000, axe: 6000, light: 2000, heavy: 300, ram: 200 }, population: 27_800, offPopulation: 15_000, defPopulation: 12_800 });
    expect((await owner("GET", "/api/troops?class=def")).json<TroopListResponse>().troops.map((t) => t.name)).toEqual(["Beta"]);
    expect((await stranger("GET", "/api/troops")).json<TroopListResponse>().totals).toBe(0);
  });
});

describe("GET /api/dashboard", () => {
  it("sums up what the user may see: bots by status, incomings, troops, unread notifications", async () => {
    const response = await owner("GET", "/api/dashboard");
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<DashboardResponse>();
    expect(body.bots).toEqual({ total: 1, byStatus: { online: 0, offline: 1, paused: 0, starting: 0, stopping: 0 } });
    expect(body.incomings.count).toBe(1);
    expect(body.troops).toEqual({ villages: 2, population: 27_800, offPopulation: 15_000, defPopulation: 12_800 });
    // The first scan's noble and the train's one alarm.
    expect(body.unreadNotifications).toBe(2);
    expect(body.nextAttacks).toEqual([]);
    const plan = await newPlan(owner, "Vorne");
    const attacks = [await newAttack(owner, plan.id, { from: "500|500", to: "510|490", arrival: ARRIVAL + 60_000 }), await newAttack(owner, plan.id, { from: "500|500", to: "520|480" })];
    const next = (await owner("GET", "/api/dashboard")).json<DashboardResponse>().nextAttacks;
    // The soonest send first, with its plan.
    expect(next.map((a) => [a.id, a.planName, a.from, a.to])).toEqual(
      [...attacks].sort((a, b) => a.sendTime - b.sendTime).map((a) => [a.id, "Vorne", "500|500", a.id === attacks[0]!.id ? "510|490" : "520|480"]),
    );
    expect(next[0]?.sendTime).toBe(Math.min(...attacks.map((a) => a.sendTime)));
    const other = (await stranger("GET", "/api/dashboard")).json<DashboardResponse>();
    expect(other).toMatchObject({ bots: { total: 0 }, incomings: { count: 0 }, troops: { villages: 0 }, unreadNotifications: 0, nextAttacks: [] });
  });
});

/** A troops overview of one village with the counts of the first paste test (ten units on this world). */
function overview(head: string): string {
  const row = (label: string, counts: number[]) => `${label}\t${counts.join("\t")}`;
  return [
    `${head}\t${row("eigene", [0, 0, 6000, 100, 2500, 0, 250, 0, 0, 0])}\tBefehle`,
    `${row("im Dorf", [500, 0, 6000, 100, 2500, 0, 250, 0, 0, 0])}\tTruppen`,
    row("auswärts", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
    `${row("unterwegs", [0, 0, 500, 0, 0, 0, 0, 0, 0, 0])}\tBefehle`,
  ].join("\n");
}

describe("pasted game texts", () => {
  const sos = (arrival: string, origin = "520|480") =>
    [
      "[b]Angegriffenes Dorf[/b]",
      "[coord]500|500[/coord]",
      "Stufe des Walls: 20",
      "",
      "[b]1. Angriff[/b]",
      "Angreifer: [player]Carla 100%_x[/player]",
      `Herkunft: [coord]${origin}[/coord]`,
      `Ankunftszeit: ${arrival}`,
    ].join("\n");

  it("takes an SOS text as the user's own incomings, in the world's server time", async () => {
    const response = await stranger("POST", "/api/incomings/import", { text: sos("01.06.31 12:30:45:678") });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ imported: 1, message: "1 eingehender Angriff übernommen." });
    const seen = await list(stranger);
    expect(seen.incomings).toHaveLength(1);
    // 12:30 in Berlin (summer time) is 10:30 UTC.
    expect(seen.incomings[0]).toMatchObject({ source: "paste", dsbot: null, arrivalTime: Date.UTC(2031, 5, 1, 10, 30, 45, 678) });
    expect(seen.incomings[0]?.origin).toMatchObject({ name: "Delta", player: { name: "Carla 100%_x", tribe: "ZW" } });
    // The owner of the bot does not see another user's paste.
    expect((await list(owner)).incomings.every((i) => i.source === "bot")).toBe(true);
    const id = seen.incomings[0]!.id;
    expect((await owner("DELETE", `/api/incomings/${id}`)).statusCode).toBe(404);
    expect((await stranger("DELETE", `/api/incomings/${id}`)).statusCode).toBe(204);
  });

  it("imports nothing from a text with a bad line and names the line", async () => {
    const bad = await stranger("POST", "/api/incomings/import", { text: sos("32.13.31 12:30:45:678") });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { message: string } }>().error.message).toMatch(/^Zeile 8: /);
    const unknown = await stranger("POST", "/api/incomings/import", { text: sos("01.06.31 12:30:45:678", "1|1") });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ error: { message: string } }>().error.message).toBe("Zeile 5: Auf 1|1 liegt auf deiner Welt kein Dorf.");
    expect((await list(stranger)).totals).toBe(0);
  });

  it("keeps a user's pasted incomings under the limit, and removes them all on request", async () => {
    const lena = await createUser(app, { world: PLAN_WORLD });
    const asLena = caller(app, await loginAs(app, lena));
    // The limit's worth already pasted (written directly: one text cannot hold that many).
    await app.db.execute(sql`
      insert into incomings (user_id, world_server, world_world, origin_x, origin_y, target_x, target_y, arrival_at, first_seen_at, distance, kind, kind_reason)
      select ${lena.id}, ${PLAN_WORLD.server}, ${PLAN_WORLD.world}, 520, 480, 500, 500, now() + (n || ' seconds')::interval + interval '1 day', now(), 28.28, 'attack', ''
      from generate_series(1, ${PASTED_INCOMINGS_MAX}) n`);
    const refused = await asLena("POST", "/api/incomings/import", { text: sos("01.06.31 12:30:45:678") });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      "Du hast schon 10.000 eingefügte Angriffe; mit diesem Text wären es 10.001, erlaubt sind höchstens 10.000. Entferne die eingefügten oder warte, bis sie angekommen sind.",
    );
    expect((await asLena("DELETE", "/api/incomings/pasted")).statusCode).toBe(204);
    expect((await list(asLena)).summary.count).toBe(0);
    expect((await asLena("POST", "/api/incomings/import", { text: sos("01.06.31 12:30:45:678") })).statusCode).toBe(200);
    // Another user's pastes stay.
    expect((await list(stranger)).summary.count).toBe(0);
  });

  it("takes a troops overview as the user's troops (ten units on this world)", async () => {
    // Bert's villages are his own: his bot (any case of the name) makes him the user's player there.
    const bert = await createUser(app, { world: PLAN_WORLD });
    const bertToken = await loginAs(app, bert);
    const asBert = caller(app, bertToken);
    await createBot(app, bertToken, { name: "bert", world: PLAN_WORLD.world });
    const text = overview("Gamma (510|490) K45");
    const response = await asBert("POST", "/api/troops/import", { text });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ imported: 1, message: "Truppen von 1 Dorf übernommen." });
    const [gamma] = (await asBert("GET", "/api/troops")).json<TroopListResponse>().troops;
    expect(gamma).toMatchObject({ name: "Gamma", playerName: "Bert", source: "paste", own: { axe: 6000, spy: 100, light: 2500, ram: 250 }, inVillage: { spear: 500, axe: 6000, spy: 100, light: 2500, ram: 250 }, onTheWay: { axe: 500 }, class: "off" });
    expect(gamma?.total.axe).toBe(6500);
    const short = await asBert("POST", "/api/troops/import", { text: text.replace("\t250\t0\t0\t0\tBefehle", "\t250\tBefehle") });
    expect(short.statusCode).toBe(400);
    expect(short.json<{ error: { message: string } }>().error.message).toMatch(/^Zeile 1: /);
    expect((await asBert("DELETE", "/api/troops/pasted")).statusCode).toBe(204);
    expect((await asBert("GET", "/api/troops")).json<TroopListResponse>().totals).toBe(0);
  });

  it("refuses troops for villages that are not the user's (another player's, a barbarian's), naming them, and stores nothing", async () => {
    const ida = await createUser(app, { world: PLAN_WORLD });
    const idaToken = await loginAs(app, ida);
    const asIda = caller(app, idaToken);
    const stored = async () => (await app.db.select().from(pastedTroops).where(eq(pastedTroops.userId, ida.id))).length;
    // Without a bot on the world the user plays one player: here the one most of the paste's villages belong to.
    const mixed = await asIda("POST", "/api/troops/import", {
      text: [overview("Alpha (500|500) K55"), overview("Gamma (510|490) K45"), overview("Beta (501|499) K45")].join("\n"),
    });
    expect(mixed.statusCode).toBe(400);
    expect(errorOf(mixed).message).toBe(
      "Ohne Bot auf dieser Welt lassen sich Truppen nur für die Dörfer eines Spielers einfügen: die Truppenübersicht des Spiels zeigt nur deine eigenen Dörfer, hier die von Anna. 1 Dorf gehört nicht dazu, nichts wurde übernommen: Zeile 5: Gamma (510|490) gehört Bert, nicht Anna.",
    );
    expect(await stored()).toBe(0);
    const barbarian = await asIda("POST", "/api/troops/import", { text: overview("Barbarendorf (498|503) K54") });
    expect(errorOf(barbarian).message).toBe(
      "Ohne Bot auf dieser Welt lassen sich Truppen nur für die Dörfer eines Spielers einfügen: die Truppenübersicht des Spiels zeigt nur deine eigenen Dörfer. 1 Dorf gehört nicht dazu, nichts wurde übernommen: Zeile 1: Barbarendorf (498|503) ist ein Barbarendorf.",
    );
    expect((await asIda("POST", "/api/troops/import", { text: overview("Alpha (500|500) K55") })).statusCode).toBe(200);
    expect(await stored()).toBe(1);
    // Once pasted, that player stays hers: another player's villages are refused until she removes them.
    const other = await asIda("POST", "/api/troops/import", { text: overview("Gamma (510|490) K45") });
    expect(errorOf(other).message).toBe(
      "Ohne Bot auf dieser Welt lassen sich Truppen nur für die Dörfer eines Spielers einfügen; deine eingefügten Truppen gehören Anna. Für einen anderen Spieler entferne zuerst die eingefügten Truppen oder lege unter „Bots“ einen Bot an. 1 Dorf gehört nicht dazu, nichts wurde übernommen: Zeile 1: Gamma (510|490) gehört Bert, nicht Anna.",
    );
    expect(await stored()).toBe(1);
    expect((await asIda("DELETE", "/api/troops/pasted")).statusCode).toBe(204);
    // A bot for Anna on another world does not make her Ida's player on this one.
    await createBot(app, idaToken, { name: "Anna", world: "de951" });
    expect((await asIda("POST", "/api/troops/import", { text: [overview("Alpha (500|500) K55"), overview("Gamma (510|490) K45")].join("\n") })).statusCode).toBe(400);

    await createBot(app, idaToken, { name: "Anna", world: PLAN_WORLD.world });
    const text = [
      overview("Alpha (500|500) K55"), // 1: Anna's
      overview("Gamma (510|490) K45"), // 5: Bert's
      overview("Barbarendorf (498|503) K54"), // 9
      overview("Epsilon (400|600) K64"), // 13: Bert's
      overview("Zeta (600|400) K46"), // 17: barbarian
      overview("Beta (501|499) K45"), // 21: Anna's
    ].join("\n");
    const refused = await asIda("POST", "/api/troops/import", { text });
    expect(refused.statusCode).toBe(400);
    const { message, issues } = errorOf(refused);
    expect(message).toBe(
      "Truppen lassen sich nur für Dörfer der Spieler deiner Bots einfügen. Deine Bots spielen hier: Anna. 4 Dörfer gehören nicht dazu, nichts wurde übernommen: " +
        "Zeile 5: Gamma (510|490) gehört Bert, keinem Spieler deiner Bots. " +
        "Zeile 9: Barbarendorf (498|503) ist ein Barbarendorf, kein Dorf eines Spielers deiner Bots. " +
        "Zeile 13: Epsilon (400|600) gehört Bert, keinem Spieler deiner Bots. … und 1 weiteres Dorf.",
    );
    expect(issues).toEqual([
      "Truppen lassen sich nur für Dörfer der Spieler deiner Bots einfügen. Deine Bots spielen hier: Anna.",
      "Zeile 5: Gamma (510|490) gehört Bert, keinem Spieler deiner Bots.",
      "Zeile 9: Barbarendorf (498|503) ist ein Barbarendorf, kein Dorf eines Spielers deiner Bots.",
      "Zeile 13: Epsilon (400|600) gehört Bert, keinem Spieler deiner Bots.",
      "Zeile 17: Zeta (600|400) ist ein Barbarendorf, kein Dorf eines Spielers deiner Bots.",
    ]);
    expect(await stored()).toBe(0);

    // Her own two villages are taken.
    const own = await asIda("POST", "/api/troops/import", { text: [overview("Alpha (500|500) K55"), overview("Beta (501|499) K45")].join("\n") });
    expect(own.statusCode, own.body).toBe(200);
    expect(await stored()).toBe(2);
  });

  it("refuses a 3,000-character name in an SOS text with its line (400, never 500) and stores nothing", async () => {
    // Letters that do not repeat, so the database could not compress the name under its index limit either.
    let seed = 7;
    const name = Array.from({ length: 3000 }, () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"[seed % 62];
    }).join("");
    const text = sos("01.06.31 12:30:45:678").replace("[player]Carla 100%_x[/player]", `[player]${name}[/player]`);
    const response = await stranger("POST", "/api/incomings/import", { text });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
    expect(errorOf(response).message).toBe("Zeile 6: Der Name des Angreifers ist länger als 100 Zeichen.");
    expect((await list(stranger)).totals).toBe(0);
  });
});
