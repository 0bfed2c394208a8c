// Which events alert a user on which channels, and their quiet hours. The database applies them when a
// notification that is an alert is written (the trigger `notifications_alert`, migration 0035); here
// they are read with their defaults and saved. Quiet hours are in the server time of the user's world.
import type { AlertEvent, AlertRule, AlertRulesResponse, AlertRulesUpdate } from "@dsbot/protocol";
import { ALERT_GAP_DEFAULT_SECONDS, ALERT_REPORT_DEFAULT_AT, alertEvents, alertEventsOffByDefault, alertLeadDefaultMinutes, alertRuleMessages } from "@dsbot/protocol";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { alertChannels, alertRules, alertSettings } from "../../db/schema.js";
import type { UserRow } from "../../db/schema.js";
import { badRequest } from "../../http/errors.js";
import { worldZoneOf } from "../worlds/index.js";

const toClock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
const toMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** The minutes ahead, for the events told ahead; nothing for the others. */
function leadOf(event: AlertEvent, minutes: number | null): { leadMinutes?: number } {
  const fallback = alertLeadDefaultMinutes[event];
  return fallback === undefined ? {} : { leadMinutes: minutes ?? fallback };
}

/** The daily report's time of day; nothing for the others. */
const reportAtOf = (event: AlertEvent, minute: number | null): { reportAt?: string } =>
  event === "daily-report" ? { reportAt: minute === null ? ALERT_REPORT_DEFAULT_AT : toClock(minute) } : {};

/** The daily report is one message per bot: no gap between them. */
const gapOf = (event: AlertEvent, seconds: number) => (event === "daily-report" ? 0 : seconds);

/**
 * A rule the user never set: on (but those of alertEventsOffByDefault off), every channel that is on,
 * the default gap (as the trigger assumes), and the default lead or time where the event has one.
 */
const defaultRule = (event: AlertEvent): AlertRule => ({
  event,
  enabled: !alertEventsOffByDefault.includes(event),
  channelIds: null,
  minGapSeconds: gapOf(event, ALERT_GAP_DEFAULT_SECONDS),
  ...leadOf(event, null),
  ...reportAtOf(event, null),
});

export async function readRules(db: Database, user: Pick<UserRow, "id" | "worldServer" | "worldWorld">): Promise<AlertRulesResponse> {
  const [rows, [settings], zone] = await Promise.all([
    db.select().from(alertRules).where(eq(alertRules.userId, user.id)),
    db.select().from(alertSettings).where(eq(alertSettings.userId, user.id)),
    worldZoneOf(db, { server: user.worldServer, world: user.worldWorld }),
  ]);
  const byEvent = new Map(rows.map((r) => [r.event, r]));
  return {
    rules: alertEvents.map((event) => {
      const row = byEvent.get(event);
      if (!row) return defaultRule(event);
      return {
        event,
        enabled: row.enabled,
        channelIds: row.channelIds,
        minGapSeconds: row.minGapSeconds,
        ...leadOf(event, row.leadMinutes),
        ...reportAtOf(event, row.reportMinute),
      };
    }),
    quietHours: settings && settings.quietFrom !== null && settings.quietTo !== null ? { from: toClock(settings.quietFrom), to: toClock(settings.quietTo) } : null,
    zone: settings?.zone ?? zone,
  };
}

/** Saves the rules given (the others keep theirs) and the quiet hours; a channel that is not the user's is a 400. */
export async function saveRules(db: Database, user: Pick<UserRow, "id" | "worldServer" | "worldWorld">, body: AlertRulesUpdate): Promise<AlertRulesResponse> {
  const named = [...new Set(body.rules.flatMap((r) => r.channelIds ?? []))];
  if (named.length > 0) {
    const own = await db
      .select({ id: alertChannels.id })
      .from(alertChannels)
      .where(and(eq(alertChannels.userId, user.id), inArray(alertChannels.id, named)));
    if (own.length !== named.length) throw badRequest(alertRuleMessages.unknownChannel);
  }
  const zone = await worldZoneOf(db, { server: user.worldServer, world: user.worldWorld });
  await db.transaction(async (tx) => {
    for (const rule of body.rules) {
      const values = {
        enabled: rule.enabled,
        channelIds: rule.channelIds,
        minGapSeconds: gapOf(rule.event, rule.minGapSeconds),
        ...leadOf(rule.event, rule.leadMinutes ?? null),
        reportMinute: rule.event === "daily-report" && rule.reportAt ? toMinutes(rule.reportAt) : null,
      };
      await tx
        .insert(alertRules)
        .values({ userId: user.id, event: rule.event, ...values })
        .onConflictDoUpdate({ target: [alertRules.userId, alertRules.event], set: values });
    }
    const quiet = { quietFrom: body.quietHours ? toMinutes(body.quietHours.from) : null, quietTo: body.quietHours ? toMinutes(body.quietHours.to) : null, zone };
    await tx.insert(alertSettings).values({ userId: user.id, ...quiet }).onConflictDoUpdate({ target: alertSettings.userId, set: quiet });
  });
  return readRules(db, user);
}
