// The daily report per bot ("Was hat Kalle heute getan?"), for each user who switched it on (off by
// default): once their rule's time of day has come in their world's server time, each of their bots that
// did something that day gets one notification (a bot that did nothing yet is asked again each run) — the haul of its battle reports, building levels and
// units ordered and attack commands sent (what its runner counted, `bot_activity`, the day's sessions
// added up), and its plans' attacks of the day sent and failed. The trigger `notifications_alert` sends it
// to the rule's channels. Each bot and day is claimed once per user in `attack_soon_alerts`, so several
// instances and a restart tell it once; activity older than two weeks is deleted here.
import type { Unit } from "@dsbot/protocol";
import { ALERT_REPORT_DEFAULT_AT, serverDay, serverTimeParts, units as allUnits } from "@dsbot/protocol";
import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { alertRules, alertSettings, attacks, botActivity, dsbots, users } from "../../db/schema.js";
import type { DailyReportFigures, NotifyContext } from "../notifications/index.js";
import { notificationLinks, notificationTexts, notify } from "../notifications/index.js";
import { worldZoneOf } from "../worlds/index.js";

export const DAILY_REPORT_INTERVAL_MS = 60_000;
const ACTIVITY_KEPT_MS = 14 * 86_400_000;
const DEFAULT_MINUTE = Number(ALERT_REPORT_DEFAULT_AT.slice(0, 2)) * 60 + Number(ALERT_REPORT_DEFAULT_AT.slice(3, 5));

const pad = (n: number) => String(n).padStart(2, "0");

/** One run; answers how many reports went out. */
export async function sendDailyReports(ctx: NotifyContext, now = new Date()): Promise<number> {
  const { db } = ctx;
  await db.delete(botActivity).where(lt(botActivity.reportedAt, new Date(now.getTime() - ACTIVITY_KEPT_MS)));
  const rules = await db
    .select({ userId: alertRules.userId, minute: alertRules.reportMinute, zone: alertSettings.zone, worldServer: users.worldServer, worldWorld: users.worldWorld })
    .from(alertRules)
    .innerJoin(users, eq(users.id, alertRules.userId))
    .leftJoin(alertSettings, eq(alertSettings.userId, alertRules.userId))
    .where(and(eq(alertRules.event, "daily-report"), eq(alertRules.enabled, true)));
  let told = 0;
  for (const rule of rules) {
    const zone = rule.zone ?? (await worldZoneOf(db, { server: rule.worldServer, world: rule.worldWorld }));
    const clock = serverTimeParts(now.getTime(), zone);
    const at = rule.minute ?? DEFAULT_MINUTE;
    if (clock.hour * 60 + clock.minute < at) continue;
    const day = serverDay(now.getTime(), zone);
    const bots = await db.select({ id: dsbots.id, playerName: dsbots.playerName, worldServer: dsbots.worldServer, worldWorld: dsbots.worldWorld }).from(dsbots).where(eq(dsbots.ownerId, rule.userId));
    for (const bot of bots) {
      const key = `report:${bot.id}:${day}`;
      const done = await db.execute(sql`select 1 from attack_soon_alerts where user_id = ${rule.userId} and attack_key = ${key}`);
      if ((done as unknown as { rows: unknown[] }).rows.length > 0) continue;
      // Nothing yet (not started today): asked again next run, so a bot started late is told then.
      const figures = await dayOf(ctx, bot, now);
      if (!figures) continue;
      const claimed = await db.execute(sql`
        insert into attack_soon_alerts (user_id, attack_key, created_at) values (${rule.userId}, ${key}, ${now})
        on conflict do nothing returning user_id`);
      if ((claimed as unknown as { rows: unknown[] }).rows.length === 0) continue;
      const [year, month, date] = day.split("-");
      await notify(ctx, rule.userId, {
        ...notificationTexts.dailyReport(bot.playerName, `${date}.${month}.${year}`, `${pad(clock.hour)}:${pad(clock.minute)}`, figures),
        link: notificationLinks.bot(bot.id),
      });
      told++;
    }
  }
  return told;
}

/** The bot's figures for its world's day of `now`; undefined when it did nothing that day. */
async function dayOf(ctx: NotifyContext, bot: { id: number; worldServer: string; worldWorld: string }, now: Date): Promise<DailyReportFigures | undefined> {
  const { db } = ctx;
  const zone = await worldZoneOf(db, { server: bot.worldServer, world: bot.worldWorld });
  const day = serverDay(now.getTime(), zone);
  const sessions = await db.select().from(botActivity).where(and(eq(botActivity.dsbotId, bot.id), eq(botActivity.day, day)));
  const start = sql`(${day}::date)::timestamp at time zone ${zone}`;
  const outcomes = await db
    .select({ status: attacks.status, n: sql<number>`count(*)::int` })
    .from(attacks)
    .where(and(eq(attacks.dsbotId, bot.id), inArray(attacks.status, ["sent", "failed"]), gte(attacks.sendAt, start), lt(attacks.sendAt, sql`${start} + interval '1 day'`)))
    .groupBy(attacks.status);
  const planSent = outcomes.find((o) => o.status === "sent")?.n ?? 0;
  const planFailed = outcomes.find((o) => o.status === "failed")?.n ?? 0;
  if (sessions.length === 0 && planSent + planFailed === 0) return undefined;
  const trained = new Map<Unit, number>();
  for (const s of sessions) for (const [unit, n] of Object.entries(s.units) as [Unit, number][]) trained.set(unit, (trained.get(unit) ?? 0) + n);
  const sum = (pick: (s: (typeof sessions)[number]) => number) => sessions.reduce((total, s) => total + pick(s), 0);
  return {
    haul: { wood: sum((s) => s.haulWood), stone: sum((s) => s.haulStone), iron: sum((s) => s.haulIron) },
    buildings: sum((s) => s.buildings),
    units: allUnits.filter((u) => trained.has(u)).map((u) => [u, trained.get(u) as number]),
    commands: sum((s) => s.attacks),
    scavenge: { squads: sum((s) => s.scavengeSquads), haul: sum((s) => s.scavengeHaul) },
    planSent,
    planFailed,
  };
}
