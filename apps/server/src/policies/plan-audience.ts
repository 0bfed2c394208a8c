// Who hears about a plan's attacks live: admins, the plan's owner and the users it was shared with
// (read or edit), computed when the message is sent, so a revoked grant takes effect at once.
import { eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { attackPlanPermissions, attackPlans, users } from "../db/schema.js";

/** The audience of each plan, by plan id. */
export async function planAudiences(db: Database, planIds: readonly number[]): Promise<Map<number, number[]>> {
  const ids = [...new Set(planIds)];
  const audiences = new Map<number, Set<number>>(ids.map((id) => [id, new Set<number>()]));
  if (ids.length === 0) return new Map();
  const [admins, owners, grants] = await Promise.all([
    db.select({ id: users.id }).from(users).where(eq(users.role, "admin")),
    db.select({ planId: attackPlans.id, userId: attackPlans.ownerId }).from(attackPlans).where(inArray(attackPlans.id, ids)),
    db
      .select({ planId: attackPlanPermissions.planId, userId: attackPlanPermissions.userId })
      .from(attackPlanPermissions)
      .where(inArray(attackPlanPermissions.planId, ids)),
  ]);
  for (const { planId, userId } of [...owners, ...grants]) audiences.get(planId)?.add(userId);
  for (const set of audiences.values()) for (const { id } of admins) set.add(id);
  return new Map([...audiences].map(([id, set]) => [id, [...set]]));
}
