// Attack plans (the Angriffspläne page): the list with the caller's access, counts per status and the
// next send time; create (on the caller's world by default), rename, delete.
import type { AttackPlan, AttackPlanCreate, AttackPlanListQuery, attackPlanSortFields, AttackStatus } from "@dsbot/protocol";
import { parseSort } from "@dsbot/protocol";
import { and, asc, count, desc, eq, ilike, isNotNull, or, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.js";
import { likeContains } from "../../db/like.js";
import { attackPlanPermissions, attackPlans, attacks, users } from "../../db/schema.js";
import type { AttackPlanRow, UserRow } from "../../db/schema.js";
import { ensureWorld } from "../worlds/index.js";
import { accessOf } from "../../policies/attack-plans.policy.js";
import type { PlanAccess } from "../../policies/attack-plans.policy.js";
import type { PlanStats } from "./attack-plans.presenter.js";
import { presentPlan } from "./attack-plans.presenter.js";

type Viewer = Pick<UserRow, "id" | "role">;

/**
 * The earliest send time of an open (planned or due) attack of the plan. Spelled out: drizzle leaves
 * columns in a select list unqualified, which inside this subquery would name the attack's own id.
 */
const nextSendAt = sql<Date | null>`(select min(a.send_at) from attacks a
  where a.plan_id = "attack_plans"."id" and a.status in ('planned', 'due')
    and a.generation between "attack_plans"."visible_from" and "attack_plans"."visible_to")`.mapWith(attacks.sendAt);

/** The admin's correction of the time zone of the plan's world; null = its market's (spelled out as above). */
const worldZone = sql<string | null>`(select w.time_zone from worlds w
  where w.server = "attack_plans"."world_server" and w.world = "attack_plans"."world_world")`;

const sortColumns: Record<(typeof attackPlanSortFields)[number], SQL | AnyPgColumn> = {
  name: sql`lower(${attackPlans.name})`,
  nextSendTime: nextSendAt,
  createdAt: attackPlans.createdAt,
  updatedAt: attackPlans.updatedAt,
};

/** Counts per status of these plans (one grouped query over the plan/status index). */
async function countsOf(db: Database, planIds: readonly number[]): Promise<Map<number, Partial<Record<AttackStatus, number>>>> {
  const counts = new Map<number, Partial<Record<AttackStatus, number>>>();
  if (planIds.length === 0) return counts;
  const rows = await db
    .select({ planId: attacks.planId, status: attacks.status, n: count() })
    .from(attacks)
    .innerJoin(attackPlans, eq(attackPlans.id, attacks.planId))
    .where(
      and(
        sql`${attacks.planId} = any(${`{${planIds.join(",")}}`}::int[])`,
        sql`${attacks.generation} between ${attackPlans.visibleFrom} and ${attackPlans.visibleTo}`,
      ),
    )
    .groupBy(attacks.planId, attacks.status);
  for (const row of rows) counts.set(row.planId, { ...counts.get(row.planId), [row.status]: row.n });
  return counts;
}

export async function listPlans(db: Database, user: Viewer, query: AttackPlanListQuery): Promise<{ attackPlans: AttackPlan[]; totals: number }> {
  const grantJoin = and(eq(attackPlanPermissions.planId, attackPlans.id), eq(attackPlanPermissions.userId, user.id));
  const where = and(
    user.role === "admin" ? undefined : or(eq(attackPlans.ownerId, user.id), isNotNull(attackPlanPermissions.userId)),
    query.searchVal ? ilike(attackPlans.name, likeContains(query.searchVal)) : undefined,
  );
  const { field, direction } = parseSort(query.sortBy);
  const column = sortColumns[field];
  const order = direction === "desc" ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ plan: attackPlans, ownerName: users.username, grant: attackPlanPermissions.level, nextSendAt, worldZone })
      .from(attackPlans)
      .innerJoin(users, eq(users.id, attackPlans.ownerId))
      .leftJoin(attackPlanPermissions, grantJoin)
      .where(where)
      .orderBy(order, direction === "desc" ? desc(attackPlans.id) : asc(attackPlans.id))
      .limit(query.perPage)
      .offset((query.activePage - 1) * query.perPage),
    db.select({ n: count() }).from(attackPlans).leftJoin(attackPlanPermissions, grantJoin).where(where),
  ]);
  const counts = await countsOf(db, rows.map((r) => r.plan.id));
  return {
    attackPlans: rows.map((r) =>
      presentPlan(r.plan, r.ownerName, accessOf(user, r.plan, r.grant) ?? "read", { counts: counts.get(r.plan.id) ?? {}, nextSendAt: r.nextSendAt, worldZone: r.worldZone }),
    ),
    totals: total?.n ?? 0,
  };
}

/** One plan as the API shows it, for a caller whose access is known. */
export async function planView(db: Database, { plan, access }: PlanAccess): Promise<AttackPlan> {
  const [[owner], counts, [next]] = await Promise.all([
    db.select({ name: users.username }).from(users).where(eq(users.id, plan.ownerId)),
    countsOf(db, [plan.id]),
    db.select({ at: nextSendAt, worldZone }).from(attackPlans).where(eq(attackPlans.id, plan.id)),
  ]);
  const stats: PlanStats = { counts: counts.get(plan.id) ?? {}, nextSendAt: next?.at ?? null, worldZone: next?.worldZone ?? null };
  return presentPlan(plan, owner?.name ?? "", access, stats);
}

/** A new, empty plan of the caller; the world is the caller's unless given, and becomes known to the server. */
export async function createPlan(db: Database, owner: UserRow, input: AttackPlanCreate): Promise<AttackPlanRow> {
  const world = input.world ?? { server: owner.worldServer, world: owner.worldWorld };
  return db.transaction(async (tx) => {
    await ensureWorld(tx, world);
    const [plan] = await tx
      .insert(attackPlans)
      .values({ ownerId: owner.id, name: input.name, worldServer: world.server, worldWorld: world.world })
      .returning();
    if (!plan) throw new Error("attack plan insert returned no row");
    return plan;
  });
}

export async function renamePlan(db: Database, plan: AttackPlanRow, name: string): Promise<AttackPlanRow> {
  const [updated] = await db.update(attackPlans).set({ name, updatedAt: new Date() }).where(eq(attackPlans.id, plan.id)).returning();
  return updated ?? plan;
}

/** Attacks and grants go with the plan (ON DELETE CASCADE), tab requests of its attacks too. */
export async function deletePlan(db: Database, planId: number): Promise<void> {
  await db.delete(attackPlans).where(eq(attackPlans.id, planId));
}

/**
 * Attacks of the plan were written: the plan's "Änderungsdatum" moves, by at least a millisecond, so
 * it also versions the plan's attacks (the table's search cache is keyed by it).
 */
export async function touchPlan(db: Pick<Database, "update">, planId: number): Promise<void> {
  await db
    .update(attackPlans)
    .set({ updatedAt: sql`greatest(now(), ${attackPlans.updatedAt} + interval '1 millisecond')` })
    .where(eq(attackPlans.id, planId));
}
