// Unterstützung anfordern: a member asks for support from an incoming on the tribe's board; the request
// names the village, the deadline and the need, rings the bell of the leads and of the members who could
// help in time, heads the board's requests for every member, and is withdrawn by the member or a lead.
import type { Notification, TribeBoardResponse, TribeRequestListResponse, TribeRequestResponse } from "@dsbot/protocol";
import { formatServerTime } from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caller, importPlanWorld, PLAN_WORLD } from "../../../test/attack-plans.js";
import type { TestSocket } from "../../../test/bots.js";
import { createBot, listen, openSocket, waitForMessage } from "../../../test/bots.js";
import { loginAdmin } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { foundTribe, inviteCode, joinTribe, pasteSos as paste, sosText as sos, tribePerson, type Person } from "../../../test/tribes.js";
import { botTroops } from "../../db/schema.js";

let app: TestApp;
let url: string;
const sockets: TestSocket[] = [];

const ARRIVAL = Date.UTC(2031, 5, 1, 10, 30, 45, 678);

async function supportNotices(p: Person): Promise<Notification[]> {
  const response = await p.call("GET", "/api/user-notifications");
  return response.json<{ notifications: Notification[] }>().notifications.filter((n) => n.title === "Unterstützung angefordert");
}

let leader: Person;
let anna: Person;
let bert: Person;
let carla: Person;
let outsider: Person;
let tribeId: number;
let annaIncoming: number;

const requests = async (p: Person) => {
  const response = await p.call("GET", `/api/tribes/${tribeId}/requests`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TribeRequestListResponse>().requests;
};
const ask = (p: Person, body: unknown) => p.call("POST", `/api/tribes/${tribeId}/requests`, body);

beforeAll(async () => {
  app = await createTestApp();
  await importPlanWorld(app);
  url = await listen(app);
  [leader, anna, bert, carla, outsider] = [await tribePerson(app), await tribePerson(app), await tribePerson(app), await tribePerson(app), await tribePerson(app)];
  tribeId = (await foundTribe(leader, { name: "Die Wächter", tag: "WACHT" })).id;
  const code = await inviteCode(leader, tribeId);
  for (const p of [anna, bert, carla]) expect(await joinTribe(p, code)).toBe(200);
  // Bert shares spears in Gamma (510|490), hours from Alpha; Carla shares nothing.
  const bot = await createBot(app, bert.token, { name: "Bert", world: PLAN_WORLD.world });
  await app.db.insert(botTroops).values({ dsbotId: bot.id, villageId: 4, x: 510, y: 490, name: "Gamma", units: { spear: 100, axe: 20 }, scannedAt: new Date() });
  expect((await carla.call("PATCH", `/api/tribes/${tribeId}/me`, { troopSharing: "none" })).statusCode).toBe(200);

  await paste(anna, sos("520|480", formatServerTime(ARRIVAL, "Europe/Berlin")));
  const board = (await anna.call("GET", `/api/tribes/${tribeId}/incomings`)).json<TribeBoardResponse>();
  annaIncoming = board.incomings[0]!.id;
});
afterAll(async () => {
  for (const s of sockets) s.socket.disconnect();
  await app?.dispose();
});

describe("Unterstützung anfordern", () => {
  it("asks for the attacked village by the arrival less the margin, and rings the leads and the helpers", async () => {
    const bertSocket = openSocket(url, { token: bert.token, origin: "website" }, sockets);
    expect(await bertSocket.outcome).toBe("connected");
    const response = await ask(anna, { incomingId: annaIncoming, marginSeconds: 90, need: { kind: "population", population: 2000 } });
    expect(response.statusCode, response.body).toBe(201);
    const { request } = response.json<TribeRequestResponse>();
    expect(request).toMatchObject({
      tribeId,
      member: { userId: anna.id },
      village: { name: "Alpha", coordinates: "500|500" },
      incomingId: annaIncoming,
      attackArrival: ARRIVAL,
      neededBy: ARRIVAL - 90_000,
      need: { kind: "population", population: 2000 },
      helpers: 1,
    });
    await waitForMessage(bertSocket, "tribe-board-updated", (d) => d.tribeId === tribeId);

    const deadline = formatServerTime(ARRIVAL - 90_000, "Europe/Berlin");
    for (const p of [leader, bert]) {
      const [notice] = await supportNotices(p);
      expect(notice).toMatchObject({ message: `${request.member.username} braucht Unterstützung in Alpha (500|500) bis ${deadline}: 2.000 Einwohner Verteidigung.`, link: { kind: "tribe", tribeId } });
    }
    // Anna asked herself; Carla shares nothing; the outsider is not in the tribe.
    for (const p of [anna, carla, outsider]) expect(await supportNotices(p)).toEqual([]);
    expect((await requests(carla)).map((r) => r.id)).toEqual([request.id]);
  });

  it("keeps one open request per village and attack", async () => {
    const again = await ask(leader, { incomingId: annaIncoming, marginSeconds: 0, need: { kind: "units", units: { sword: 300 } } });
    expect([again.statusCode, again.json().error.message]).toEqual([409, "Für dieses Dorf gibt es schon eine offene Anfrage."]);
  });

  it("is asked and withdrawn by the attacked member or a lead only", async () => {
    const [open] = await requests(anna);
    expect((await ask(bert, { incomingId: annaIncoming, marginSeconds: 0, need: { kind: "population", population: 1 } })).statusCode).toBe(403);
    expect((await bert.call("DELETE", `/api/tribes/${tribeId}/requests/${open!.id}`)).statusCode).toBe(403);
    expect((await outsider.call("DELETE", `/api/tribes/${tribeId}/requests/${open!.id}`)).statusCode).toBe(404);
    expect((await outsider.call("GET", `/api/tribes/${tribeId}/requests`)).statusCode).toBe(404);
    const admin = caller(app, await loginAdmin(app));
    expect((await admin("GET", `/api/tribes/${tribeId}/requests`)).statusCode).toBe(200);
    expect((await admin("DELETE", `/api/tribes/${tribeId}/requests/${open!.id}`)).statusCode).toBe(404);

    expect((await leader.call("DELETE", `/api/tribes/${tribeId}/requests/${open!.id}`)).statusCode).toBe(204);
    expect(await requests(anna)).toEqual([]);
    expect((await anna.call("DELETE", `/api/tribes/${tribeId}/requests/${open!.id}`)).statusCode).toBe(404);
    // Withdrawn, the village may ask again; a lead asks for the member.
    const units = await ask(leader, { incomingId: annaIncoming, marginSeconds: 0, need: { kind: "units", units: { sword: 300, heavy: 50 } } });
    expect(units.statusCode, units.body).toBe(201);
    expect(units.json<TribeRequestResponse>().request).toMatchObject({ member: { userId: anna.id }, neededBy: ARRIVAL, need: { kind: "units", units: { sword: 300, heavy: 50 } } });
  });

  it("refuses an incoming that is not on the board, one too close, and a request without need", async () => {
    await paste(outsider, sos("520|480", formatServerTime(ARRIVAL + 1000, "Europe/Berlin")));
    const foreign = (await outsider.call("GET", "/api/incomings")).json<{ incomings: { id: number }[] }>().incomings[0]!.id;
    expect((await ask(anna, { incomingId: foreign, marginSeconds: 0, need: { kind: "population", population: 1 } })).statusCode).toBe(404);

    await paste(anna, sos("520|480", formatServerTime(Date.now() + 120_000, "Europe/Berlin")));
    const board = (await anna.call("GET", `/api/tribes/${tribeId}/incomings`)).json<TribeBoardResponse>();
    const soon = board.incomings.find((i) => i.arrivalTime < ARRIVAL)!;
    const late = await ask(anna, { incomingId: soon.id, marginSeconds: 300, need: { kind: "population", population: 1 } });
    expect([late.statusCode, late.json().error.message]).toEqual([400, "Der Angriff kommt zu früh an: bis dahin schafft es keine Unterstützung."]);

    const empty = await ask(anna, { incomingId: annaIncoming, marginSeconds: 0, need: { kind: "units", units: { spear: 0 } } });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain("Gib mindestens eine Einheit an.");
  });

  it("goes with the member: removed from the tribe, their requests are gone", async () => {
    expect((await requests(bert)).length).toBe(1);
    expect((await leader.call("DELETE", `/api/tribes/${tribeId}/members/${anna.id}`)).statusCode).toBe(200);
    expect(await requests(bert)).toEqual([]);
  });
});
