// Big writes of a plan's attacks (imports, the planner's save): all or nothing for every
// reader, yet no statement long enough to hold the database. PGlite runs one transaction at a time, so
// one transaction over 50,000 rows kept every other request (health included) waiting for seconds.
// Instead the rows go in under the plan's next generation, unseen (see attack-visibility.ts), ROW_CHUNK
// per statement; one short transaction checks the cap again and publishes them; a replace then deletes
// the old generation in chunks. One big write per plan at a time: the plan's write lease.
import { ATTACK_PLAN_MAX_ATTACKS, attackPlanMessages } from "@dsbot/protocol";
import { count, sql } from "drizzle-orm";
import { ROW_CHUNK, yieldToEventLoop } from "../../db/chunks.js";
import type { Database } from "../../db/client.js";
import { isForeignKeyViolation } from "../../db/errors.js";
import { refreshStatistics, STATISTICS_AFTER_ROWS } from "../../db/statistics.js";
import { attacks } from "../../db/schema.js";
import type { AttackPlanRow } from "../../db/schema.js";
import { conflict, notFound } from "../../http/errors.js";
import { planAttacks } from "../../policies/attack-visibility.js";
import { insertAttacks, type NewAttack } from "./attack-write.service.js";

/** A big write renews its hold on the plan with every chunk; one that crashed frees it after this. */
const WRITE_LEASE_SECONDS = 60;

/**
 * Adds the rows to the plan (after its attacks, or instead of them with `replace`) and answers how many.
 * A plan that would hold more than ATTACK_PLAN_MAX_ATTACKS answers `tooMany` (a 409 by default) with
 * nothing written; while another big write runs on the plan, a German 409.
 */
export async function addAttacksToPlan(
  db: Database,
  plan: Pick<AttackPlanRow, "id">,
  rows: readonly NewAttack[],
  options: { replace?: boolean; tooMany?: (message: string) => Error } = {},
): Promise<number> {
  const overflow = () => {
    const message = attackPlanMessages.tooMany(ATTACK_PLAN_MAX_ATTACKS);
    return options.tooMany ? options.tooMany(message) : conflict(message);
  };
  const window = await takeWriteLease(db, plan.id);
  if (!window) throw (await planExists(db, plan.id)) ? conflict(attackPlanMessages.writeRunning) : notFound(attackPlanMessages.notFound);
  const generation = window.to + 1;
  let published = false;
  try {
    // What a crashed write left beyond the window is ours now.
    await dropHiddenRows(db, plan.id, window);
    if (!options.replace && (await visibleCount(db, plan.id)) + rows.length > ATTACK_PLAN_MAX_ATTACKS) throw overflow();
    for (let start = 0; start < rows.length; start += ROW_CHUNK) {
      if (start > 0) {
        await yieldToEventLoop();
        await renewWriteLease(db, plan.id);
      }
      await insertAttacks(db, plan, rows.slice(start, start + ROW_CHUNK), { generation });
    }
    await db.transaction(async (tx) => {
      if (!(await planExists(tx, plan.id, true))) throw notFound(attackPlanMessages.notFound);
      // Attacks added by hand meanwhile count too.
      if (!options.replace && (await visibleCount(tx, plan.id)) + rows.length > ATTACK_PLAN_MAX_ATTACKS) throw overflow();
      // A replace keeps its lease until the old rows are gone (only a plan with a lease hides rows).
      await tx.execute(sql`
        update attack_plans set visible_to = ${generation},
          visible_from = ${options.replace ? sql`${generation}` : sql`visible_from`},
          write_until = ${options.replace ? sql`write_until` : null},
          updated_at = greatest(now(), updated_at + interval '1 millisecond')
        where id = ${plan.id}`);
    });
    published = true;
    if (options.replace) await dropHiddenRows(db, plan.id, { from: generation, to: generation });
  } catch (error) {
    // The plan was deleted meanwhile (its rows went with it).
    if (isForeignKeyViolation(error)) throw notFound(attackPlanMessages.notFound);
    throw error;
  } finally {
    if (!published) await dropHiddenRows(db, plan.id, window);
    // An append's publish freed the plan already (another write may hold it by now).
    if (!published || options.replace) await db.execute(sql`update attack_plans set write_until = null where id = ${plan.id}`);
  }
  if (rows.length >= STATISTICS_AFTER_ROWS) await refreshAttackStatistics(db);
  return rows.length;
}

type Executor = Pick<Database, "select" | "execute">;

/** Whether the plan still exists (optionally locking its row for the rest of the transaction). */
async function planExists(db: Executor, planId: number, lock = false): Promise<boolean> {
  const result = await db.execute(sql`select id from attack_plans where id = ${planId} ${lock ? sql`for update` : sql``}`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

async function visibleCount(db: Executor, planId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(attacks).where(planAttacks(planId));
  return row?.n ?? 0;
}

interface GenerationWindow {
  from: number;
  to: number;
}

/** The plan's write lease and its visible generations then; undefined while another big write holds it. */
async function takeWriteLease(db: Database, planId: number): Promise<GenerationWindow | undefined> {
  const result = await db.execute(sql`
    update attack_plans set write_until = now() + make_interval(secs => ${WRITE_LEASE_SECONDS})
    where id = ${planId} and (write_until is null or write_until < now())
    returning visible_from, visible_to`);
  const [row] = (result as unknown as { rows: { visible_from: number; visible_to: number }[] }).rows;
  return row && { from: row.visible_from, to: row.visible_to };
}

async function renewWriteLease(db: Database, planId: number): Promise<void> {
  await db.execute(sql`update attack_plans set write_until = now() + make_interval(secs => ${WRITE_LEASE_SECONDS}) where id = ${planId}`);
}

/**
 * Deletes the plan's rows outside the window, ROW_CHUNK per statement with a turn of the event loop
 * (and a renewal of the lease the caller holds) between.
 */
async function dropHiddenRows(db: Database, planId: number, window: GenerationWindow): Promise<void> {
  for (;;) {
    const removed = await db
      .delete(attacks)
      .where(
        sql`${attacks.id} in (select id from attacks where plan_id = ${planId} and generation not between ${window.from} and ${window.to} limit ${ROW_CHUNK})`,
      )
      .returning({ id: attacks.id });
    if (removed.length < ROW_CHUNK) return;
    await yieldToEventLoop();
    await renewWriteLease(db, planId);
  }
}

/**
 * Only a plan with a write lease has rows no one sees; one whose lease ran out was left by a big write
 * that crashed (before its publish, or before a replace had deleted the old rows). Housekeeping takes
 * such a lease over, deletes the hidden rows and frees the plan; answers how many plans it freed.
 */
export async function removeHiddenAttacks(db: Database): Promise<number> {
  const result = await db.execute(sql`select id from attack_plans where write_until < now()`);
  const plans = (result as unknown as { rows: { id: number }[] }).rows;
  let freed = 0;
  for (const { id } of plans) {
    const window = await takeWriteLease(db, id);
    if (!window) continue;
    await dropHiddenRows(db, id, window);
    await db.execute(sql`update attack_plans set write_until = null where id = ${id}`);
    freed++;
  }
  return freed;
}

/**
 * After a large write the planner must know the plan is large (else it sorts all of it for a page
 * instead of walking the sort column's index), and the visibility map must cover the new rows for
 * index-only counts and pages. On PostgreSQL waiting for autovacuum left the first minute after a
 * 20,000-row import slower (bench: p50 3.6 → 2.7 ms, p99 17–22 → 11–15 ms with this).
 */
export async function refreshAttackStatistics(db: Database): Promise<void> {
  await refreshStatistics(db, attacks);
}

