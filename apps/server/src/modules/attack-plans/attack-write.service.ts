// Writing attacks: coordinates resolved to the plan world's villages (with their players as they are
// now), the send time from the world's unit speeds and, for supports, the attacking player's
// Freundschaft; one attack from the form, or many in chunked inserts (the demo plan, and the big writes
// of attack-publish.service.ts: imports, the planner), never past ATTACK_PLAN_MAX_ATTACKS.
import type { AttackInput, AttackTrainInput, Coord, DswbExtras, Unit, UnitCounts, UnitFormulas } from "@dsbot/protocol";
import { ATTACK_EXPIRE_GRACE_MS, ATTACK_PLAN_MAX_ATTACKS, attackPlanMessages, attackTimes, formatCoord, isSupportType, timedUnits, trainArrivals } from "@dsbot/protocol";
import { count, eq, sql } from "drizzle-orm";
import { ROW_CHUNK, yieldToEventLoop } from "../../db/chunks.js";
import type { Database } from "../../db/client.js";
import { attackPlans, attacks } from "../../db/schema.js";
import type { AttackPlanRow, AttackRow } from "../../db/schema.js";
import { badRequest, conflict } from "../../http/errors.js";
import type { Issue } from "../../http/errors.js";
import { touchPlan } from "./attack-plans.service.js";
import { planAttacks } from "../../policies/attack-visibility.js";
import type { PlanWorld, WorldVillage } from "../worlds/index.js";
import { boostOf, coordKey, requirePlanWorld, supportBoosts, villagesAt } from "../worlds/index.js";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Database | Tx;

/** A row of `attacks` without its plan: what `insertAttacks` takes. */
export type NewAttack = Omit<typeof attacks.$inferInsert, "planId" | "id" | "generation">;

/**
 * A new row's status: its own, or expired when its send time is already past the clock's grace (the
 * clock would make it so a second later; an import of an old plan then changes no row twice), else planned.
 */
function initialStatus(row: NewAttack, now: number): NonNullable<NewAttack["status"]> {
  return row.status ?? (new Date(row.sendAt).getTime() < now - ATTACK_EXPIRE_GRACE_MS ? "expired" : "planned");
}

const iso = (value: Date | string | null | undefined) => (value === null || value === undefined ? null : new Date(value).toISOString());

/**
 * Inserts the attacks into the plan (inside the caller's transaction, if any); answers the count. No
 * cap check (`addAttacksToPlan` has it). Into the plan's visible generation, moving the plan's
 * "Änderungsdatum" (its attacks' version); or, for a big write, under the given generation, unseen
 * until it is published. The rows go in as column arrays through `unnest`, several times faster than
 * multi-row VALUES on PGlite; ROW_CHUNK rows per statement with a turn of the event loop between.
 * A row's status: see `initialStatus`.
 */
export async function insertAttacks(db: Executor, plan: Pick<AttackPlanRow, "id">, rows: readonly NewAttack[], options: { generation?: number } = {}): Promise<number> {
  await writeAttacks(db, plan, rows, options.generation, false);
  return rows.length;
}

/** As insertAttacks into the visible generation, answering the new rows' ids in the order of `rows`. */
export async function insertAttacksReturningIds(db: Executor, plan: Pick<AttackPlanRow, "id">, rows: readonly NewAttack[]): Promise<number[]> {
  return writeAttacks(db, plan, rows, undefined, true);
}

async function writeAttacks(db: Executor, plan: Pick<AttackPlanRow, "id">, rows: readonly NewAttack[], visible: number | undefined, returning: boolean): Promise<number[]> {
  const generation = visible ?? sql`(select visible_to from attack_plans where id = ${plan.id})`;
  const now = Date.now();
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += ROW_CHUNK) {
    if (start > 0) await yieldToEventLoop();
    const chunk = rows.slice(start, start + ROW_CHUNK);
    const column = <T>(pick: (row: NewAttack) => T) => sql.param(chunk.map(pick));
    const result = await db.execute(sql`
      insert into ${attacks} (plan_id, source_village_id, source_name, source_x, source_y, attacker_id, attacker_name,
        target_village_id, target_name, target_x, target_y, defender_id, defender_name, type, units, formulas, dswb, unit,
        send_at, arrival_at, priority, status, error, dsbot_id, real_arrival_at, generation)
      select ${plan.id}, *, ${generation} from unnest(
        ${column((r) => r.sourceVillageId)}::int[], ${column((r) => r.sourceName)}::text[],
        ${column((r) => r.sourceX)}::smallint[], ${column((r) => r.sourceY)}::smallint[],
        ${column((r) => r.attackerId ?? null)}::int[], ${column((r) => r.attackerName ?? null)}::text[],
        ${column((r) => r.targetVillageId)}::int[], ${column((r) => r.targetName)}::text[],
        ${column((r) => r.targetX)}::smallint[], ${column((r) => r.targetY)}::smallint[],
        ${column((r) => r.defenderId ?? null)}::int[], ${column((r) => r.defenderName ?? null)}::text[],
        ${column((r) => r.type)}::text[], ${column((r) => JSON.stringify(r.units))}::jsonb[],
        ${column((r) => (r.formulas ? JSON.stringify(r.formulas) : null))}::jsonb[],
        ${column((r) => (r.dswb ? JSON.stringify(r.dswb) : null))}::jsonb[], ${column((r) => r.unit)}::text[],
        ${column((r) => iso(r.sendAt))}::timestamptz[], ${column((r) => iso(r.arrivalAt))}::timestamptz[],
        ${column((r) => r.priority)}::smallint[], ${column((r) => initialStatus(r, now))}::text[], ${column((r) => r.error ?? null)}::text[],
        ${column((r) => r.dsbotId ?? null)}::int[], ${column((r) => iso(r.realArrivalAt))}::timestamptz[]
      )${returning ? sql` returning id` : sql``}`);
    // Serial ids are drawn row by row in the arrays' order: sorted, they are the rows' ids in order.
    if (returning) ids.push(...(result as unknown as { rows: { id: number }[] }).rows.map((r) => r.id).sort((a, b) => a - b));
  }
  if (rows.length > 0 && visible === undefined) await touchPlan(db, plan.id);
  return ids;
}

/** What one attack needs to become a row: its villages, units, unit and arrival. */
export interface AttackSpec {
  from: WorldVillage;
  to: WorldVillage;
  type: AttackInput["type"];
  units: UnitCounts;
  formulas?: UnitFormulas | undefined;
  unit?: Unit | undefined;
  /** An imported DS Workbench line's extras (type symbol, unit field, flags), kept for its export. */
  dswb?: DswbExtras | undefined;
  arrival: number;
  priority: number;
}

/** The row of an attack; a German RangeError when the world lacks a unit it sends. */
export function attackRow(spec: AttackSpec, world: PlanWorld, boost: number): NewAttack {
  const times = attackTimes({
    from: spec.from,
    to: spec.to,
    units: timedUnits(spec.units, spec.formulas),
    unit: spec.unit ?? null,
    arrival: spec.arrival,
    unitInfo: world.unitInfo,
    boost: isSupportType(spec.type) ? boost : 0,
  });
  return {
    ...villageColumns(spec.from, spec.to),
    type: spec.type,
    units: spec.units as Record<string, number>,
    formulas: spec.formulas ? (spec.formulas as Record<string, string>) : null,
    dswb: spec.dswb && Object.keys(spec.dswb).length > 0 ? spec.dswb : null,
    unit: times.unit,
    sendAt: new Date(times.sendTime),
    arrivalAt: new Date(spec.arrival),
    priority: spec.priority,
  };
}

export function villageColumns(from: WorldVillage, to: WorldVillage) {
  return {
    sourceVillageId: from.id,
    sourceName: from.name,
    sourceX: from.x,
    sourceY: from.y,
    attackerId: from.playerId,
    attackerName: from.playerName,
    targetVillageId: to.id,
    targetName: to.name,
    targetX: to.x,
    targetY: to.y,
    defenderId: to.playerId,
    defenderName: to.playerName,
  };
}

/** Start and target village of a form's attack; a German 400 naming each coordinate that is no village. */
async function resolveInput(db: Database, world: PlanWorld, input: Pick<AttackInput, "from" | "to">): Promise<{ from: WorldVillage; to: WorldVillage }> {
  const found = await villagesAt(db, world.world.id, [input.from, input.to]);
  const from = found.get(coordKey(input.from));
  const to = found.get(coordKey(input.to));
  const issues: Issue[] = [];
  const missing = (path: "from" | "to", what: string, coord: Coord) => issues.push({ path, message: attackPlanMessages.villageMissing(what, formatCoord(coord)) });
  if (!from) missing("from", "Startdorf", input.from);
  if (!to) missing("to", "Zieldorf", input.to);
  if (!from || !to) throw badRequest(issues[0]?.message, issues);
  return { from, to };
}

/** `attackRow`, its RangeError (a unit the world lacks) as a German 400 at the form's field `path`. */
function formRow(spec: AttackSpec, world: PlanWorld, boost: number, path: string): NewAttack {
  try {
    return attackRow(spec, world, boost);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw badRequest(error.message, [{ path, message: error.message }]);
  }
}

/** The row of the form's attack on the plan's world (a German 400 for unknown villages or units the world lacks). */
async function inputRow(db: Database, plan: AttackPlanRow, input: AttackInput): Promise<NewAttack> {
  const world = await requirePlanWorld(db, plan);
  const { from, to } = await resolveInput(db, world, input);
  const boosts = isSupportType(input.type) ? await supportBoosts(db, plan, [from.playerName]) : new Map<string, number>();
  return formRow({ ...input, from, to }, world, boostOf(boosts, from.playerName), input.unit ? "unit" : "units");
}

/** Inserts the form's rows with the plan locked and its cap checked; answers them in arrival order. */
async function insertFormRows(db: Database, plan: AttackPlanRow, rows: readonly NewAttack[]): Promise<AttackRow[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from ${attackPlans} where ${attackPlans.id} = ${plan.id} for update`);
    const [existing] = await tx.select({ n: count() }).from(attacks).where(planAttacks(plan.id));
    if ((existing?.n ?? 0) + rows.length > ATTACK_PLAN_MAX_ATTACKS) throw conflict(attackPlanMessages.tooMany(ATTACK_PLAN_MAX_ATTACKS));
    const generation = sql`(select visible_to from attack_plans where id = ${plan.id})`;
    const now = Date.now();
    const created = await tx
      .insert(attacks)
      .values(rows.map((row) => ({ ...row, status: initialStatus(row, now), planId: plan.id, generation })))
      .returning();
    if (created.length !== rows.length) throw new Error("attack insert returned too few rows");
    await touchPlan(tx, plan.id);
    return created.sort((a, b) => a.arrivalAt.getTime() - b.arrivalAt.getTime() || a.id - b.id);
  });
}

export async function createAttack(db: Database, plan: AttackPlanRow, input: AttackInput): Promise<AttackRow> {
  const [created] = await insertFormRows(db, plan, [await inputRow(db, plan, input)]);
  if (!created) throw new Error("attack insert returned no row");
  return created;
}

/**
 * A noble train from one village: the clearing attack if asked for, then the nobles, each
 * landing the spacing after the one before (`trainArrivals`). All or nothing.
 */
export async function createAttackTrain(db: Database, plan: AttackPlanRow, input: AttackTrainInput): Promise<AttackRow[]> {
  const world = await requirePlanWorld(db, plan);
  const { from, to } = await resolveInput(db, world, input);
  const clear = input.clearUnits;
  const rows = trainArrivals({ arrival: input.arrival, nobles: input.nobles, spacingMs: input.spacingMs, clear: clear !== undefined }).map(
    ({ type, arrival }) =>
      type === "attack" && clear
        ? formRow({ from, to, type, units: clear, arrival, priority: input.priority }, world, 0, "clearUnits")
        : formRow(
            { from, to, type, units: input.units, formulas: input.formulas, unit: input.unit, arrival, priority: input.priority },
            world,
            0,
            input.unit ? "unit" : "units",
          ),
  );
  return insertFormRows(db, plan, rows);
}

/** Whether two JSON values of the attack's columns (units, formulas) say the same, whatever their key order. */
function sameCounts(a: Record<string, unknown> | null | undefined, b: Record<string, unknown> | null | undefined): boolean {
  const entries = (value: Record<string, unknown> | null | undefined) => Object.entries(value ?? {}).sort(([x], [y]) => x.localeCompare(y));
  return JSON.stringify(entries(a)) === JSON.stringify(entries(b));
}

/** Whether the edit changes nothing the send time depends on (villages, type, units, formulas, unit, arrival). */
function sameTiming(row: NewAttack, attack: AttackRow): boolean {
  return (
    row.sourceVillageId === attack.sourceVillageId &&
    row.targetVillageId === attack.targetVillageId &&
    row.type === attack.type &&
    row.unit === attack.unit &&
    new Date(row.arrivalAt).getTime() === attack.arrivalAt.getTime() &&
    sameCounts(row.units, attack.units) &&
    sameCounts(row.formulas, attack.formulas)
  );
}

/**
 * Edits an attack: villages, units, arrival and priority; the status stays. The send time is computed
 * again only when something it depends on changed: an edit of the priority alone keeps it, even when the
 * sender's Freundschaft changed since (the player sees a changed send time in the form's answer).
 */
export async function updateAttack(db: Database, plan: AttackPlanRow, attack: AttackRow, input: AttackInput): Promise<AttackRow> {
  const computed = await inputRow(db, plan, input);
  const row = sameTiming(computed, attack) ? { ...computed, sendAt: attack.sendAt } : computed;
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(attacks)
      .set({ ...row, updatedAt: new Date() })
      .where(eq(attacks.id, attack.id))
      .returning();
    await touchPlan(tx, plan.id);
    return updated ?? attack;
  });
}

export async function deleteAttack(db: Database, plan: AttackPlanRow, attack: AttackRow): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(attacks).where(eq(attacks.id, attack.id));
    await touchPlan(tx, plan.id);
  });
}
