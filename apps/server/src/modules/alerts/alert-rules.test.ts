// A notification that is an alert is queued for the user's channels in its own insert (the trigger of
// migration 0035), by the user's rules: on or off, which channels, the least gap between two messages
// of an event (a wave is one message), and the quiet hours, which a noble train passes; the rules over
// REST with their defaults, a channel of someone else refused.
import type { AlertRulesResponse } from "@dsbot/protocol";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caller, type Call } from "../../../test/attack-plans.js";
import { createUser, loginAs } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { alertChannels, alertOutbox } from "../../db/schema.js";
import { notificationTexts, notify } from "../notifications/index.js";
import { secretBoxOf } from "./secret-box.js";

let app: TestApp;

async function person(): Promise<{ id: number; call: Call; channels: [number, number] }> {
  const user = await createUser(app);
  const sealed = (await secretBoxOf(app.ctx.config)).seal(JSON.stringify({ signingKey: "k" }));
  const rows = await app.db
    .insert(alertChannels)
    .values(["A", "B"].map((name) => ({ userId: user.id, kind: "webhook" as const, name, settings: { url: `http://127.0.0.1:9/${name}` }, sealed })))
    .returning({ id: alertChannels.id });
  return { id: user.id, call: caller(app, await loginAs(app, user)), channels: [rows[0]!.id, rows[1]!.id] };
}

/** The queued messages of the user's channels: [channel, event, title]. */
async function queued(channels: readonly number[]) {
  const rows = await app.db.select().from(alertOutbox).where(inArray(alertOutbox.channelId, [...channels])).orderBy(alertOutbox.id);
  return rows.map((r) => [r.channelId, r.message.event, r.message.title]);
}

const noble = () => ({ ...notificationTexts.nobleIncoming("Alpha (500|500)", "Carla", "520|480", "01.12.26 03:00:00:000"), link: { kind: "incoming" as const, incomingId: 1 } });
const failed = () => notificationTexts.attackFailed("Plan", "Alpha", "Beta", "Zu wenige Einheiten");

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.dispose();
});

describe("alert rules", () => {
  it("queues an alert for every channel that is on, with the notification's key and link, and nothing for other notifications", async () => {
    const anna = await person();
    await app.db.update(alertChannels).set({ enabled: false }).where(eq(alertChannels.id, anna.channels[1]));
    const [notification] = await notify(app.ctx, anna.id, noble());
    await notify(app.ctx, anna.id, notificationTexts.accessGranted("Kalle", "Bert"));
    const rows = await app.db.select().from(alertOutbox).where(inArray(alertOutbox.channelId, anna.channels));
    expect(rows.map((r) => [r.channelId, r.idempotencyKey, r.message])).toEqual([
      [anna.channels[0], `notification:${notification!.id}`, { event: "noble-train", title: "Adelung erkannt", text: noble().message, link: null, about: { kind: "incoming", incomingId: 1 } }],
    ]);
  });

  it("sends a wave within the rule's gap as one message; with no gap, each", async () => {
    const anna = await person();
    for (let i = 0; i < 5; i++) await notify(app.ctx, anna.id, noble());
    expect(await queued(anna.channels)).toEqual([
      [anna.channels[0], "noble-train", "Adelung erkannt"],
      [anna.channels[1], "noble-train", "Adelung erkannt"],
    ]);
    expect((await anna.call("PUT", "/api/alert-rules", { rules: [{ event: "noble-train", enabled: true, channelIds: null, minGapSeconds: 0 }], quietHours: null })).statusCode).toBe(200);
    await notify(app.ctx, anna.id, noble());
    expect(await queued(anna.channels)).toHaveLength(4);
  });

  it("follows the rules: an event switched off goes nowhere, one for a channel goes only there", async () => {
    const anna = await person();
    const saved = await anna.call("PUT", "/api/alert-rules", {
      rules: [
        { event: "attack-failed", enabled: false, channelIds: null, minGapSeconds: 60 },
        { event: "defence-request", enabled: true, channelIds: [anna.channels[1]], minGapSeconds: 60 },
      ],
      quietHours: null,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await notify(app.ctx, anna.id, failed());
    await notify(app.ctx, anna.id, notificationTexts.supportRequested("Bert", "Alpha (500|500)", "01.12.26 03:00:00", "500 Speerträger"));
    expect(await queued(anna.channels)).toEqual([[anna.channels[1], "defence-request", "Unterstützung angefordert"]]);
  });

  it("holds back all but noble trains and bot protection in the quiet hours (the world's server time)", async () => {
    const anna = await person();
    const { zone } = (await anna.call("GET", "/api/alert-rules")).json<AlertRulesResponse>();
    const [hour, minute] = new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date()).split(":").map(Number);
    const now = hour! * 60 + minute!;
    const clock = (m: number) => `${String(Math.floor((((m % 1440) + 1440) % 1440) / 60)).padStart(2, "0")}:${String((((m % 1440) + 1440) % 1440) % 60).padStart(2, "0")}`;
    // Around now, across midnight or not.
    expect((await anna.call("PUT", "/api/alert-rules", { rules: [], quietHours: { from: clock(now - 60), to: clock(now + 60) } })).statusCode).toBe(200);
    await notify(app.ctx, anna.id, failed());
    await notify(app.ctx, anna.id, noble());
    await notify(app.ctx, anna.id, notificationTexts.botNeedsPlayer("Kalle", "bot_protection"));
    expect((await queued(anna.channels)).map(([, event]) => event)).toEqual(["noble-train", "noble-train", "bot-protection", "bot-protection"]);
    // Outside them, the rest goes again.
    expect((await anna.call("PUT", "/api/alert-rules", { rules: [], quietHours: { from: clock(now + 60), to: clock(now + 120) } })).statusCode).toBe(200);
    await notify(app.ctx, anna.id, failed());
    expect((await queued(anna.channels)).filter(([, event]) => event === "attack-failed")).toHaveLength(2);
  });

  it("asks once while a bot's plea stays unread: one message, not one per ask", async () => {
    const anna = await person();
    // No gap: only the unread notification's topic keeps the second ask from being a second message.
    expect((await anna.call("PUT", "/api/alert-rules", { rules: [{ event: "bot-protection", enabled: true, channelIds: [anna.channels[0]], minGapSeconds: 0 }], quietHours: null })).statusCode).toBe(200);
    const plea = { ...notificationTexts.botNeedsPlayer("Kalle", "captcha"), topic: "bot-needs-player:1:captcha" };
    await notify(app.ctx, anna.id, plea);
    await notify(app.ctx, anna.id, plea);
    expect(await queued(anna.channels)).toEqual([[anna.channels[0], "bot-protection", "Bot braucht dich"]]);
    await notify(app.ctx, anna.id, { ...plea, topic: "bot-needs-player:2:captcha" });
    expect(await queued(anna.channels)).toHaveLength(2);
  });

  it("answers the defaults, saves, refuses someone else's channel in German, and forgets a deleted channel", async () => {
    const anna = await person();
    const bert = await person();
    const defaults = (await anna.call("GET", "/api/alert-rules")).json<AlertRulesResponse>();
    expect(defaults.rules).toHaveLength(9);
    expect(defaults.rules[0]).toEqual({ event: "noble-train", enabled: true, channelIds: null, minGapSeconds: 60 });
    // Every incoming would be a message: off until switched on.
    expect(defaults.rules[1]).toEqual({ event: "attack-soon", enabled: false, channelIds: null, minGapSeconds: 60, leadMinutes: 10 });
    // One message a bot and day, at 22:00 server time unless set; no gap between the bots' reports.
    expect(defaults.rules[8]).toEqual({ event: "daily-report", enabled: false, channelIds: null, minGapSeconds: 0, reportAt: "22:00" });
    expect(defaults).toMatchObject({ quietHours: null, zone: "Europe/Berlin" });

    const foreign = await anna.call("PUT", "/api/alert-rules", { rules: [{ event: "bot-offline", enabled: true, channelIds: [bert.channels[0]], minGapSeconds: 60 }], quietHours: null });
    expect([foreign.statusCode, foreign.json().error.message]).toEqual([400, "Einer der gewählten Kanäle gehört nicht zu dir."]);
    const bad = await anna.call("PUT", "/api/alert-rules", { rules: [], quietHours: { from: "22:00", to: "22:00" } });
    expect([bad.statusCode, JSON.stringify(bad.json())]).toEqual([400, expect.stringContaining("Beginn und Ende der Ruhezeit dürfen nicht gleich sein.")]);

    const saved = await anna.call("PUT", "/api/alert-rules", { rules: [{ event: "bot-offline", enabled: true, channelIds: [anna.channels[0]], minGapSeconds: 300 }], quietHours: { from: "22:30", to: "07:00" } });
    expect(saved.json<AlertRulesResponse>()).toMatchObject({ quietHours: { from: "22:30", to: "07:00" } });
    expect(saved.json<AlertRulesResponse>().rules.find((r) => r.event === "bot-offline")).toEqual({ event: "bot-offline", enabled: true, channelIds: [anna.channels[0]], minGapSeconds: 300 });
    const report = await anna.call("PUT", "/api/alert-rules", { rules: [{ event: "daily-report", enabled: true, channelIds: null, minGapSeconds: 600, reportAt: "20:15" }], quietHours: null });
    expect(report.json<AlertRulesResponse>().rules.find((r) => r.event === "daily-report")).toEqual({ event: "daily-report", enabled: true, channelIds: null, minGapSeconds: 0, reportAt: "20:15" });
    const badTime = await anna.call("PUT", "/api/alert-rules", { rules: [{ event: "daily-report", enabled: true, channelIds: null, minGapSeconds: 0, reportAt: "24:00" }], quietHours: null });
    expect([badTime.statusCode, JSON.stringify(badTime.json())]).toEqual([400, expect.stringContaining("Bitte eine Uhrzeit wie 22:30 angeben.")]);
    expect((await anna.call("DELETE", `/api/alert-channels/${anna.channels[0]}`)).statusCode).toBe(204);
    const after = (await anna.call("GET", "/api/alert-rules")).json<AlertRulesResponse>();
    expect(after.rules.find((r) => r.event === "bot-offline")?.channelIds).toEqual([]);
  });
});
