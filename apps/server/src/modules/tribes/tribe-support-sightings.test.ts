// "im Dorf": a support no bot confirmed (its tab request sent by hand, so "expired" in the helper's
// plan) counts as arrived once the attacked member's own scan, after its arrival, shows its units in the
// village beyond the member's own; the tribe's boards hear of it, and a later scan without them (the
// attack took them) does not undo it. Nobody else's scan of the village confirms anything.
import type { Dsbot, TribeBoardResponse, TribeDefenceResponse, TribeRequestListResponse, TribeRequestResponse } from "@dsbot/protocol";
import { formatServerTime, supportState } from "@dsbot/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importPlanWorld, PLAN_WORLD } from "../../../test/attack-plans.js";
import type { TestSocket } from "../../../test/bots.js";
import { ack, createBot, listen, openSocket, startBotOnRunner } from "../../../test/bots.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { foundTribe, inviteCode, joinTribe, pasteSos, sosText, tribePerson, type Person } from "../../../test/tribes.js";
import { attacks, botTroops, pastedTroops, tribeRequestSupports } from "../../db/schema.js";
import { confirmSupportsSeen } from "./tribe-support-sightings.js";

let app: TestApp;
let url: string;
const sockets: TestSocket[] = [];
const ARRIVAL = Date.now() + 6 * 3_600_000;

let leader: Person;
let anna: Person;
let bert: Person;
let tribeId: number;
let annaBot: Dsbot;
let annaBotSocket: TestSocket;
let bertBotSocket: TestSocket;
let supportId: number;

const requests = async (p: Person) => (await p.call("GET", `/api/tribes/${tribeId}/requests`)).json<TribeRequestListResponse>();
const alpha = (units: Record<string, number>, inVillage: Record<string, number>) => ({ villageId: 1, x: 500, y: 500, name: "Alpha", units, inVillage });

beforeAll(async () => {
  app = await createTestApp();
  await importPlanWorld(app);
  url = await listen(app);
  [leader, anna, bert] = [await tribePerson(app), await tribePerson(app), await tribePerson(app)];
  tribeId = (await foundTribe(leader, { name: "Die Wächter", tag: "WACHT" })).id;
  const code = await inviteCode(leader, tribeId);
  for (const p of [anna, bert]) expect(await joinTribe(p, code)).toBe(200);
  // Bert's bot scanned Gamma (510|490); Anna's bot plays Alpha (500|500), which is attacked.
  const bertBot = await createBot(app, bert.token, { name: "Bert", world: PLAN_WORLD.world });
  await app.db.insert(botTroops).values({ dsbotId: bertBot.id, villageId: 4, x: 510, y: 490, name: "Gamma", units: { spear: 1000, sword: 500 }, scannedAt: new Date() });
  annaBot = await createBot(app, anna.token, { name: "Anna", world: PLAN_WORLD.world });
  annaBotSocket = (await startBotOnRunner(app, url, anna.token, annaBot.id, sockets)).botSocket;
  bertBotSocket = (await startBotOnRunner(app, url, bert.token, bertBot.id, sockets)).botSocket;

  await pasteSos(anna, sosText("520|480", formatServerTime(ARRIVAL, "Europe/Berlin")));
  const board = (await anna.call("GET", `/api/tribes/${tribeId}/incomings`)).json<TribeBoardResponse>();
  const asked = await anna.call("POST", `/api/tribes/${tribeId}/requests`, { incomingId: board.incomings[0]!.id, marginSeconds: 60, need: { kind: "units", units: { spear: 300 } } });
  expect(asked.statusCode, asked.body).toBe(201);
  const requestId = asked.json<TribeRequestResponse>().request.id;
  const planned = await leader.call("POST", `/api/tribes/${tribeId}/requests/${requestId}/plan`, { save: true });
  expect(planned.statusCode, planned.body).toBe(200);
  supportId = planned.json<TribeDefenceResponse>().supports[0]!.id!;
  // Bert had no bot running: his tab request went unconfirmed ("expired"), and he sent it by hand; it
  // should have landed a minute ago.
  const landed = Date.now() - 60_000;
  await app.db.update(attacks).set({ status: "expired", sendAt: new Date(landed - 600_000), arrivalAt: new Date(landed) }).where(eq(attacks.id, supportId));
});
afterAll(async () => {
  for (const s of sockets) s.socket.disconnect();
  await app?.dispose();
});

async function theSupport() {
  const [request] = (await requests(leader)).requests;
  const support = request!.supports.find((s) => s.id === supportId)!;
  return { support, state: supportState(support, request!.neededBy, Date.now()) };
}

describe("a support seen in the village", () => {
  it("stays failed while no scan of the member's shows its units beyond their own", async () => {
    expect(await ack(annaBotSocket, "bot:troops", { scannedAt: Date.now(), villages: [alpha({ spear: 50 }, { spear: 50 })] })).toEqual({ ok: true, villages: 1 });
    // 299 of the 300 spears: not all of it.
    expect(await ack(annaBotSocket, "bot:troops", { scannedAt: Date.now(), villages: [alpha({ spear: 50 }, { spear: 349 })] })).toEqual({ ok: true, villages: 1 });
    expect(await theSupport()).toMatchObject({ support: { status: "expired", seenInVillageAt: null }, state: "failed" });
  });

  it("is not confirmed by a scan of someone else's bot, even of the same coordinates", async () => {
    expect(await ack(bertBotSocket, "bot:troops", { scannedAt: Date.now(), villages: [alpha({}, { spear: 1000 })] })).toEqual({ ok: true, villages: 1 });
    expect(await theSupport()).toMatchObject({ support: { seenInVillageAt: null }, state: "failed" });
  });

  it("arrived once the member's scan shows its units in the village; the tribe's boards are told", async () => {
    const leaderSocket = openSocket(url, { token: leader.token, origin: "website" }, sockets);
    expect(await leaderSocket.outcome).toBe("connected");
    const scannedAt = Date.now();
    const before = leaderSocket.messages("tribe-board-updated").filter((m) => m.data.tribeId === tribeId).length;
    expect(await ack(annaBotSocket, "bot:troops", { scannedAt, villages: [alpha({ spear: 50 }, { spear: 350, sword: 7 })] })).toEqual({ ok: true, villages: 1 });
    // The scan's own board message, then the one of the sighting.
    await expect.poll(() => leaderSocket.messages("tribe-board-updated").filter((m) => m.data.tribeId === tribeId).length).toBe(before + 2);
    expect(await theSupport()).toMatchObject({ support: { status: "expired", seenInVillageAt: scannedAt }, state: "arrived" });
    const progress = (await requests(anna)).requests[0]!;
    expect(progress.supports.map((s) => supportState(s, progress.neededBy, Date.now()))).toEqual(["arrived"]);
  });

  it("stays arrived when a later scan no longer shows the units", async () => {
    expect(await ack(annaBotSocket, "bot:troops", { scannedAt: Date.now() + 1000, villages: [alpha({ spear: 50 }, { spear: 50 })] })).toEqual({ ok: true, villages: 1 });
    expect(await theSupport()).toMatchObject({ state: "arrived" });
  });

  it("counts the member's pasted troops overview as a sighting too", async () => {
    await app.db.update(attacks).set({ status: "expired" }).where(eq(attacks.id, supportId));
    await app.db.update(tribeRequestSupports).set({ seenInVillageAt: null }).where(eq(tribeRequestSupports.attackId, supportId));
    const importedAt = new Date();
    await app.db.insert(pastedTroops).values({
      userId: anna.id,
      worldServer: PLAN_WORLD.server,
      worldWorld: PLAN_WORLD.world,
      villageId: 1,
      x: 500,
      y: 500,
      name: "Alpha",
      playerName: null,
      units: { spear: 10 },
      inVillage: { spear: 310 },
      outside: {},
      onTheWay: {},
      importedAt,
    });
    // Bert's pastes are not Anna's village's sightings.
    expect(await confirmSupportsSeen(app.db, { userId: bert.id })).toEqual([]);
    expect(await confirmSupportsSeen(app.db, { userId: anna.id })).toEqual([tribeId]);
    expect(await theSupport()).toMatchObject({ support: { seenInVillageAt: importedAt.getTime() }, state: "arrived" });
    // Once seen, it is not confirmed again.
    expect(await confirmSupportsSeen(app.db, { userId: anna.id })).toEqual([]);
  });
});
