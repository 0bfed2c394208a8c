// Who may see an attack plan: its owner, and admins (as with bots, PRODUCT §2). The plan feature's
// routes and the global search share this rule.
import { eq } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { attackPlans } from "../../db/schema.js";
import type { UserRow } from "../../db/schema.js";

/** WHERE condition on `attack_plans` for the plans this user may see (none for admins: they see all). */
export function visiblePlansCondition(user: Pick<UserRow, "id" | "role">): SQL | undefined {
  return user.role === "admin" ? undefined : eq(attackPlans.ownerId, user.id);
}
