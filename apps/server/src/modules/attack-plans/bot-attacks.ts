// A bot's side of attack execution: it claims the attacks it is to send soon ("bot:attacks") and reports
// each one ("bot:attack-result"). Claiming marks the attack due for this bot in one statement over rows
// locked with `skip locked`, so an attack is handed to one bot once; only that bot can report it.
import type { BotAttack, BotAttackResult, AttackStatus, AttackType, Unit } from "@dsbot/protocol";
import { ATTACK_CLAIM_LATE_MS, botAttackResultSchema, errorMessages, tabRequestMessages } from "@dsbot/protocol";
import { eq, sql } from "drizzle-orm";
import type { BotContext } from "../../platform/app-context.js";
import { tabRequests } from "../../db/schema.js";
import { conflict, notFound } from "../../http/errors.js";
import { MAX_SERIAL_ID } from "../../http/parse.js";
import { mayEditPlanSql } from "../../policies/attack-plans.policy.js";
import { visibleInPlan } from "../../policies/attack-visibility.js";
import { notifyAttackFailed } from "./attack-plan-notifications.js";
import { getBotRow } from "../dsbots/index.js";
import { closeAttackTabRequests, createAttackTabRequests } from "../tab-requests/index.js";
import { changedAttack, emitAttacksChanged, emitAttackReported } from "./attack-events.js";
import { worldFakeLimit, worldZoneOf } from "../worlds/index.js";

type Ctx = Pick<BotContext, "db" | "events">;

interface ClaimedRow {
  id: number;
  plan_id: number;
  source_village_id: number;
  source_x: number;
  source_y: number;
  target_x: number;
  target_y: number;
  type: AttackType;
  units: Record<string, number>;
  formulas: Record<string, string> | null;
  unit: Unit;
  send_at: string | Date;
  arrival_at: string | Date;
  status: AttackStatus;
  error: string | null;
  dsbot_id: number | null;
  real_arrival_at: string | Date | null;
}

const CLAIM_LIMIT = 500;
const epoch = (value: string | Date) => new Date(value).getTime();

/**
 * Who runs the bot: the user of the runner whose bot socket asks. A bot plays for its owner but may run
 * on a grantee's runner; both must be allowed to change a plan for the bot to take or report its attacks.
 */
export interface BotRun {
  dsbotId: number;
  runnerUserId: number;
}

/** SQL over the plan `p`: the bot's owner and the runner's user may both change it, right now. */
const bothMayEdit = (ownerId: number, run: BotRun) => sql`${mayEditPlanSql(ownerId)} and ${mayEditPlanSql(run.runnerUserId)}`;

/**
 * The attacks this bot is to send within `withinMs`: from plans its Offplaner Scanner has chosen, on its
 * world, from its player's villages, not sent yet, claimed by no other bot, and whose plan both the bot's
 * owner and the runner's user may change (owner, edit grant or admin) at this moment. They are now due
 * and the bot's.
 */
export async function claimBotAttacks(ctx: Ctx, run: BotRun, withinMs: number, now = Date.now()): Promise<BotAttack[]> {
  const { dsbotId } = run;
  const bot = await getBotRow(ctx.db, dsbotId);
  if (!bot) throw notFound(errorMessages.botNotFound);
  const scanner = bot.modules["attack-planner-scanner"];
  const chosen = (scanner?.enabled ? (scanner.config.attackPlanIds as number[] | undefined) : undefined) ?? [];
  const planIds = chosen.filter((id) => Number.isSafeInteger(id) && id >= 1 && id <= MAX_SERIAL_ID);
  if (bot.status !== "online" || planIds.length === 0) return [];
  const until = new Date(now + withinMs).toISOString();
  const from = new Date(now - ATTACK_CLAIM_LATE_MS).toISOString();
  const result = await ctx.db.execute(sql`
    update attacks set status = 'due', dsbot_id = ${dsbotId}, updated_at = now()
    where id in (
      select a.id from attacks a join attack_plans p on p.id = a.plan_id
      where a.plan_id = any(${`{${planIds.join(",")}}`}::int[])
        and p.world_server = ${bot.worldServer} and p.world_world = ${bot.worldWorld}
        and a.attacker_name = ${bot.playerName}
        and a.status in ('planned', 'due') and (a.dsbot_id is null or a.dsbot_id = ${dsbotId})
        and a.send_at <= ${until} and a.send_at >= ${from}
        and ${visibleInPlan()} and ${bothMayEdit(bot.ownerId, run)}
      order by a.send_at limit ${CLAIM_LIMIT}
      for update of a skip locked)
    returning id, plan_id, source_village_id, source_x, source_y, target_x, target_y, type, units, formulas, unit, send_at, arrival_at,
              status, error, dsbot_id, real_arrival_at`);
  const rows = (result as unknown as { rows: ClaimedRow[] }).rows;
  await emitAttacksChanged(ctx, rows.map(changedAttack));
  const world = { server: bot.worldServer, world: bot.worldWorld };
  const timeZone = rows.length > 0 ? await worldZoneOf(ctx.db, world) : undefined;
  const fakeLimit = rows.some((r) => r.formulas) ? await worldFakeLimit(ctx.db, world) : undefined;
  return rows
    .map((r) => ({
      id: r.id,
      planId: r.plan_id,
      fromVillageId: r.source_village_id,
      from: { x: r.source_x, y: r.source_y },
      to: { x: r.target_x, y: r.target_y },
      type: r.type,
      units: r.units,
      unit: r.unit,
      sendTime: epoch(r.send_at),
      arrivalTime: epoch(r.arrival_at),
      ...(timeZone ? { timeZone } : {}),
      ...(r.formulas ? { formulas: r.formulas, fakeLimit } : {}),
    }))
    .sort((a, b) => a.sendTime - b.sendTime || a.id - b.id);
}

/**
 * The bot's report on one attack it claimed: sent (with the command's real arrival) or failed with its
 * German reason. Stored first, then pushed. A report on an attack the clock already expired still
 * counts; one on an attack of another bot, already reported, or of a plan the bot's owner or the
 * runner's user may no longer change answers 409 and changes nothing.
 */
export async function reportBotAttack(ctx: Ctx, run: BotRun, input: BotAttackResult): Promise<AttackStatus> {
  const { dsbotId } = run;
  const report = botAttackResultSchema.parse(input);
  const bot = await getBotRow(ctx.db, dsbotId);
  if (!bot) throw notFound(errorMessages.botNotFound);
  const status = report.ok ? "sent" : "failed";
  const result = await ctx.db.execute(sql`
    update attacks set status = ${status}, updated_at = now(),
      error = ${report.ok ? null : report.error},
      real_arrival_at = ${report.ok ? new Date(report.arrivesAt).toISOString() : null}
    where id = ${report.attackId} and dsbot_id = ${dsbotId} and status in ('due', 'expired')
      and exists (select 1 from attack_plans p where p.id = attacks.plan_id and ${visibleInPlan("attacks")} and ${bothMayEdit(bot.ownerId, run)})
    returning id, plan_id, status, error, dsbot_id, real_arrival_at, source_x, source_y, target_x, target_y, send_at`);
  const row = (result as unknown as { rows: (ClaimedRow & { plan_id: number })[] }).rows[0];
  if (!row) throw conflict(errorMessages.attackNotReportable);
  const changed = changedAttack(row);
  await emitAttacksChanged(ctx, [changed]);
  await emitAttackReported(ctx, dsbotId, changed, report.ok ? { sentAt: report.sentAt, plannedSendAt: epoch(row.send_at) } : undefined);
  if (report.ok) {
    await closeAttackTabRequests(ctx.db, [row.id]);
  } else {
    await reportFailure(ctx, row, report.error, report.tabRequest === true ? dsbotId : null);
  }
  return status;
}

/**
 * A failed send: the tab request the bot asked for (its text names the missing units the bot reported)
 * and the plan owner's notification, which links to that request, else to the attack in its plan.
 */
async function reportFailure(ctx: Ctx, row: { id: number; plan_id: number; source_x: number; source_y: number; target_x: number; target_y: number }, error: string, tabRequestFor: number | null) {
  if (tabRequestFor !== null) await createAttackTabRequests(ctx, [row.id], tabRequestMessages.missingUnits(error), tabRequestFor);
  const [request] = tabRequestFor === null ? [] : await ctx.db.select({ id: tabRequests.id }).from(tabRequests).where(eq(tabRequests.attackId, row.id)).limit(1);
  const [plan] = (
    (await ctx.db.execute(sql`select id, owner_id as "ownerId", name from attack_plans where id = ${row.plan_id}`)) as unknown as {
      rows: { id: number; ownerId: number; name: string }[];
    }
  ).rows;
  if (!plan) return;
  await notifyAttackFailed(ctx, plan, {
    id: row.id,
    source: `${row.source_x}|${row.source_y}`,
    target: `${row.target_x}|${row.target_y}`,
    error,
    ...(request ? { tabRequestId: request.id } : {}),
  });
}
