// Alerts told ahead. "Angriff in Kürze": off until switched on; then an attack on one of the user's
// villages (their bot's scan or their paste, no fake) that lands within the rule's lead is told once —
// one notification per run naming how many and the first, queued for the user's channels — and never
// again, however often the run comes or the same attack is seen twice. Other users' incomings tell them
// nothing. "Tab-Anfrage fällig": an open attack tab request whose send time comes within the lead, once.
import type { AlertRulesResponse } from "@dsbot/protocol";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caller, importPlanWorld, newAttack, newPlan } from "../../../test/attack-plans.js";
import { createBot } from "../../../test/bots.js";
import { bearer, createUser, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { createTestApp } from "../../../test/test-app.js";
import { alertChannels, alertOutbox, attacks, incomings, notifications, tabRequests } from "../../db/schema.js";
import { secretBoxOf } from "./secret-box.js";
import { alertAhead, alertAttacksSoon } from "./attack-soon.js";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  await importPlanWorld(app);
});
afterAll(() => app?.dispose());

const NOW = new Date(Date.UTC(2031, 5, 1, 10, 0, 0));
const inMinutes = (m: number) => new Date(NOW.getTime() + m * 60_000);

async function incoming(owner: { userId: number } | { dsbotId: number }, arrivalAt: Date, kind: "attack" | "fake" | "noble" = "attack", target = { x: 500, y: 500 }) {
  await app.db.insert(incomings).values({
    ...owner,
    worldServer: "die-staemme.de",
    worldWorld: "de999",
    originX: 510,
    originY: 490,
    attackerName: "Räuber",
    targetX: target.x,
    targetY: target.y,
    targetName: "Alpha",
    arrivalAt,
    firstSeenAt: NOW,
    distance: 14.1,
    kind,
    kindReason: "",
  });
}

const soonNotes = (userId: number) => app.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.title, "Angriff in Kürze")));

describe("attack-soon alerts", () => {
  it("is off by default, and once on tells each attack within the lead once, fakes and later ones left out", async () => {
    const user = await createUser(app);
    const token = await loginAs(app, user);
    const stranger = await createUser(app);
    const sealed = (await secretBoxOf(app.ctx.config)).seal(JSON.stringify({ signingKey: "k" }));
    const [channel] = await app.db.insert(alertChannels).values({ userId: user.id, kind: "webhook", name: "Handy", settings: { url: "https://example.org/h" }, sealed }).returning();
    const rules = (await app.fastify.inject({ method: "GET", url: "/api/alert-rules", headers: bearer(token) })).json<AlertRulesResponse>();
    expect(rules.rules.find((r) => r.event === "attack-soon")).toEqual({ event: "attack-soon", enabled: false, channelIds: null, minGapSeconds: 60, leadMinutes: 10 });

    await incoming({ userId: user.id }, inMinutes(4));
    await incoming({ userId: user.id }, inMinutes(7), "noble", { x: 501, y: 500 });
    await incoming({ userId: user.id }, inMinutes(5), "fake");
    await incoming({ userId: user.id }, inMinutes(25));
    await incoming({ userId: stranger.id }, inMinutes(3));
    expect(await alertAttacksSoon(app.ctx, NOW)).toBe(0);
    expect(await soonNotes(user.id)).toEqual([]);

    const saved = await app.fastify.inject({
      method: "PUT",
      url: "/api/alert-rules",
      headers: bearer(token),
      payload: { rules: [{ event: "attack-soon", enabled: true, channelIds: null, minGapSeconds: 0, leadMinutes: 15 }], quietHours: null },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<AlertRulesResponse>().rules.find((r) => r.event === "attack-soon")).toMatchObject({ enabled: true, leadMinutes: 15 });

    expect(await alertAttacksSoon(app.ctx, NOW)).toBe(1);
    const [note] = await soonNotes(user.id);
    expect(note?.message).toMatch(/^2 Angriffe kommen in den nächsten 15 Minuten an: der erste auf Alpha \(500\|500\) von Räuber aus 510\|490, Ankunft 01\.06\.31 12:04:00:000 \(Serverzeit\)\.$/);
    expect(note?.alertEvent).toBe("attack-soon");
    // Queued for the channel by the rule.
    const queued = await app.db.select().from(alertOutbox).where(eq(alertOutbox.channelId, channel!.id));
    expect(queued.map((o) => o.message.title)).toEqual(["Angriff in Kürze"]);
    // Told once: the next run, and a second sighting of the same attack (a bot's scan), say nothing.
    const bot = await createBot(app, token);
    await incoming({ dsbotId: bot.id }, inMinutes(4));
    expect(await alertAttacksSoon(app.ctx, new Date(NOW.getTime() + 15_000))).toBe(0);
    // The later one enters the lead ten minutes on.
    expect(await alertAttacksSoon(app.ctx, inMinutes(11))).toBe(1);
    const notes = await soonNotes(user.id);
    expect(notes.map((n) => n.message.slice(0, 22)).sort()).toEqual(["2 Angriffe kommen in d", "Ein Angriff kommt in d"]);
    expect(await soonNotes(stranger.id)).toEqual([]);
  });

  it("tells an open tab request once, within the minutes before its send time, off by default", async () => {
    const user = await createUser(app);
    const token = await loginAs(app, user);
    const call = caller(app, token);
    const plan = await newPlan(call, "Erinnerung");
    const attack = await newAttack(call, plan.id, { from: "500|500", to: "510|490" });
    const [row] = await app.db.select().from(attacks).where(eq(attacks.id, attack.id));
    const sendAt = row!.sendAt;
    const [request] = await app.db.insert(tabRequests).values({ userId: user.id, kind: "attack", attackId: attack.id, message: "Kein laufender Bot kann diesen Angriff schicken." }).returning();
    const before = (minutes: number) => new Date(sendAt.getTime() - minutes * 60_000);
    const notes = () => app.db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.title, "Tab-Anfrage fällig")));

    expect(await alertAhead(app.ctx, before(1))).toBe(0);
    const saved = await call("PUT", "/api/alert-rules", { rules: [{ event: "tab-request-due", enabled: true, channelIds: null, minGapSeconds: 60, leadMinutes: 3 }], quietHours: null });
    expect(saved.statusCode, saved.body).toBe(200);
    // Four minutes before: not yet; two minutes before: once; a run later: nothing new.
    expect(await alertAhead(app.ctx, before(4))).toBe(0);
    expect(await alertAhead(app.ctx, before(2))).toBe(1);
    expect(await alertAhead(app.ctx, before(1.5))).toBe(0);
    const [note] = await notes();
    expect(note?.message).toMatch(/^Eine Tab-Anfrage ist in den nächsten 3 Minuten abzuschicken: von 500\|500 nach 510\|490, Abschickzeit \d\d\.\d\d\.\d\d \d\d:\d\d:\d\d:\d{3} \(Serverzeit\)\.$/);
    expect(note?.link).toEqual({ kind: "tab-request", tabRequestId: request!.id });
    expect(await notes()).toHaveLength(1);
  });
});
