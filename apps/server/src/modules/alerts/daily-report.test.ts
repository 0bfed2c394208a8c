// The daily report per bot: what a bot's runner sessions counted for the day ("bot:activity", added up
// over sessions, a session's later report replacing its earlier one) and its plans' attacks sent and
// failed that day, told once per bot and day to its owner who switched the rule on, from the rule's time
// of day; a bot that did nothing that day, another user's bot and a user without the rule get nothing.
import type { AlertRulesResponse, Notification, NotificationListResponse } from "@dsbot/protocol";
import { serverDay, serverTimeParts } from "@dsbot/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caller, importPlanWorld, newAttack, newPlan, PLAN_WORLD } from "../../../test/attack-plans.js";
import type { TestSocket } from "../../../test/bots.js";
import { ack, createBot, listen, startBotOnRunner } from "../../../test/bots.js";
import { createUser, loginAs } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { attacks, botActivity } from "../../db/schema.js";
import { activityMessages } from "../dsbots/dsbot-activity.service.js";
import { sendDailyReports } from "./daily-report.js";

const ZONE = "Europe/Berlin";
let app: TestApp;
let url: string;
const sockets: TestSocket[] = [];

interface Owner {
  id: number;
  token: string;
  call: ReturnType<typeof caller>;
}
let owner: Owner;
let other: Owner;
let kalleSocket: TestSocket;
let kalleId: number;

async function person(): Promise<Owner> {
  const user = await createUser(app, { world: PLAN_WORLD });
  const token = await loginAs(app, user);
  return { id: user.id, token, call: caller(app, token) };
}
const reports = async (p: Owner): Promise<Notification[]> =>
  (await p.call("GET", "/api/user-notifications")).json<NotificationListResponse>().notifications.filter((n) => n.title.endsWith("heute getan?"));
const activity = (session: string, figures: Partial<{ wood: number; buildings: number; units: Record<string, number>; attacks: number; scavenge: { squads: number; haul: number } }>) => ({
  day: serverDay(Date.now(), ZONE),
  session,
  haul: { wood: figures.wood ?? 0, stone: figures.wood === undefined ? 0 : 10, iron: figures.wood === undefined ? 0 : 5 },
  buildings: figures.buildings ?? 0,
  units: figures.units ?? {},
  attacks: figures.attacks ?? 0,
  // Left out as a runner from before Raubzug does.
  ...(figures.scavenge ? { scavenge: figures.scavenge } : {}),
});
async function reportAt(p: Owner, at: string): Promise<void> {
  const saved = await p.call("PUT", "/api/alert-rules", { rules: [{ event: "daily-report", enabled: true, channelIds: null, minGapSeconds: 0, reportAt: at }], quietHours: null });
  expect(saved.json<AlertRulesResponse>().rules.find((r) => r.event === "daily-report")?.reportAt).toBe(at);
}

beforeAll(async () => {
  app = await createTestApp();
  await importPlanWorld(app);
  url = await listen(app);
  [owner, other] = [await person(), await person()];
  const kalle = await createBot(app, owner.token, { name: "Kalle", world: PLAN_WORLD.world });
  await createBot(app, owner.token, { name: "Zora", world: PLAN_WORLD.world });
  const otto = await createBot(app, other.token, { name: "Otto", world: PLAN_WORLD.world });
  kalleId = kalle.id;
  kalleSocket = (await startBotOnRunner(app, url, owner.token, kalle.id, sockets)).botSocket;
  const ottoSocket = (await startBotOnRunner(app, url, other.token, otto.id, sockets)).botSocket;
  expect(await ack(ottoSocket, "bot:activity", activity("otto-session-1", { buildings: 9 }))).toEqual({ ok: true });

  // Two runner sessions of Kalle today; the first reports twice (running totals: the second replaces it).
  expect(await ack(kalleSocket, "bot:activity", activity("kalle-session-1", { wood: 100, buildings: 1, units: { spear: 10 }, attacks: 2 }))).toEqual({ ok: true });
  expect(await ack(kalleSocket, "bot:activity", activity("kalle-session-1", { wood: 1_000, buildings: 3, units: { spear: 20 }, attacks: 4, scavenge: { squads: 12, haul: 40_000 } }))).toEqual({ ok: true });
  expect(await ack(kalleSocket, "bot:activity", activity("kalle-session-2", { wood: 234, buildings: 1, units: { spear: 5, axe: 7 }, attacks: 1, scavenge: { squads: 3, haul: 5_678 } }))).toEqual({ ok: true });
  // Kalle's plan attacks of today: two sent, one failed; one planned does not count.
  const plan = await newPlan(owner.call);
  const sendAt = new Date(Date.now() - 60_000);
  for (const status of ["sent", "sent", "failed", "planned"] as const) {
    const attack = await newAttack(owner.call, plan.id, { from: "500|500", to: "510|490" });
    await app.db.update(attacks).set({ status, dsbotId: kalle.id, sendAt }).where(eq(attacks.id, attack.id));
  }
});
afterAll(async () => {
  for (const s of sockets) s.socket.disconnect();
  await app?.dispose();
});

describe("the daily report", () => {
  it("refuses a day far from today, in German", async () => {
    const far = { ...activity("kalle-session-3", { wood: 1 }), day: "2020-01-01" };
    expect(await ack(kalleSocket, "bot:activity", far)).toMatchObject({ ok: false, error: { code: "bad_request", message: activityMessages.day } });
    expect(await app.db.select().from(botActivity).where(eq(botActivity.day, "2020-01-01"))).toEqual([]);
  });

  it("is not sent before the rule's time of day", async () => {
    await reportAt(owner, "23:59");
    const clock = serverTimeParts(Date.now(), ZONE);
    // One in the morning of the same server day.
    const early = new Date(Date.now() - (clock.hour * 60 + clock.minute - 60) * 60_000);
    expect(await sendDailyReports(app.ctx, early)).toBe(0);
    expect(await reports(owner)).toEqual([]);
  });

  it("tells the owner what each bot did today, the sessions added up, once", async () => {
    await reportAt(owner, "00:00");
    expect(await sendDailyReports(app.ctx)).toBe(1);
    const [report] = await reports(owner);
    expect(report!.title).toBe("Was hat Kalle heute getan?");
    expect(report!.link).toEqual({ kind: "bot", dsbotId: kalleId });
    expect(report!.message).toContain("Beute: 1.234 Holz, 20 Lehm, 10 Eisen.");
    expect(report!.message).toContain("Raubzug: 15 Trupps losgeschickt, 45.678 Rohstoffe erwartet.");
    expect(report!.message).toContain("Gebäude: 4 Stufen in Auftrag gegeben.");
    expect(report!.message).toContain("Einheiten: 32 in Auftrag gegeben (25 Speerträger, 7 Axtkämpfer).");
    expect(report!.message).toContain("Angriffe: 5 losgeschickt; aus Angriffsplänen 2 geschickt, 1 fehlgeschlagen.");
    expect(report!.message).toMatch(/^Tagesbericht vom \d\d\.\d\d\.\d{4}, Stand \d\d:\d\d Uhr \(Serverzeit\)\. /);
    // Zora did nothing today; Otto is someone else's, whose owner has no such rule.
    expect(await reports(other)).toEqual([]);
    // Zora starts late: her first figures are told in the next run.
    const zora = (await owner.call("GET", "/api/dsbot")).json<{ dsbots: { id: number; dsPlayer: { name: string } }[] }>().dsbots.find((b) => b.dsPlayer.name === "Zora")!;
    const zoraSocket = (await startBotOnRunner(app, url, owner.token, zora.id, sockets)).botSocket;
    expect(await ack(zoraSocket, "bot:activity", activity("zora-session-1", { buildings: 2 }))).toEqual({ ok: true });
    expect(await sendDailyReports(app.ctx)).toBe(1);
    const reported = await reports(owner);
    expect(reported.map((n) => n.title).sort()).toEqual(["Was hat Kalle heute getan?", "Was hat Zora heute getan?"]);
    // Only what she did: no haul, no units.
    expect(reported.find((n) => n.title.includes("Zora"))!.message).toMatch(
      /Uhr \(Serverzeit\)\. Gebäude: 2 Stufen in Auftrag gegeben\. Angriffe: 0 losgeschickt; aus Angriffsplänen 0 geschickt, 0 fehlgeschlagen\.$/,
    );
    // Once a bot and day: the next run (another instance's too) tells nothing.
    expect(await sendDailyReports(app.ctx)).toBe(0);
    expect(await reports(owner)).toHaveLength(2);
  });
});
