// Alerts told ahead, every few seconds, to each user who switched their rule on (both are off by default):
// "Angriff in Kürze", the attacks on their villages (their bots' scans and their pasted incomings; fakes
// left out) that land within the rule's minutes; "Tab-Anfrage fällig", their open attack tab requests
// whose send time is within the rule's minutes. One notification per user, event and run names how many
// and the first; the trigger `notifications_alert` sends it to their channels (the rule's gap makes a
// wave one message). Each is told once per user: an insert into `attack_soon_alerts` claims it (an
// attack by world, villages and arrival, so a bot's rescan or a paste of it is the same; a tab request
// by its id), so several instances tell it once; the claims go after a day.
import { alertLeadDefaultMinutes, formatServerTime } from "@dsbot/protocol";
import { sql } from "drizzle-orm";
import { notificationLinks, notificationTexts, notify } from "../notifications/index.js";
import type { NotifyContext } from "../notifications/index.js";
import { worldZoneOf } from "../worlds/index.js";

export const ATTACK_SOON_INTERVAL_MS = 15_000;
const CLAIMS_KEPT_MS = 86_400_000;

interface SoonRow {
  user_id: number;
  lead: number;
  id: number;
  world_server: string;
  world_world: string;
  target_x: number;
  target_y: number;
  target_name: string | null;
  origin_x: number;
  origin_y: number;
  attacker_name: string | null;
  arrival_at: string | Date;
  attack_key: string;
}

/** The rows per user in their order, one per key (the first). */
function perUser<T extends { user_id: number }>(rows: readonly T[], keyOf: (row: T) => string): Map<number, T[]> {
  const seen = new Set<string>();
  const byUser = new Map<number, T[]>();
  for (const row of rows) {
    const key = `${row.user_id} ${keyOf(row)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  }
  return byUser;
}

/** One run of both; answers how many notifications went out. */
export async function alertAhead(ctx: NotifyContext, now = new Date()): Promise<number> {
  await ctx.db.execute(sql`delete from attack_soon_alerts where created_at < ${new Date(now.getTime() - CLAIMS_KEPT_MS)}`);
  return (await alertAttacksSoon(ctx, now)) + (await alertTabRequestsDue(ctx, now));
}

/** The attacks landing soon; answers how many users were told. */
export async function alertAttacksSoon(ctx: NotifyContext, now = new Date()): Promise<number> {
  const result = await ctx.db.execute(sql`
    with rules as (
      select user_id, coalesce(lead_minutes, ${alertLeadDefaultMinutes["attack-soon"] ?? 10}) as lead from alert_rules where event = 'attack-soon' and enabled
    ), soon as (
      select r.user_id, r.lead, i.id, i.world_server, i.world_world, i.target_x, i.target_y, i.target_name, i.origin_x, i.origin_y,
             i.attacker_name, i.arrival_at,
             i.world_server || '/' || i.world_world || '/' || i.origin_x || '|' || i.origin_y || '>' || i.target_x || '|' || i.target_y
               || '@' || (extract(epoch from i.arrival_at) * 1000)::bigint as attack_key
      from rules r
      join incomings i on i.user_id = r.user_id or i.dsbot_id in (select b.id from dsbots b where b.owner_id = r.user_id)
      where i.kind <> 'fake' and i.arrival_at > ${now} and i.arrival_at <= ${now}::timestamptz + r.lead * interval '1 minute'
    ), fresh as (
      insert into attack_soon_alerts (user_id, attack_key, created_at)
      select distinct user_id, attack_key, ${now}::timestamptz from soon
      on conflict do nothing
      returning user_id, attack_key
    )
    select s.* from soon s join fresh f on f.user_id = s.user_id and f.attack_key = s.attack_key
    order by s.user_id, s.arrival_at, s.id`);
  // A bot's scan and a paste of the same attack are one.
  const byUser = perUser((result as unknown as { rows: SoonRow[] }).rows, (row) => row.attack_key);
  for (const [userId, list] of byUser) {
    const first = list[0] as SoonRow;
    const zone = await worldZoneOf(ctx.db, { server: first.world_server, world: first.world_world });
    const village = `${first.target_name ?? ""} (${first.target_x}|${first.target_y})`.trim();
    const arrival = formatServerTime(new Date(first.arrival_at).getTime(), zone);
    await notify(ctx, userId, {
      ...notificationTexts.attackSoon(list.length, first.lead, village, first.attacker_name ?? "Unbekannt", `${first.origin_x}|${first.origin_y}`, arrival),
      link: notificationLinks.incoming(first.id),
    });
  }
  return byUser.size;
}

interface DueRow {
  user_id: number;
  lead: number;
  id: number;
  source_x: number;
  source_y: number;
  target_x: number;
  target_y: number;
  send_at: string | Date;
  world_server: string;
  world_world: string;
  claim_key: string;
}

/** The open attack tab requests due soon; answers how many users were told. */
export async function alertTabRequestsDue(ctx: NotifyContext, now = new Date()): Promise<number> {
  const result = await ctx.db.execute(sql`
    with rules as (
      select user_id, coalesce(lead_minutes, ${alertLeadDefaultMinutes["tab-request-due"] ?? 2}) as lead from alert_rules where event = 'tab-request-due' and enabled
    ), due as (
      select r.user_id, r.lead, t.id, a.source_x, a.source_y, a.target_x, a.target_y, a.send_at, p.world_server, p.world_world, 'tab:' || t.id as claim_key
      from rules r
      join tab_requests t on t.user_id = r.user_id and t.kind = 'attack' and t.done_at is null
      join attacks a on a.id = t.attack_id
      join attack_plans p on p.id = a.plan_id
      where a.send_at > ${now} and a.send_at <= ${now}::timestamptz + r.lead * interval '1 minute'
    ), fresh as (
      insert into attack_soon_alerts (user_id, attack_key, created_at)
      select user_id, claim_key, ${now}::timestamptz from due
      on conflict do nothing
      returning user_id, attack_key
    )
    select d.* from due d join fresh f on f.user_id = d.user_id and f.attack_key = d.claim_key
    order by d.user_id, d.send_at, d.id`);
  const byUser = perUser((result as unknown as { rows: DueRow[] }).rows, (row) => row.claim_key);
  for (const [userId, list] of byUser) {
    const first = list[0] as DueRow;
    const zone = await worldZoneOf(ctx.db, { server: first.world_server, world: first.world_world });
    const send = formatServerTime(new Date(first.send_at).getTime(), zone);
    await notify(ctx, userId, {
      ...notificationTexts.tabRequestDue(list.length, first.lead, `${first.source_x}|${first.source_y}`, `${first.target_x}|${first.target_y}`, send),
      link: notificationLinks.tabRequest(first.id),
    });
  }
  return byUser.size;
}
