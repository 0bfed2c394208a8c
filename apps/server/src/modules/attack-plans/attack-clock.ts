// The attack clock: timed status changes run from the database, never from a timer's
// memory, so they happen exactly once, across restarts and instances. Each step is one UPDATE over rows
// claimed with `for update skip locked` and a status condition: two instances (or a run after a crash)
// never change an attack twice.
//   planned → due      ATTACK_DUE_LEAD_MS before the send time; a due attack that no running bot will
//                      send becomes a tab request for the plan's owner.
//   planned/due → expired   unclaimed: ATTACK_EXPIRE_GRACE_MS after the send time; claimed by a bot
//                      that never reported: ATTACK_CLAIMED_EXPIRE_MS after it (a late report still wins).
//                      Runs first: an attack already past goes straight to expired, never through due.
//                      Its open tab request closes with it: nobody can send it in time any more.
//                      Expired is not failed: only an attack a bot had taken and never reported is told
//                      to the plan's owner ("Angriff abgelaufen", attack-plan-notifications.ts). One
//                      nobody took had its tab request at due time, and one imported past its send
//                      time is no news.
import { ATTACK_CLAIMED_EXPIRE_MS, ATTACK_DUE_LEAD_MS, ATTACK_EXPIRE_GRACE_MS, tabRequestMessages } from "@dsbot/protocol";
import { sql } from "drizzle-orm";
import type { BotContext } from "../../platform/app-context.js";
import type { Database } from "../../db/client.js";
import { notifyAttacksUnreported } from "./attack-plan-notifications.js";
import { mayEditPlanSql } from "../../policies/attack-plans.policy.js";
import { visibleInPlan } from "../../policies/attack-visibility.js";
import { closeAttackTabRequests, createAttackTabRequests } from "../tab-requests/index.js";
import { changedAttack, emitAttacksChanged, type ChangedAttackRow } from "./attack-events.js";

/**
 * Rows changed per statement, and statements per run. PGlite serves one statement at a time, and
 * every other request's query waits for the one running: 2,000 rows took 200–290 ms there, 500 about
 * 60 ms, which showed in the attack table's p99; 100 take about 15 ms. A backlog (a big import of
 * past attacks) drains at up to 2,000 a second, one short statement after another.
 */
const BATCH = 50;
const MAX_BATCHES_PER_RUN = 40;

type Ctx = Pick<BotContext, "db" | "events">;

type Row = ChangedAttackRow;

async function rows(db: Database, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}

/**
 * Whether a running bot will send this attack: online, on the plan's world, playing the start village's
 * player, with its Offplaner Scanner on and this plan chosen, and able to claim it — its owner and the
 * user of the runner its bot socket runs on may both change the plan, as the claim demands (SQL over
 * `a` = attacks, `p` = its plan).
 */
const botWillSend = sql`exists (
  select 1 from dsbots b
  where b.status = 'online'
    and b.world_server = p.world_server and b.world_world = p.world_world
    and b.player_name = a.attacker_name
    and (b.modules -> 'attack-planner-scanner' ->> 'enabled') = 'true'
    and (b.modules -> 'attack-planner-scanner' -> 'config' -> 'attackPlanIds') @> to_jsonb(a.plan_id)
    and ${mayEditPlanSql(sql.raw("b.owner_id"))}
    and exists (
      select 1 from websocket_connections c join runner_tokens t on t.id = c.runner_token_id
      where c.dsbot_id = b.id and c.origin = 'bot' and ${mayEditPlanSql(sql.raw("t.user_id"))})
)`;

/** The plan owners of claimed attacks that just expired without their bot's report, one notification per plan. */
async function notifyUnreported(ctx: Ctx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await ctx.db.execute(sql`
    select a.id, a.source_x, a.source_y, a.target_x, a.target_y, b.player_name, p.id as plan_id, p.owner_id, p.name as plan_name
    from attacks a join attack_plans p on p.id = a.plan_id join dsbots b on b.id = a.dsbot_id
    where a.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by a.send_at, a.id`);
  type Found = { id: number; source_x: number; source_y: number; target_x: number; target_y: number; player_name: string; plan_id: number; owner_id: number; plan_name: string };
  const byPlan = new Map<number, Found[]>();
  for (const row of (found as unknown as { rows: Found[] }).rows) byPlan.set(row.plan_id, [...(byPlan.get(row.plan_id) ?? []), row]);
  for (const [planId, rows] of byPlan) {
    const first = rows[0] as Found;
    await notifyAttacksUnreported(
      ctx,
      { id: planId, ownerId: first.owner_id, name: first.plan_name },
      rows.map((r) => ({ id: r.id, source: `${r.source_x}|${r.source_y}`, target: `${r.target_x}|${r.target_y}`, botName: r.player_name })),
    );
  }
}

export interface ClockResult {
  due: number;
  expired: number;
  tabRequests: number;
}

/** One run of the clock: batches until nothing is left to change (or MAX_BATCHES_PER_RUN of them). */
export async function advanceAttacks(ctx: Ctx, now = new Date()): Promise<ClockResult> {
  const total: ClockResult = { due: 0, expired: 0, tabRequests: 0 };
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
    const step = await advanceBatch(ctx, now);
    total.due += step.due;
    total.expired += step.expired;
    total.tabRequests += step.tabRequests;
    if (step.due < BATCH && step.expired < BATCH) break;
  }
  return total;
}

async function advanceBatch(ctx: Ctx, now: Date): Promise<ClockResult> {
  const dueBefore = new Date(now.getTime() + ATTACK_DUE_LEAD_MS).toISOString();
  const unclaimedBefore = new Date(now.getTime() - ATTACK_EXPIRE_GRACE_MS).toISOString();
  const claimedBefore = new Date(now.getTime() - ATTACK_CLAIMED_EXPIRE_MS).toISOString();

  const expired = await rows(
    ctx.db,
    sql`update attacks set status = 'expired', updated_at = now()
        where id in (select a.id from attacks a join attack_plans p on p.id = a.plan_id
                     where a.status in ('planned', 'due') and ${visibleInPlan()}
                       and ((a.dsbot_id is null and a.send_at < ${unclaimedBefore}) or a.send_at < ${claimedBefore})
                     order by a.send_at limit ${BATCH} for update of a skip locked)
        returning id, plan_id, status, error, dsbot_id, real_arrival_at`,
  );
  await closeAttackTabRequests(ctx.db, expired.map((r) => r.id));
  await notifyUnreported(ctx, expired.filter((r) => r.dsbot_id !== null).map((r) => r.id));
  const due = await rows(
    ctx.db,
    sql`update attacks set status = 'due', updated_at = now()
        where id in (select a.id from attacks a join attack_plans p on p.id = a.plan_id
                     where a.status = 'planned' and a.send_at <= ${dueBefore} and a.send_at >= ${claimedBefore} and ${visibleInPlan()}
                       and not (a.dsbot_id is null and a.send_at < ${unclaimedBefore})
                     order by a.send_at limit ${BATCH} for update of a skip locked)
        returning id, plan_id, status, error, dsbot_id, real_arrival_at`,
  );
  // Of the attacks that just became due, the ones nobody's bot will send (and that are not past already).
  const orphans =
    due.length === 0
      ? []
      : await rows(
          ctx.db,
          sql`select a.id, a.plan_id, a.status, a.error, a.dsbot_id, a.real_arrival_at from attacks a join attack_plans p on p.id = a.plan_id
              where a.id in (${sql.join(
                due.map((r) => sql`${r.id}`),
                sql`, `,
              )}) and a.dsbot_id is null and a.send_at > ${unclaimedBefore} and not ${botWillSend}`,
        );
  const tabRequests = await createAttackTabRequests(
    ctx,
    orphans.map((r) => r.id),
    tabRequestMessages.noBot,
  );

  await emitAttacksChanged(ctx, [...due, ...expired].map(changedAttack));
  return { due: due.length, expired: expired.length, tabRequests };
}
