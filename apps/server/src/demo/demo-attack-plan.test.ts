// The demo's attack plan: attacks of the demo bots' players on their neighbours, the first due within
// minutes of the start, a fresh batch only when nothing is ahead, and the scanner on for two bots.
import { DEMO_WORLD, demoGameWorld, type World } from "@dsbot/protocol";
import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { useDemoApp } from "../../test/demo-app.js";
import type { TestApp } from "../../test/test-app.js";
import { attacks, dsbots, notifications, users } from "../db/schema.js";
import { DEMO_USERNAME } from "../modules/bootstrap/bootstrap.js";
import { DEMO_EXPIRED_KEEP_MS, DEMO_SCANNER_PLAYERS, DEMO_TOP_UP_MIN, DEMO_TOP_UP_WINDOW_MS, ensureDemoAttackPlan, topUpDemoAttackPlan } from "./demo-attack-plan.js";
import { ensureDemoNotifications } from "./demo-notifications.js";

const world: World = demoGameWorld;
const demo = useDemoApp("dsbot-demo-plan-");
let app: TestApp;
beforeEach(() => {
  app = demo.current();
});

describe("ensureDemoAttackPlan", () => {
  it("plans attacks of the named players whose first send times fall in the next minutes", async () => {
    const now = Date.now();
    const planId = await ensureDemoAttackPlan(app.db, DEMO_USERNAME, world, now);
    expect(planId).toBeDefined();
    const rows = await app.db.select().from(attacks).where(eq(attacks.planId, planId ?? 0)).orderBy(asc(attacks.sendAt));
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(new Set(rows.map((r) => r.attackerName))).toEqual(new Set(DEMO_WORLD.namedPlayers));
    const first = rows[0]?.sendAt.getTime() ?? 0;
    expect(first - now).toBeGreaterThanOrEqual(60_000);
    expect(first - now).toBeLessThanOrEqual(120_000);
    expect(rows.filter((r) => r.sendAt.getTime() - now < 10 * 60_000).length).toBeGreaterThanOrEqual(6);
    // Attacks and fakes go to villages outside the demo tribe, supports to a tribe mate.
    for (const row of rows) {
      if (row.type === "support") expect(DEMO_WORLD.namedPlayers).toContain(row.defenderName);
      else expect(DEMO_WORLD.namedPlayers).not.toContain(row.defenderName);
      expect(row.arrivalAt.getTime()).toBeGreaterThan(row.sendAt.getTime());
    }
    const scanners = await app.db.select().from(dsbots);
    const on = scanners.filter((b) => b.modules["attack-planner-scanner"]?.enabled).map((b) => b.playerName).sort();
    expect(on).toEqual(["Kalle", "Zora"]);
  });

  it("adds a batch only when no attack is ahead", async () => {
    const now = Date.now();
    const planId = await ensureDemoAttackPlan(app.db, DEMO_USERNAME, world, now);
    const count = async () => (await app.db.select().from(attacks).where(eq(attacks.planId, planId ?? 0))).length;
    const before = await count();
    await ensureDemoAttackPlan(app.db, DEMO_USERNAME, world, now);
    expect(await count()).toBe(before);
    // Two days later everything is behind: a fresh batch.
    await ensureDemoAttackPlan(app.db, DEMO_USERNAME, world, now + 2 * 86_400_000);
    expect(await count()).toBe(before * 2);
  });

  it("tops the plan up whenever fewer than three of the scanner bots' attacks are to be sent within 10 minutes", async () => {
    const now = Date.now();
    const planId = (await ensureDemoAttackPlan(app.db, DEMO_USERNAME, world, now)) ?? 0;
    const scannerSoon = async (at: number) =>
      (await app.db.select().from(attacks).where(eq(attacks.planId, planId))).filter(
        (r) =>
          (DEMO_SCANNER_PLAYERS as readonly string[]).includes(r.attackerName ?? "") &&
          (r.status === "planned" || r.status === "due") &&
          r.sendAt.getTime() > at + 60_000 &&
          r.sendAt.getTime() <= at + DEMO_TOP_UP_WINDOW_MS,
      ).length;
    // An hour after the start nothing of the first batch is still ahead within 10 minutes.
    const later = now + 3 * 3600_000 + 17 * 60_000;
    expect(await scannerSoon(later)).toBeLessThan(DEMO_TOP_UP_MIN);
    expect((await topUpDemoAttackPlan(app.db, DEMO_USERNAME, world, later))?.added).toBe(3);
    expect(await scannerSoon(later)).toBe(3);
    // Enough ahead now: nothing more until they are sent or past.
    expect((await topUpDemoAttackPlan(app.db, DEMO_USERNAME, world, later + 30_000))?.added).toBe(0);
    // A started bot at any minute afterwards finds one within 10 minutes: each check tops up again.
    for (let minute = 1; minute <= 30; minute++) {
      const at = later + minute * 60_000;
      await topUpDemoAttackPlan(app.db, DEMO_USERNAME, world, at);
      expect(await scannerSoon(at), `minute ${minute}`).toBeGreaterThanOrEqual(DEMO_TOP_UP_MIN);
    }
  });

  it("removes the plan's expired attacks an hour after their arrival, so the plan does not grow for ever", async () => {
    const now = Date.now();
    const planId = (await ensureDemoAttackPlan(app.db, DEMO_USERNAME, world, now)) ?? 0;
    const rows = await app.db.select().from(attacks).where(eq(attacks.planId, planId));
    // The clock marks them expired as their send time passes; here by hand, together with one sent attack.
    await app.db.update(attacks).set({ status: "expired" }).where(eq(attacks.planId, planId));
    const sent = rows[0]!;
    await app.db.update(attacks).set({ status: "sent" }).where(eq(attacks.id, sent.id));
    const lastArrival = Math.max(...rows.map((r) => r.arrivalAt.getTime()));
    // Before an hour has passed after the arrival nothing goes.
    const early = await topUpDemoAttackPlan(app.db, DEMO_USERNAME, world, Math.min(...rows.map((r) => r.arrivalAt.getTime())) + DEMO_EXPIRED_KEEP_MS - 1);
    expect(early?.removed).toBe(0);
    const change = await topUpDemoAttackPlan(app.db, DEMO_USERNAME, world, lastArrival + DEMO_EXPIRED_KEEP_MS + 1);
    expect(change?.removed).toBe(rows.length - 1);
    const left = await app.db.select().from(attacks).where(eq(attacks.planId, planId));
    // The sent one stays, and so do the open attacks the two top-ups added.
    expect(left.filter((r) => r.id === sent.id)).toHaveLength(1);
    expect(left.filter((r) => r.status === "expired")).toHaveLength(0);
    expect(left.length).toBe(1 + (early?.added ?? 0) + (change?.added ?? 0));
  });
});

describe("ensureDemoNotifications", () => {
  it("gives the demo user a detected noble and a failed attack of the demo plan, once", async () => {
    const now = Date.UTC(2026, 10, 27, 9, 0, 0, 0);
    await ensureDemoAttackPlan(app.db, DEMO_USERNAME, world, now);
    expect(await ensureDemoNotifications(app.db, DEMO_USERNAME, world, now)).toBe(2);
    const [demo] = await app.db.select().from(users).where(eq(users.username, DEMO_USERNAME));
    const rows = await app.db.select().from(notifications).where(eq(notifications.userId, demo!.id)).orderBy(asc(notifications.id));
    expect(rows.map((r) => r.title)).toEqual(["Angriff fehlgeschlagen", "Adelung erkannt"]);
    // The failed attack is a row of the plan that did fail (its table says "Fehler" with the same reason,
    // not "Abgel."), sent by a scanner bot before the start and short of a unit it carries.
    const link = rows[0]?.link;
    if (link?.kind !== "attack-plan" || link.attackId === undefined) throw new Error(`no attack link: ${JSON.stringify(link)}`);
    const [failed] = await app.db.select().from(attacks).where(eq(attacks.id, link.attackId));
    expect(failed).toMatchObject({ planId: link.planId, status: "failed", attackerName: expect.stringMatching(/^(Kalle|Zora)$/) });
    expect(failed?.sendAt.getTime()).toBeLessThan(now);
    expect(failed?.dsbotId).not.toBeNull();
    expect(failed?.error).toMatch(/^Nicht genügend Einheiten in \d+\|\d+: Speerträger \(\d+ fehlen\)$/);
    expect(rows[0]?.message).toBe(
      `Der Angriff von ${failed?.sourceX}|${failed?.sourceY} auf ${failed?.targetX}|${failed?.targetY} im Angriffsplan "Demo-Offensive" ist fehlgeschlagen: ${failed?.error}`,
    );
    expect(rows[1]?.link).toMatchObject({ kind: "bot" });
    // 09:00 UTC is 10:00 in Berlin; the noble lands 2:17:43.512 later, on the demo world's server clock.
    expect(rows[1]?.message).toMatch(/^Auf dein Dorf .+ \(\d+\|\d+\) läuft ein Angriff mit Adelsgeschlecht von .+ aus \d+\|\d+, Ankunft 27\.11\.26 12:17:43:512 \(Serverzeit\)\./);
    expect(rows.every((r) => r.readAt === null)).toBe(true);
    // A restart adds none: the demo user has notifications already.
    expect(await ensureDemoNotifications(app.db, DEMO_USERNAME, world, now)).toBe(0);
  });
});
