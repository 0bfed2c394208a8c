// Verteidigung planen: a Koordinator or the Anführer answers a support request with supports from the
// members' shared troops; saved, each member's supports are commands in the member's own plan, on their
// bot's Offplaner Scanner; the request shows them and plans only what is still missing.
import type { AttackListResponse, Dsbot, Notification, TribeBoardResponse, TribeDefenceResponse, TribeRequestListResponse, TribeRequestResponse } from "@dsbot/protocol";
import { formatServerTime } from "@dsbot/protocol";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caller, importPlanWorld, PLAN_WORLD } from "../../../test/attack-plans.js";
import type { TestSocket } from "../../../test/bots.js";
import { createBot, listen, openSocket, waitForMessage } from "../../../test/bots.js";
import { loginAdmin } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { foundTribe, inviteCode, joinTribe, pasteSos, sosText, tribePerson, type Person } from "../../../test/tribes.js";
import { attacks, botTroops, dsbots, tribeSupportRequests } from "../../db/schema.js";

let app: TestApp;
let url: string;
const sockets: TestSocket[] = [];
const ARRIVAL = Date.UTC(2031, 5, 1, 10, 30, 45, 678);

let leader: Person;
let anna: Person;
let bert: Person;
let carla: Person;
let outsider: Person;
let tribeId: number;
let requestId: number;
let bertBot: Dsbot;

/** Anna asks for `spears` spears for Beta (501|499), against the incoming pasted there; answers the request id. */
async function askForBeta(spears: number): Promise<number> {
  const board = (await anna.call("GET", `/api/tribes/${tribeId}/incomings`)).json<TribeBoardResponse>();
  const incoming = board.incomings.find((i) => i.target.coordinates === "501|499")!;
  const asked = await anna.call("POST", `/api/tribes/${tribeId}/requests`, { incomingId: incoming.id, marginSeconds: 0, need: { kind: "units", units: { spear: spears } } });
  expect(asked.statusCode, asked.body).toBe(201);
  return asked.json<TribeRequestResponse>().request.id;
}

const plan = (p: Person, body: unknown, id = requestId) => p.call("POST", `/api/tribes/${tribeId}/requests/${id}/plan`, body);
const requests = async (p: Person) => (await p.call("GET", `/api/tribes/${tribeId}/requests`)).json<TribeRequestListResponse>();

beforeAll(async () => {
  app = await createTestApp();
  await importPlanWorld(app);
  url = await listen(app);
  [leader, anna, bert, carla, outsider] = [await tribePerson(app), await tribePerson(app), await tribePerson(app), await tribePerson(app), await tribePerson(app)];
  tribeId = (await foundTribe(leader, { name: "Die Wächter", tag: "WACHT" })).id;
  const code = await inviteCode(leader, tribeId);
  for (const p of [anna, bert, carla]) expect(await joinTribe(p, code)).toBe(200);
  expect((await leader.call("PATCH", `/api/tribes/${tribeId}/members/${carla.id}`, { role: "coordinator" })).statusCode).toBe(200);
  // Bert's bot scanned Gamma (510|490, nearer to Alpha), Epsilon (400|600) and a village far away.
  bertBot = await createBot(app, bert.token, { name: "Bert", world: PLAN_WORLD.world });
  await app.db.insert(botTroops).values([
    { dsbotId: bertBot.id, villageId: 4, x: 510, y: 490, name: "Gamma", units: { spear: 1000, sword: 500, axe: 20 }, scannedAt: new Date() },
    { dsbotId: bertBot.id, villageId: 6, x: 400, y: 600, name: "Epsilon", units: { spear: 5000 }, scannedAt: new Date() },
    // Far away (its squared distance is beyond a smallint): the last to ask.
    { dsbotId: bertBot.id, villageId: 99, x: 900, y: 100, name: "Fernab", units: { spear: 1 }, scannedAt: new Date() },
  ]);
  await pasteSos(anna, sosText("520|480", formatServerTime(ARRIVAL, "Europe/Berlin")));
  const board = (await anna.call("GET", `/api/tribes/${tribeId}/incomings`)).json<TribeBoardResponse>();
  const asked = await anna.call("POST", `/api/tribes/${tribeId}/requests`, { incomingId: board.incomings[0]!.id, marginSeconds: 60, need: { kind: "population", population: 1200 } });
  expect(asked.statusCode, asked.body).toBe(201);
  requestId = asked.json<TribeRequestResponse>().request.id;
});
afterAll(async () => {
  for (const s of sockets) s.socket.disconnect();
  await app?.dispose();
});

describe("Verteidigung planen", () => {
  it("is for a Koordinator or the Anführer: a member gets 403, anyone outside the tribe 404", async () => {
    const member = await plan(bert, { save: false });
    expect([member.statusCode, member.json().error.message]).toEqual([403, "Nur ein Koordinator oder der Anführer plant die Verteidigung."]);
    expect((await plan(outsider, { save: false })).statusCode).toBe(404);
    expect((await caller(app, await loginAdmin(app))("POST", `/api/tribes/${tribeId}/requests/${requestId}/plan`, { save: false })).statusCode).toBe(404);
    expect((await plan(carla, { save: false }, requestId + 1000)).statusCode).toBe(404);
    expect((await plan(carla, { save: "ja" })).statusCode).toBe(400);
  });

  it("previews the nearest village's defensive units up to the need, landing by the deadline, and writes nothing", async () => {
    const response = await plan(carla, { save: false });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<TribeDefenceResponse>();
    expect(answer).toMatchObject({ requested: 1200, covered: 1200, missing: 1200, saved: false, underAttack: [] });
    expect(answer.supports).toHaveLength(1);
    const [support] = answer.supports;
    expect(support).toMatchObject({ id: null, member: { userId: bert.id }, source: { id: 4, coordinates: "510|490" }, units: { spear: 1000, sword: 200 }, unit: "sword" });
    expect(support!.arrivalAt).toBeLessThanOrEqual(ARRIVAL - 60_000);
    expect(support!.sendAt).toBeGreaterThan(Date.now());
    expect((await requests(anna)).requests[0]!.supports).toEqual([]);
  });

  it("saves the supports into the member's own plan on their bot's scanner, tells the member and the board", async () => {
    const bertSocket = openSocket(url, { token: bert.token, origin: "website" }, sockets);
    expect(await bertSocket.outcome).toBe("connected");
    const response = await plan(leader, { save: true });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<TribeDefenceResponse>();
    expect(answer.saved).toBe(true);
    const [support] = answer.supports;
    expect(support).toMatchObject({ member: { userId: bert.id }, status: "planned", units: { spear: 1000, sword: 200 } });
    await waitForMessage(bertSocket, "tribe-board-updated", (d) => d.tribeId === tribeId);

    // Bert's plan, his own: the support to Alpha, sent by his bot.
    const plans = (await bert.call("GET", "/api/attack-plans")).json<{ attackPlans: { id: number; name: string }[] }>().attackPlans;
    expect(plans.find((p) => p.id === support!.planId)?.name).toBe("Stamm-Verteidigung [WACHT]");
    const listed = (await bert.call("GET", `/api/attack-plans/${support!.planId}/attacks`)).json<AttackListResponse>().attacks;
    expect(listed.map((a) => [a.id, a.type, a.startVillage.coordinates, a.targetVillage.coordinates, a.startVillage.player?.name])).toEqual([[support!.id, "support", "510|490", "500|500", "Bert"]]);
    const [bot] = await app.db.select().from(dsbots).where(eq(dsbots.id, bertBot.id));
    expect((bot!.modules as Record<string, { enabled: boolean; config: { attackPlanIds: number[] } }>)["attack-planner-scanner"]).toMatchObject({ enabled: true, config: { attackPlanIds: [support!.planId] } });
    // Not the leader's plan: he sees none of it.
    expect((await leader.call("GET", `/api/attack-plans/${support!.planId}/attacks`)).statusCode).toBe(404);

    const notices = (await bert.call("GET", "/api/user-notifications")).json<{ notifications: Notification[] }>().notifications;
    expect(notices.find((n) => n.title === "Verteidigungsbefehle vom Stamm")?.message).toMatch(/^.+ hat dir 1 Unterstützung für Alpha \(500\|500\) zugeteilt\. Erste Abschickzeit: /);
    // Every member sees it on the request.
    for (const p of [anna, carla]) expect((await requests(p)).requests[0]!.supports.map((s) => s.id)).toEqual([support!.id]);
  });

  it("tells the tribe's members when a planned support changes in its member's plan, and nobody else", async () => {
    const [annaSocket, outsiderSocket] = [openSocket(url, { token: anna.token, origin: "website" }, sockets), openSocket(url, { token: outsider.token, origin: "website" }, sockets)];
    for (const s of [annaSocket, outsiderSocket]) expect(await s.outcome).toBe("connected");
    const [support] = (await requests(anna)).requests[0]!.supports;
    // Bert marks it sent by hand in his plan (as a bot's report would).
    const marked = await bert.call("POST", `/api/attack-plans/${support!.planId}/attacks/bulk`, { action: "status", status: "sent", selection: { ids: [support!.id] } });
    expect(marked.statusCode, marked.body).toBe(200);
    await waitForMessage(annaSocket, "tribe-board-updated", (d) => d.tribeId === tribeId);
    expect((await requests(anna)).requests[0]!.supports.map((s) => s.status)).toEqual(["sent"]);
    // The outsider's own tribe is the fence: a message to a socket comes after every earlier one to it.
    const own = await foundTribe(outsider, { name: "Zaun", tag: "ZAUN" });
    await outsider.call("PATCH", `/api/tribes/${own.id}`, { name: "Zaun 2" });
    await waitForMessage(outsiderSocket, "tribe-updated", (d) => d.tribeId === own.id);
    expect(outsiderSocket.messages("tribe-board-updated")).toEqual([]);
    await app.db.update(attacks).set({ status: "planned" }).where(eq(attacks.id, support!.id as number));
  });

  it("plans only what is missing: nothing while covered, the gap after a support failed", async () => {
    const covered = await plan(carla, { save: false });
    expect([covered.statusCode, covered.json().error.message]).toEqual([409, "Die Anfrage ist schon gedeckt: es fehlt nichts mehr."]);
    const [saved] = (await requests(carla)).requests[0]!.supports;
    await app.db.update(attacks).set({ status: "failed", error: "Zu wenige Einheiten" }).where(eq(attacks.id, saved!.id as number));
    const again = (await plan(carla, { save: false })).json<TribeDefenceResponse>();
    expect(again).toMatchObject({ missing: 1200, covered: 1200 });
    expect(again.supports.map((s) => s.source.coordinates)).toEqual(["510|490"]);

    // Two leads save the gap at once: one plan is written, the other is refused with nothing of it.
    const answers = await Promise.all([plan(carla, { save: true }), plan(leader, { save: true })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().error.message).toMatch(/^Die Anfrage (ist schon gedeckt|wurde gerade von jemand anderem geplant)/);
    const supports = (await requests(anna)).requests[0]!.supports;
    expect(supports.map((s) => s.status)).toEqual(["failed", "planned"]);
    // For the tests below: the gap again.
    await app.db.delete(attacks).where(eq(attacks.id, supports[1]!.id as number));
  });

  it("leaves a village under attack out unless it is chosen", async () => {
    const sos = ["[b]Angegriffenes Dorf[/b]", "[coord]510|490[/coord]", "", "[b]1. Angriff[/b]", "Angreifer: [player]Carla 100%_x[/player]", "Herkunft: [coord]520|480[/coord]", `Ankunftszeit: ${formatServerTime(ARRIVAL + 3_600_000, "Europe/Berlin")}`].join("\n");
    await pasteSos(bert, sos);
    const left = (await plan(carla, { save: false })).json<TribeDefenceResponse>();
    expect(left.underAttack).toEqual([{ id: 4, name: "Gamma", coordinates: "510|490", member: expect.any(String) }]);
    expect(left.supports.map((s) => s.source.coordinates)).toEqual(["400|600"]);
    const chosen = (await plan(carla, { save: false, includeVillageIds: [4] })).json<TribeDefenceResponse>();
    expect(chosen.supports.map((s) => s.source.coordinates)).toEqual(["510|490"]);
    expect(chosen.underAttack).toEqual([]);
  });

  it("calls off the planned supports when the request is withdrawn; a sent one stays", async () => {
    const sos = ["[b]Angegriffenes Dorf[/b]", "[coord]501|499[/coord]", "", "[b]1. Angriff[/b]", "Angreifer: [player]Carla 100%_x[/player]", "Herkunft: [coord]520|480[/coord]", `Ankunftszeit: ${formatServerTime(ARRIVAL + 7_200_000, "Europe/Berlin")}`].join("\n");
    await pasteSos(anna, sos);
    const beta = await askForBeta(2000);
    const saved = (await plan(carla, { save: true, includeVillageIds: [4] }, beta)).json<TribeDefenceResponse>();
    expect(saved.supports.map((s) => [s.source.coordinates, s.units])).toEqual([
      ["510|490", { spear: 1000 }],
      ["400|600", { spear: 1000 }],
    ]);
    const [first, second] = saved.supports.map((s) => s.id as number);
    // The bot has sent the first already.
    await app.db.update(attacks).set({ status: "sent" }).where(eq(attacks.id, first!));
    expect((await anna.call("DELETE", `/api/tribes/${tribeId}/requests/${beta}`)).statusCode).toBe(204);
    const rows = await app.db.select({ id: attacks.id, status: attacks.status }).from(attacks).where(inArray(attacks.id, [first!, second!])).orderBy(attacks.id);
    expect(rows.map((r) => r.status)).toEqual(["sent", "cancelled"]);
  });

  it("offers no troops twice: a support sent after the scan, or still to leave, is taken off its village", async () => {
    // Beta asks again. Gamma's 1,000 spears left for Beta's withdrawn request after Bert's bot scanned
    // them (the support stays sent): this time Beta gets Epsilon's.
    const beta = await askForBeta(2000);
    const saved = (await plan(carla, { save: true, includeVillageIds: [4] }, beta)).json<TribeDefenceResponse>();
    expect(saved.supports.map((s) => [s.source.coordinates, s.units])).toEqual([["400|600", { spear: 2000 }]]);
    // Alpha's gap: Gamma's swords, and of Epsilon only the 3,000 spears Beta's planned support leaves.
    const alpha = (await plan(carla, { save: false, includeVillageIds: [4] })).json<TribeDefenceResponse>();
    expect(alpha.supports.map((s) => [s.source.coordinates, s.units])).toEqual([
      ["510|490", { sword: 500 }],
      ["400|600", { spear: 700 }],
    ]);
    expect((await anna.call("DELETE", `/api/tribes/${tribeId}/requests/${beta}`)).statusCode).toBe(204);
  });

  it("closes when the attack lands, with what was planned for it", async () => {
    await app.db.update(tribeSupportRequests).set({ attackArrivalAt: new Date(Date.now() - 1000), neededBy: new Date(Date.now() - 61_000) }).where(eq(tribeSupportRequests.id, requestId));
    const listed = await requests(anna);
    expect(listed.requests).toEqual([]);
    expect(listed.closed.map((r) => [r.id, r.closed, r.supports.length])).toEqual([[requestId, true, 1]]);
    const late = await plan(carla, { save: false });
    expect([late.statusCode, late.json().error.message]).toEqual([409, "Die Anfrage ist nicht mehr offen."]);
  });

  it("calls off a member's supports not sent yet when they leave the tribe; a sent one stays, nobody else's is touched", async () => {
    const beta = await askForBeta(500);
    const saved = (await plan(carla, { save: true }, beta)).json<TribeDefenceResponse>();
    expect(saved.supports.map((s) => [s.source.coordinates, s.units])).toEqual([["400|600", { spear: 500 }]]);
    const planId = saved.supports[0]!.planId!;
    const statuses = async () =>
      (await app.db.select({ id: attacks.id, status: attacks.status }).from(attacks).where(eq(attacks.planId, planId)).orderBy(attacks.id)).map((r) => [r.id, r.status]);
    const before = await statuses();
    expect(before.filter(([, status]) => status === "sent").length).toBeGreaterThan(0);

    const bertSocket = openSocket(url, { token: bert.token, origin: "website" }, sockets);
    expect(await bertSocket.outcome).toBe("connected");
    expect((await bert.call("POST", `/api/tribes/${tribeId}/leave`)).statusCode).toBe(204);
    await waitForMessage(bertSocket, "attacks-updated", (d) => d.planId === planId);
    expect(await statuses()).toEqual(before.map(([id, status]) => [id, id === saved.supports[0]!.id ? "cancelled" : status]));
    expect((await requests(anna)).requests.find((r) => r.id === beta)?.supports).toEqual([]);
  });
});
