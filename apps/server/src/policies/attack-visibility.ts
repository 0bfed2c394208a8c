// Which rows of `attacks` are a plan's attacks: those whose generation lies in the plan's
// visibleFrom..visibleTo. A big write inserts under a generation outside that window and publishes it
// with one update of the plan row, so nobody sees half of it, and nobody waits for it either.
import { and, eq, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { attacks } from "../db/schema.js";

/**
 * The plan's attacks, in the statement's own snapshot of the plan row (two one-row lookups that the
 * database runs once per statement, then used as the index bound on the trailing generation column).
 */
export function planAttacks(planId: number): SQL {
  return and(
    eq(attacks.planId, planId),
    sql`${attacks.generation} between (select visible_from from attack_plans where id = ${planId}) and (select visible_to from attack_plans where id = ${planId})`,
  ) as SQL;
}

/** For raw SQL that names the attacks `a` and their plan `p` (joined): the attack is visible. */
export const visibleInPlan = (a = "a", p = "p"): SQL => sql.raw(`${a}.generation between ${p}.visible_from and ${p}.visible_to`);
