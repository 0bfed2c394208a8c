// Tab requests: created once per due attack nobody's bot will send (and once per bot that needs its
// player), pushed live as `addTabRequest` to their user only, the bell rung once while unread, listed
// per user, "Erledigt" counts an attack as sent by hand.
import type { TabRequestListResponse, TabRequestResponse } from "@dsbot/protocol";
import { tabRequestMessages } from "@dsbot/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBot, listen, openSocket, settle, waitForMessage, type TestSocket } from "../../../test/bots.js";
import { bearer, createUser, loginAs } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { attackPlans, attacks, notifications, tabRequests } from "../../db/schema.js";
import { advanceAttacks } from "../attack-plans/attack-clock.js";
import { reportBotAttack } from "../attack-plans/bot-attacks.js";
import { reportNeedsPlayer } from "../dsbots/bot-notifications.js";
import { presentTabRequests } from "./tab-requests.presenter.js";

let app: TestApp;
let url: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  app = await createTestApp();
  url = await listen(app);
});
afterAll(async () => {
  for (const s of sockets) s.socket.disconnect();
  await app?.dispose();
});

async function person() {
  const user = await createUser(app);
  const token = await loginAs(app, user);
  const socket = openSocket(url, { token, origin: "website" }, sockets);
  expect(await socket.outcome).toBe("connected");
  return { user, token, socket };
}

/** A plan of the user with one attack whose send time is `sendAt`. */
async function planWithAttack(ownerId: number, sendAt: number, attackerName = "Niemand") {
  const [plan] = await app.db.insert(attackPlans).values({ ownerId, name: "Plan", worldServer: "die-staemme.de", worldWorld: "de230" }).returning();
  const [attack] = await app.db
    .insert(attacks)
    .values({
      planId: plan?.id ?? 0,
      sourceVillageId: 11,
      sourceName: "A",
      sourceX: 500,
      sourceY: 500,
      attackerName,
      targetVillageId: 12,
      targetName: "B",
      targetX: 501,
      targetY: 502,
      type: "attack",
      units: { axe: 100, ram: 5 },
      unit: "ram",
      sendAt: new Date(sendAt),
      arrivalAt: new Date(sendAt + 3_600_000),
      priority: 3,
    })
    .returning();
  if (!plan || !attack) throw new Error("not inserted");
  return { plan, attack };
}

const list = async (token: string, query = "") =>
  (await app.fastify.inject({ method: "GET", url: `/api/tab-requests${query}`, headers: bearer(token) })).json<TabRequestListResponse>();

describe("tab requests", () => {
  it("turns a due attack without a bot into one request, live to its owner only, with the rally-point link", async () => {
    const owner = await person();
    const other = await person();
    const sendAt = Date.now() + 3_600_000;
    const { attack } = await planWithAttack(owner.user.id, sendAt);

    const result = await advanceAttacks(app.ctx, new Date(sendAt - 30_000));
    expect(result.tabRequests).toBeGreaterThanOrEqual(1);
    const live = await waitForMessage(owner.socket, "addTabRequest", (d) => d.tabRequest.attack?.id === attack.id);
    expect(live.data.tabRequest).toMatchObject({
      kind: "attack",
      added: true,
      message: `${tabRequestMessages.noBot} Bitte schicke ihn selbst.`,
      cause: tabRequestMessages.noBot,
      url: "https://de230.die-staemme.de/game.php?village=11&screen=place&target=12&axe=100&ram=5",
      attack: { from: "500|500", to: "501|502", sendTime: sendAt, arrivalTime: sendAt + 3_600_000, planName: "Plan" },
    });
    await settle();
    expect(other.socket.messages("addTabRequest").filter((m) => m.data.tabRequest.attack?.id === attack.id)).toEqual([]);

    // Once only, however often the clock runs (several instances, a restart).
    await advanceAttacks(app.ctx, new Date(sendAt - 20_000));
    expect((await app.db.select().from(tabRequests).where(eq(tabRequests.attackId, attack.id))).length).toBe(1);

    const own = await list(owner.token);
    expect(own.tabRequests.map((r) => r.attack?.id)).toContain(attack.id);
    expect((await list(other.token)).tabRequests.map((r) => r.attack?.id)).not.toContain(attack.id);
  });

  it("rings the owner's bell once for attacks that became requests, counting the open ones, as an alert", async () => {
    const owner = await person();
    const sendAt = Date.now() + 7_200_000;
    await planWithAttack(owner.user.id, sendAt);
    await advanceAttacks(app.ctx, new Date(sendAt - 30_000));
    await planWithAttack(owner.user.id, sendAt + 1000);
    await advanceAttacks(app.ctx, new Date(sendAt - 29_000));
    const bell = await app.db.select().from(notifications).where(eq(notifications.userId, owner.user.id));
    expect(bell.map((n) => [n.title, n.message, n.alertEvent, n.link?.kind])).toEqual([
      ["Von Hand schicken", "2 Angriffe kann gerade kein laufender Bot schicken – sie stehen unter Tab Anfragen. Schicke sie vor der Abschickzeit selbst.", "attack-failed", "tab-request"],
    ]);
  });

  it("Erledigt counts the attack as sent, pushes it and leaves the open list; another user's request is 404", async () => {
    const owner = await person();
    const other = await person();
    const sendAt = Date.now() + 3_600_000;
    const { plan, attack } = await planWithAttack(owner.user.id, sendAt);
    await advanceAttacks(app.ctx, new Date(sendAt - 30_000));
    const [request] = await app.db.select().from(tabRequests).where(eq(tabRequests.attackId, attack.id));
    if (!request) throw new Error("no request");

    const foreign = await app.fastify.inject({ method: "POST", url: `/api/tab-requests/${request.id}/done`, headers: bearer(other.token) });
    expect(foreign.statusCode).toBe(404);

    const done = await app.fastify.inject({ method: "POST", url: `/api/tab-requests/${request.id}/done`, headers: bearer(owner.token) });
    expect(done.statusCode).toBe(200);
    expect(done.json<TabRequestResponse>().tabRequest.doneAt).not.toBeNull();
    const update = await waitForMessage(owner.socket, "attacks-updated", (d) => d.planId === plan.id && d.attacks.some((a) => a.status === "sent"));
    expect(update.data.attacks).toEqual([{ id: attack.id, status: "sent", error: null, dsbotId: null, realArrivalTime: null }]);
    expect((await list(owner.token)).tabRequests.map((r) => r.id)).not.toContain(request.id);
    expect((await list(owner.token, "?done=true")).tabRequests.map((r) => r.id)).toContain(request.id);
  });

  it("an attack cancelled or sent by hand in the table closes its request", async () => {
    const owner = await person();
    const sendAt = Date.now() + 3_600_000;
    const { plan, attack } = await planWithAttack(owner.user.id, sendAt);
    await advanceAttacks(app.ctx, new Date(sendAt - 30_000));
    expect((await list(owner.token)).tabRequests.map((r) => r.attack?.id)).toContain(attack.id);
    const bulk = await app.fastify.inject({
      method: "POST",
      url: `/api/attack-plans/${plan.id}/attacks/bulk`,
      headers: bearer(owner.token),
      payload: { action: "status", selection: { ids: [attack.id] }, status: "cancelled" },
    });
    expect(bulk.statusCode).toBe(200);
    expect((await list(owner.token)).tabRequests.map((r) => r.attack?.id)).not.toContain(attack.id);
  });

  it("a failed send's request names what is missing and, its send time past, says it cannot land as planned", async () => {
    const owner = await person();
    const bot = await createBot(app, owner.token, { name: "Kalle" });
    const sendAt = Date.now() - 1_000;
    const { attack } = await planWithAttack(owner.user.id, sendAt, "Kalle");
    await app.db.update(attacks).set({ status: "due", dsbotId: bot.id }).where(eq(attacks.id, attack.id));
    const error = "Nicht genügend Einheiten in 500|500: Axtkämpfer (80 fehlen), Rammbock (5 fehlen)";

    await reportBotAttack(app.ctx, { dsbotId: bot.id, runnerUserId: owner.user.id }, { attackId: attack.id, ok: false, error, missingUnits: true, tabRequest: true });

    const expected =
      "Der Bot konnte den Angriff nicht schicken: Nicht genügend Einheiten in 500|500: Axtkämpfer (80 fehlen), Rammbock (5 fehlen). " +
      "Die Abschickzeit ist vorbei – der Angriff kann nicht mehr wie geplant ankommen.";
    const live = await waitForMessage(owner.socket, "addTabRequest", (d) => d.tabRequest.attack?.id === attack.id);
    expect(live.data.tabRequest).toMatchObject({ message: expected, dsbot: { id: bot.id } });
    const [request] = (await list(owner.token)).tabRequests.filter((r) => r.attack?.id === attack.id);
    expect(request).toMatchObject({ message: expected, cause: `Der Bot konnte den Angriff nicht schicken: ${error}.` });
    expect(request?.message).not.toContain("Bitte schicke ihn selbst");

    // The owner's notification says why and links to the request (where the rally point opens).
    const [notification] = (await app.db.select().from(notifications).where(eq(notifications.userId, owner.user.id))).filter((n) => n.title === "Angriff fehlgeschlagen");
    expect(notification?.message).toContain(error);
    expect(notification?.link).toEqual({ kind: "tab-request", tabRequestId: request?.id });
  });

  it("asks to send the attack only before its send time; a request stored with the old wording follows the clock too", async () => {
    const owner = await person();
    const sendAt = Date.now() + 3_600_000;
    const { attack } = await planWithAttack(owner.user.id, sendAt);
    await app.db.insert(tabRequests).values({ userId: owner.user.id, kind: "attack", attackId: attack.id, message: "Kein laufender Bot kann diesen Angriff schicken. Bitte schicke ihn selbst." });
    const [row] = await app.db.select().from(tabRequests).where(eq(tabRequests.attackId, attack.id));
    const [before] = await presentTabRequests(app.db, [row!], sendAt - 1);
    expect(before).toMatchObject({
      cause: tabRequestMessages.noBot,
      message: "Kein laufender Bot kann diesen Angriff schicken. Bitte schicke ihn selbst.",
    });
    const [after] = await presentTabRequests(app.db, [row!], sendAt);
    expect(after?.message).toBe("Kein laufender Bot kann diesen Angriff schicken. Die Abschickzeit ist vorbei – der Angriff kann nicht mehr wie geplant ankommen.");
  });

  it("a bot that needs its player gives its owner one open request per reason", async () => {
    const owner = await person();
    const bot = await createBot(app, owner.token, { name: "Kalle" });
    await reportNeedsPlayer(app.ctx, bot.id, { reason: "captcha" });
    await reportNeedsPlayer(app.ctx, bot.id, { reason: "captcha" });
    const open = (await list(owner.token)).tabRequests.filter((r) => r.dsbot?.id === bot.id);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ kind: "player", reason: "captcha", message: "Der Bot braucht dich im Spiel: Captcha.", url: "https://de230.die-staemme.de/game.php" });
  });
});
