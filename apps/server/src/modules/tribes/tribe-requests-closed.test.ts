// A request closes when its attack lands: the attacked member, the Anführer and the member whose support
// is in it are told once what arrived in time; a member who is not concerned and a user outside the
// tribe hear nothing, and a withdrawn request is never told.
import type { Notification, NotificationListResponse, TribeBoardResponse, TribeDefenceResponse, TribeRequestResponse } from "@dsbot/protocol";
import { formatServerTime } from "@dsbot/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importPlanWorld, PLAN_WORLD } from "../../../test/attack-plans.js";
import { createBot } from "../../../test/bots.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { foundTribe, inviteCode, joinTribe, pasteSos, sosText, tribePerson, type Person } from "../../../test/tribes.js";
import { attacks, botTroops, tribeSupportRequests } from "../../db/schema.js";
import { tellClosedRequests } from "./tribe-requests-closed.js";

let app: TestApp;
const ARRIVAL = Date.now() + 6 * 3_600_000;
const TITLE = "Unterstützungsanfrage abgeschlossen";

let leader: Person;
let anna: Person;
let bert: Person;
let dora: Person;
let outsider: Person;
let tribeId: number;
let requestId: number;

const closedNotes = async (p: Person): Promise<Notification[]> =>
  (await p.call("GET", "/api/user-notifications")).json<NotificationListResponse>().notifications.filter((n) => n.title === TITLE);

beforeAll(async () => {
  app = await createTestApp();
  await importPlanWorld(app);
  [leader, anna, bert, dora, outsider] = [await tribePerson(app), await tribePerson(app), await tribePerson(app), await tribePerson(app), await tribePerson(app)];
  tribeId = (await foundTribe(leader, { name: "Die Wächter", tag: "WACHT" })).id;
  const code = await inviteCode(leader, tribeId);
  for (const p of [anna, bert, dora]) expect(await joinTribe(p, code)).toBe(200);
  // Bert's bot scanned Gamma (510|490): two supports' worth of spears for Anna's Alpha (500|500).
  const bertBot = await createBot(app, bert.token, { name: "Bert", world: PLAN_WORLD.world });
  await app.db.insert(botTroops).values({ dsbotId: bertBot.id, villageId: 4, x: 510, y: 490, name: "Gamma", units: { spear: 1000 }, scannedAt: new Date() });
  await pasteSos(anna, sosText("520|480", formatServerTime(ARRIVAL, "Europe/Berlin")));
  const board = (await anna.call("GET", `/api/tribes/${tribeId}/incomings`)).json<TribeBoardResponse>();
  const asked = await anna.call("POST", `/api/tribes/${tribeId}/requests`, { incomingId: board.incomings[0]!.id, marginSeconds: 60, need: { kind: "units", units: { spear: 300 } } });
  expect(asked.statusCode, asked.body).toBe(201);
  requestId = asked.json<TribeRequestResponse>().request.id;
  const planned = await leader.call("POST", `/api/tribes/${tribeId}/requests/${requestId}/plan`, { save: true });
  expect(planned.statusCode, planned.body).toBe(200);
  const [support] = planned.json<TribeDefenceResponse>().supports;
  expect(support?.units).toEqual({ spear: 300 });
  // Bert's bot sent it; it lands ten minutes before the attack.
  await app.db.update(attacks).set({ status: "sent", arrivalAt: new Date(ARRIVAL - 600_000) }).where(eq(attacks.id, support!.id!));
});
afterAll(async () => {
  await app?.dispose();
});

describe("a request whose attack landed", () => {
  it("is not told before the attack lands", async () => {
    expect(await tellClosedRequests(app.ctx, new Date(ARRIVAL - 1))).toBe(0);
    expect(await closedNotes(anna)).toEqual([]);
  });

  it("tells the member, the Anführer and the supporting member what arrived in time, once", async () => {
    expect(await tellClosedRequests(app.ctx, new Date(ARRIVAL + 1_000))).toBe(1);
    for (const p of [anna, leader, bert]) {
      const notes = await closedNotes(p);
      expect(notes).toHaveLength(1);
      expect(notes[0]!.message).toBe("Der Angriff auf Alpha (500|500) (" + (await nameOf(anna)) + ") ist angekommen. Rechtzeitig da: 300 von 300 der angeforderten Einheiten.");
      expect(notes[0]!.link).toEqual({ kind: "tribe", tribeId });
    }
    // Dora has no part in it; the outsider is not in the tribe.
    expect(await closedNotes(dora)).toEqual([]);
    expect(await closedNotes(outsider)).toEqual([]);
    // Told once: the next run (another instance's too) finds nothing.
    expect(await tellClosedRequests(app.ctx, new Date(ARRIVAL + 20_000))).toBe(0);
    expect(await closedNotes(anna)).toHaveLength(1);
  });

  it("names the supports that came too late or not at all", async () => {
    const [row] = await app.db.select().from(tribeSupportRequests).where(eq(tribeSupportRequests.id, requestId));
    await app.db.update(tribeSupportRequests).set({ closedToldAt: null }).where(eq(tribeSupportRequests.id, requestId));
    await app.db.update(attacks).set({ arrivalAt: new Date(ARRIVAL + 60_000) }).where(eq(attacks.status, "sent"));
    expect(await tellClosedRequests(app.ctx, new Date(row!.attackArrivalAt.getTime() + 1_000))).toBe(1);
    const [latest] = await closedNotes(anna);
    expect(latest!.message).toMatch(/Rechtzeitig da: 0 von 300 der angeforderten Einheiten\. 1 Unterstützung kam zu spät oder gar nicht\.$/);
  });

  it("is never told once withdrawn", async () => {
    await app.db.update(tribeSupportRequests).set({ closedToldAt: null, withdrawnAt: new Date() }).where(eq(tribeSupportRequests.id, requestId));
    expect(await tellClosedRequests(app.ctx, new Date(ARRIVAL + 30_000))).toBe(0);
  });
});

async function nameOf(p: Person): Promise<string> {
  return (await p.call("GET", "/api/auth/me")).json<{ user: { username: string } }>().user.username;
}
