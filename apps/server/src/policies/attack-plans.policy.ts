// Who may see and change an attack plan (as with bots): its owner, the users it was shared
// with (read: look only; edit: change attacks and rename) and admins. Deleting a plan and granting
// access: owner and admins. A plan the caller may not see is "not found". The plan routes, the global
// search and the live updates share this rule.
import type { AttackPlanAccess } from "@dsbot/protocol";
import { attackPlanMessages, canEditPlan, canManagePlan } from "@dsbot/protocol";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { attackPlanPermissions, attackPlans } from "../db/schema.js";
import type { AttackPlanRow, UserRow } from "../db/schema.js";
import { forbidden, HttpError, notFound } from "../http/errors.js";
import { MAX_SERIAL_ID } from "../http/parse.js";

type Viewer = Pick<UserRow, "id" | "role">;

/** WHERE condition on `attack_plans` for the plans this user may see (none for admins: they see all). */
export function visiblePlansCondition(user: Viewer): SQL | undefined {
  if (user.role === "admin") return undefined;
  return or(
    eq(attackPlans.ownerId, user.id),
    sql`exists (select 1 from ${attackPlanPermissions} where ${attackPlanPermissions.planId} = ${attackPlans.id} and ${attackPlanPermissions.userId} = ${user.id})`,
  );
}

/** What the user may do with a plan, given the user's grant on it (null: none); null = may not see it. */
export function accessOf(user: Viewer, plan: Pick<AttackPlanRow, "ownerId">, grant: "read" | "edit" | null): AttackPlanAccess | null {
  if (plan.ownerId === user.id) return "owner";
  if (user.role === "admin") return "admin";
  return grant;
}

export interface PlanAccess {
  plan: AttackPlanRow;
  access: AttackPlanAccess;
}

/** The plan with the caller's access, if the caller may see it (also undefined for ids that cannot exist). */
export async function findVisiblePlan(db: Database, user: Viewer, id: number): Promise<PlanAccess | undefined> {
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_SERIAL_ID) return undefined;
  const [row] = await db
    .select({ plan: attackPlans, grant: attackPlanPermissions.level })
    .from(attackPlans)
    .leftJoin(attackPlanPermissions, and(eq(attackPlanPermissions.planId, attackPlans.id), eq(attackPlanPermissions.userId, user.id)))
    .where(eq(attackPlans.id, id))
    .limit(1);
  if (!row) return undefined;
  const access = accessOf(user, row.plan, row.grant);
  return access ? { plan: row.plan, access } : undefined;
}

/**
 * What the user may do with each of these plans, for the ones the user may see (a plan the user may
 * not see is missing, as one that does not exist). Ids that cannot exist are left out before the query.
 */
export async function planAccesses(db: Pick<Database, "select">, user: Viewer, ids: readonly number[]): Promise<Map<number, AttackPlanAccess>> {
  const possible = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id >= 1 && id <= MAX_SERIAL_ID);
  if (possible.length === 0) return new Map();
  const rows = await db
    .select({ id: attackPlans.id, ownerId: attackPlans.ownerId, grant: attackPlanPermissions.level })
    .from(attackPlans)
    .leftJoin(attackPlanPermissions, and(eq(attackPlanPermissions.planId, attackPlans.id), eq(attackPlanPermissions.userId, user.id)))
    .where(inArray(attackPlans.id, possible));
  const found = new Map<number, AttackPlanAccess>();
  for (const row of rows) {
    const access = accessOf(user, row, row.grant);
    if (access) found.set(row.id, access);
  }
  return found;
}

/**
 * SQL: the user may change the attacks of the plan `plan` (an alias of `attack_plans` in the query):
 * its owner, an admin or an edit grant, as `accessOf` and `canEditPlan` decide. For the database-side
 * checks that run at the moment of a bot's claim or report, so a revoked grant counts at once.
 */
export function mayEditPlanSql(userId: number | SQL, plan: SQL = sql.raw("p")): SQL {
  return sql`(${plan}.owner_id = ${userId}
    or exists (select 1 from users u where u.id = ${userId} and u.role = 'admin')
    or exists (select 1 from attack_plan_permissions g where g.plan_id = ${plan}.id and g.user_id = ${userId} and g.level = 'edit'))`;
}

/** What a route needs: look (`read`), change attacks (`edit`), or delete and grant (`manage`). */
export type PlanNeed = "read" | "edit" | "manage";

/**
 * Every per-plan route starts here: 404 unless the caller may see the plan, then 403 when the caller's
 * access is not enough (a read-only grantee is told so in German).
 */
export async function requirePlan(db: Database, user: Viewer, id: number, need: PlanNeed): Promise<PlanAccess> {
  const found = await findVisiblePlan(db, user, id);
  if (!found) throw notFound(attackPlanMessages.notFound);
  requireAccess(found.access, need);
  return found;
}

export function requireAccess(access: AttackPlanAccess, need: PlanNeed): void {
  if (need === "edit" && !canEditPlan(access)) throw new HttpError(403, "forbidden", attackPlanMessages.readOnly);
  if (need === "manage" && !canManagePlan(access)) throw forbidden();
}
