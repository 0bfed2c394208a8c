// What a bot did per day ("bot:activity"): each runner session reports its running totals for the day of
// its world's server time every minute; each report replaces the session's row, and the daily report
// (alerts/daily-report.ts) adds a day's sessions up. A day far from today, or a day with more sessions
// than any runner makes, is refused: the rows stay bounded.
import type { BotActivity } from "@dsbot/protocol";
import { and, count, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { botActivity } from "../../db/schema.js";
import { badRequest } from "../../http/errors.js";

/** A day's report is taken within this far of its middle (any world's zone, a report late after midnight). */
const DAY_SLACK_MS = 38 * 3_600_000;
/** Sessions of one bot on one day: a runner restarted every few minutes all day stays under it. */
export const ACTIVITY_SESSIONS_PER_DAY_MAX = 200;

export const activityMessages = {
  day: "Der Tag des Berichts liegt zu weit von heute entfernt.",
  sessions: `Mehr als ${ACTIVITY_SESSIONS_PER_DAY_MAX} Sitzungen an einem Tag: der Bericht wird nicht gespeichert.`,
} as const;

export async function storeBotActivity(db: Database, dsbotId: number, report: BotActivity, now = Date.now()): Promise<void> {
  const middle = Date.parse(`${report.day}T12:00:00Z`);
  if (!Number.isFinite(middle) || Math.abs(middle - now) > DAY_SLACK_MS) throw badRequest(activityMessages.day);
  const [others] = await db
    .select({ n: count() })
    .from(botActivity)
    .where(and(eq(botActivity.dsbotId, dsbotId), eq(botActivity.day, report.day), ne(botActivity.session, report.session)));
  if ((others?.n ?? 0) >= ACTIVITY_SESSIONS_PER_DAY_MAX) throw badRequest(activityMessages.sessions);
  const values = {
    haulWood: report.haul.wood,
    haulStone: report.haul.stone,
    haulIron: report.haul.iron,
    buildings: report.buildings,
    units: report.units,
    attacks: report.attacks,
    scavengeSquads: report.scavenge.squads,
    scavengeHaul: report.scavenge.haul,
    reportedAt: new Date(now),
  };
  await db
    .insert(botActivity)
    .values({ dsbotId, day: report.day, session: report.session, ...values })
    .onConflictDoUpdate({
      target: [botActivity.dsbotId, botActivity.day, botActivity.session],
      set: {
        haulWood: sql`excluded.haul_wood`,
        haulStone: sql`excluded.haul_stone`,
        haulIron: sql`excluded.haul_iron`,
        buildings: sql`excluded.buildings`,
        units: sql`excluded.units`,
        attacks: sql`excluded.attacks`,
        scavengeSquads: sql`excluded.scavenge_squads`,
        scavengeHaul: sql`excluded.scavenge_haul`,
        reportedAt: sql`excluded.reported_at`,
      },
    });
}
