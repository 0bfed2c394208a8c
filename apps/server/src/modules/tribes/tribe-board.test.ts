// Stammes-Eingänge: every member's incomings on the tribe's world on one board, a command reported
// by two members one row, the defending village's troops as its member shares them (none, the
// defensive units, all) and its wall, the filters, who may read it, and who is told when it changes;
// the tribe's access read once while nothing it reads changes (embedded database).
import type { TribeBoardResponse, VillageState } from "@dsbot/protocol";
import { tribeBoardQuerySchema } from "@dsbot/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caller, importPlanWorld, PLAN_WORLD } from "../../../test/attack-plans.js";
import type { TestSocket } from "../../../test/bots.js";
import { createBot, listen, openSocket, waitForMessage } from "../../../test/bots.js";
import { loginAdmin } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { foundTribe, inviteCode, joinTribe, pasteSos as paste, sosText, tribePerson, type Person } from "../../../test/tribes.js";
import { recordStatements } from "../../../test/statements.js";
import { botTroops, botVillages, dsbots, pastedTroops, users } from "../../db/schema.js";
import { tribeBoard } from "./tribe-board.service.js";
import type { BoardPage } from "./tribe-board-pages.js";
import { createTribeAccessCache } from "./tribe-board-reads.js";
import type { ScopeRows } from "./tribe-board-scopes.js";
import { BoardWalkCache, FingerprintCache } from "./tribe-board-walks.js";

let app: TestApp;
let url: string;
const sockets: TestSocket[] = [];

/** Alpha (500|500) attacked from `origin`, by default arriving in 2031. */
const sos = (origin: string, arrival = "01.06.31 12:30:45:678") => sosText(origin, arrival);

let leader: Person;
let anna: Person;
let bert: Person;
let outsider: Person;
let tribeId: number;

beforeAll(async () => {
  app = await createTestApp();
  await importPlanWorld(app);
  url = await listen(app);
  [leader, anna, bert, outsider] = [await tribePerson(app), await tribePerson(app), await tribePerson(app), await tribePerson(app)];
  tribeId = (await foundTribe(leader, { name: "Die Wächter", tag: "WACHT" })).id;
  const code = await inviteCode(leader, tribeId, { expiresInHours: 1, maxUses: null });
  for (const p of [anna, bert]) expect(await joinTribe(p, code)).toBe(200);

  // Anna's bot has Alpha: its troops at home and its wall.
  const bot = await createBot(app, anna.token, { name: "Anna", world: PLAN_WORLD.world });
  const scannedAt = new Date(Date.now() - 5 * 60_000);
  await app.db.insert(botTroops).values({ dsbotId: bot.id, villageId: 1, x: 500, y: 500, name: "Alpha", units: { spear: 100, axe: 50 }, scannedAt });
  const state = { buildings: { wall: 20 } } as unknown as VillageState;
  await app.db.insert(botVillages).values({ dsbotId: bot.id, villageId: 1, x: 500, y: 500, name: "Alpha", units: { spear: 100, axe: 50 }, state, scannedAt });
});
afterAll(async () => {
  for (const s of sockets) s.socket.disconnect();
  await app?.dispose();
});

const board = async (p: Person, query = "") => {
  const response = await p.call("GET", `/api/tribes/${tribeId}/incomings${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TribeBoardResponse>();
};

describe("Stammes-Eingänge", () => {
  it("shows every member's incomings once, with the member, the reports and the shared defence", async () => {
    await paste(anna, sos("520|480"));
    // Bert pasted the same SOS: the same command, one row.
    await paste(bert, sos("520|480"));
    await paste(leader, sos("510|490", "01.06.31 13:00:00:000"));

    const seen = await board(bert);
    expect([seen.totals, seen.summary]).toEqual([2, { count: 2, nobles: 0, nextArrival: Date.UTC(2031, 5, 1, 10, 30, 45, 678) }]);
    const [first, second] = seen.incomings;
    expect(first).toMatchObject({ member: { userId: anna.id }, seenBy: 2, target: { coordinates: "500|500" }, origin: { coordinates: "520|480" } });
    expect(second).toMatchObject({ member: { userId: leader.id }, seenBy: 1, origin: { coordinates: "510|490" } });
    // Anna shares the defensive units (the default): the axes stay hers.
    expect(first?.defence).toMatchObject({ member: { userId: anna.id }, sharing: "defensive", troops: { spear: 100 }, wall: 20 });
    expect(first?.defence.troopsAt).toBeLessThan(Date.now());
  });

  it("shows the troops as the member chooses to share them", async () => {
    expect((await anna.call("PATCH", `/api/tribes/${tribeId}/me`, { troopSharing: "none" })).statusCode).toBe(200);
    expect((await board(leader)).incomings[0]?.defence).toMatchObject({ sharing: "none", troops: null, troopsAt: null, wall: 20 });
    expect((await anna.call("PATCH", `/api/tribes/${tribeId}/me`, { troopSharing: "all" })).statusCode).toBe(200);
    expect((await board(leader)).incomings[0]?.defence).toMatchObject({ sharing: "all", troops: { spear: 100, axe: 50 } });
  });

  it("answers a page read again as it was kept, until a member's troops, pasted troops or wall change", async () => {
    const defence = async () => (await board(leader)).incomings[0]?.defence;
    expect(await defence()).toMatchObject({ member: { userId: anna.id }, troops: { spear: 100, axe: 50 }, wall: 20 });
    expect(await defence()).toMatchObject({ troops: { spear: 100, axe: 50 }, wall: 20 });
    // Anna's bot scans Alpha anew, then its buildings.
    await app.db.update(botTroops).set({ units: { spear: 300, axe: 50 }, scannedAt: new Date(Date.now() - 4 * 60_000) }).where(eq(botTroops.villageId, 1));
    expect(await defence()).toMatchObject({ troops: { spear: 300, axe: 50 }, wall: 20 });
    await app.db.update(botVillages).set({ state: { buildings: { wall: 15 } } as unknown as VillageState }).where(eq(botVillages.villageId, 1));
    expect(await defence()).toMatchObject({ troops: { spear: 300, axe: 50 }, wall: 15 });
    // Anna pastes her troops overview: newer than the scan.
    const units = { spear: 7, axe: 1 };
    await app.db.insert(pastedTroops).values({ userId: anna.id, worldServer: PLAN_WORLD.server, worldWorld: PLAN_WORLD.world, villageId: 1, x: 500, y: 500, name: "Alpha", units, inVillage: units, outside: {}, onTheWay: {}, importedAt: new Date() });
    expect(await defence()).toMatchObject({ troops: units });
    await app.db.delete(pastedTroops).where(eq(pastedTroops.userId, anna.id));
    expect(await defence()).toMatchObject({ troops: { spear: 300, axe: 50 }, wall: 15 });
  });

  it("keeps a page filtered by arrival only until the next command comes within it", async () => {
    const caches = { walks: new BoardWalkCache(), pages: new FingerprintCache<BoardPage>(10, 1_000), scopes: new FingerprintCache<ScopeRows>(10, 1_000), access: createTribeAccessCache() };
    const arrival = Date.UTC(2031, 5, 1, 10, 30, 45, 678);
    const week = 7 * 24 * 60;
    const read = (at: number) => tribeBoard(app.db, { id: anna.id, role: "user" }, tribeId, () => tribeBoardQuerySchema.parse({ within: String(week) }), caches, new Date(at));
    expect((await read(arrival - (week + 2) * 60_000)).totals).toBe(0);
    expect((await read(arrival - (week + 1) * 60_000)).totals).toBe(0);
    expect((await read(arrival - (week - 1) * 60_000)).totals).toBeGreaterThan(0);
  });

  it("filters by member, kind and arrival, and pages", async () => {
    expect((await board(anna, `?member=${leader.id}`)).incomings.map((i) => i.member.userId)).toEqual([leader.id]);
    expect((await board(anna, "?kind=noble")).totals).toBe(0);
    // Arriving in 2031: not within the next week.
    expect((await board(anna, "?within=10080")).totals).toBe(0);
    const page2 = await board(anna, "?perPage=1&activePage=2");
    expect([page2.totals, page2.incomings.map((i) => i.member.userId)]).toEqual([2, [leader.id]]);
    expect((await anna.call("GET", `/api/tribes/${tribeId}/incomings?within=0`)).statusCode).toBe(400);
  });

  it("takes a member's reports off the board as they join and leave", async () => {
    const carla = await tribePerson(app);
    await paste(carla, sos("510|490", "01.06.31 14:00:00:000"));
    const before = (await board(anna)).totals;
    expect(await joinTribe(carla, await inviteCode(leader, tribeId, { expiresInHours: 1, maxUses: 1 }))).toBe(200);
    expect((await board(anna)).totals).toBe(before + 1);
    expect((await carla.call("POST", `/api/tribes/${tribeId}/leave`)).statusCode).toBe(204);
    expect((await board(anna)).totals).toBe(before);
  });

  it("is for members and admins only", async () => {
    expect((await outsider.call("GET", `/api/tribes/${tribeId}/incomings`)).statusCode).toBe(404);
    const admin = caller(app, await loginAdmin(app));
    expect((await admin("GET", `/api/tribes/${tribeId}/incomings`)).statusCode).toBe(200);
  });

  it("tells the members' pages when a member's incomings change, and nobody else", async () => {
    const bertSocket = openSocket(url, { token: bert.token, origin: "website" }, sockets);
    const outsiderSocket = openSocket(url, { token: outsider.token, origin: "website" }, sockets);
    for (const s of [bertSocket, outsiderSocket]) expect(await s.outcome).toBe("connected");
    await paste(anna, sos("520|480", "02.06.31 08:00:00:000"));
    await waitForMessage(bertSocket, "tribe-board-updated", (d) => d.tribeId === tribeId);
    // The outsider's own paste is the fence: a message to a socket comes after every earlier one to it.
    await paste(outsider, sos("520|480"));
    await waitForMessage(outsiderSocket, "incomings-updated");
    expect(outsiderSocket.messages("tribe-board-updated")).toEqual([]);
    expect((await board(bert)).totals).toBe(3);
  });
});

describe("Stammes-Eingänge, the tribe's access read once while nothing changes", () => {
  const accessStatements = (statements: { text: string }[]) => statements.filter((s) => s.text.includes("from tribes t where t.id"));

  it("runs the access statement again only after a change on the embedded database, on every read on PostgreSQL", async () => {
    await board(leader);
    const recorded = recordStatements(app.db);
    await board(leader);
    await board(anna);
    recorded.stop();
    expect(accessStatements(recorded.statements)).toHaveLength(app.databaseHandle.kind === "pglite" ? 0 : 2);
  });

  it("shows a member's new name, their bot leaving the tribe's world, and a removal on the next read", async () => {
    const row = async (p: Person) => (await board(p)).incomings.find((i) => i.member.userId === leader.id);
    expect((await row(anna))?.member.username).toMatch(/^u_/);
    await app.db.update(users).set({ username: "Leitwolf", usernameKey: "leitwolf" }).where(eq(users.id, leader.id));
    expect((await row(anna))?.member.username).toBe("Leitwolf");

    // Anna's bot scanned Alpha; on another world its scan is not the tribe's.
    const alpha = async () => (await board(leader)).incomings.find((i) => i.target.coordinates === "500|500")?.defence.troops ?? null;
    expect(await alpha()).not.toBeNull();
    await app.db.update(dsbots).set({ worldWorld: "de1" }).where(eq(dsbots.ownerId, anna.id));
    expect(await alpha()).toBeNull();
    await app.db.update(dsbots).set({ worldWorld: PLAN_WORLD.world }).where(eq(dsbots.ownerId, anna.id));
    expect(await alpha()).not.toBeNull();

    await board(bert);
    expect((await leader.call("DELETE", `/api/tribes/${tribeId}/members/${bert.id}`)).statusCode).toBe(200);
    expect((await bert.call("GET", `/api/tribes/${tribeId}/incomings`)).statusCode).toBe(404);
    expect((await leader.call("DELETE", `/api/tribes/${tribeId}`)).statusCode).toBe(204);
    expect((await leader.call("GET", `/api/tribes/${tribeId}/incomings`)).statusCode).toBe(404);
  });
});
