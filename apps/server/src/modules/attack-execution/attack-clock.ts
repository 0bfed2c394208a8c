// The attack clock (PRODUCT §7): timed status changes run from the database, never from a timer's
// memory, so they happen exactly once, across restarts and instances. Each step is one UPDATE over rows
// claimed with `for update skip locked` and a status condition: two instances (or a run after a crash)
// never change an attack twice.
//   planned → due      ATTACK_DUE_LEAD_MS before the send time; a due attack that no running bot will
//                      send becomes a tab request for the plan's owner.
//   planned/due → expired   unclaimed: ATTACK_EXPIRE_GRACE_MS after the send time; claimed by a bot
//                      that never reported: ATTACK_CLAIMED_EXPIRE_MS after it (a late report still wins).
import { ATTACK_CLAIMED_EXPIRE_MS, ATTACK_DUE_LEAD_MS, ATTACK_EXPIRE_GRACE_MS, tabRequestMessages } from "@dsbot/protocol";
import { sql } from "drizzle-orm";
import type { BotContext } from "../../app-context.js";
import type { Database } from "../../db/client.js";
import { mayEditPlanSql } from "../attack-plans/attack-plans.policy.js";
import { visibleInPlan } from "../attack-plans/attack-visibility.js";
import { createAttackTabRequests } from "../tab-requests/tab-requests.service.js";
import { changedAttack, pushAttackUpdates, type ChangedAttackRow } from "./attack-events.js";

/**
 * Rows changed per statement: the clock runs every second and a backlog (a big import of past attacks)
 * drains over its runs; on PGlite a statement of 2,000 took 200–290 ms, which every other query waited for.
 */
const BATCH = 500;

type Ctx = Pick<BotContext, "db" | "realtime">;

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

export interface ClockResult {
  due: number;
  expired: number;
  tabRequests: number;
}

export async function advanceAttacks(ctx: Ctx, now = new Date()): Promise<ClockResult> {
  const dueBefore = new Date(now.getTime() + ATTACK_DUE_LEAD_MS).toISOString();
  const unclaimedBefore = new Date(now.getTime() - ATTACK_EXPIRE_GRACE_MS).toISOString();
  const claimedBefore = new Date(now.getTime() - ATTACK_CLAIMED_EXPIRE_MS).toISOString();

  const due = await rows(
    ctx.db,
    sql`update attacks set status = 'due', updated_at = now()
        where id in (select a.id from attacks a join attack_plans p on p.id = a.plan_id
                     where a.status = 'planned' and a.send_at <= ${dueBefore} and ${visibleInPlan()}
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

  const expired = await rows(
    ctx.db,
    sql`update attacks set status = 'expired', updated_at = now()
        where id in (select a.id from attacks a join attack_plans p on p.id = a.plan_id
                     where a.status in ('planned', 'due') and ${visibleInPlan()}
                       and ((a.dsbot_id is null and a.send_at < ${unclaimedBefore}) or a.send_at < ${claimedBefore})
                     order by a.send_at limit ${BATCH} for update of a skip locked)
        returning id, plan_id, status, error, dsbot_id, real_arrival_at`,
  );
  await pushAttackUpdates(ctx, [...due, ...expired].map(changedAttack));
  return { due: due.length, expired: expired.length, tabRequests };
}
