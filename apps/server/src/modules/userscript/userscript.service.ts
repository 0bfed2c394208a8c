// What the userscript shows in a game tab: the user's open tab requests on the tab's world
// and the attacks not yet sent that leave the tab's village. Only the user's own data: tab requests
// are the user's; attacks come from plans the user owns or was given (an admin's role widens nothing
// here, since the script shows what this player has to send).
import type { UserscriptAttack, UserscriptOverviewQuery, UserscriptOverviewResponse } from "@dsbot/protocol";
import { formatCoord, rallyPointUrl, USERSCRIPT_MAX_ATTACKS, userscriptAttackStatuses } from "@dsbot/protocol";
import { and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { attackPlanPermissions, attackPlans, attacks, dsbots, tabRequests } from "../../db/schema.js";
import type { UserRow } from "../../db/schema.js";
import { presentTabRequests } from "../tab-requests/index.js";

/** Open tab requests the script lists at most (newest first). */
const MAX_TAB_REQUESTS = 50;

/** Open tab requests on the world: an attack's by its plan's world, a bot's by the bot's world (as the presenter links them). */
async function openTabRequests(db: Database, userId: number, query: UserscriptOverviewQuery) {
  const rows = await db
    .select({ row: tabRequests })
    .from(tabRequests)
    .leftJoin(attacks, eq(attacks.id, tabRequests.attackId))
    .leftJoin(attackPlans, eq(attackPlans.id, attacks.planId))
    .leftJoin(dsbots, eq(dsbots.id, tabRequests.dsbotId))
    .where(
      and(
        eq(tabRequests.userId, userId),
        isNull(tabRequests.doneAt),
        sql`coalesce(${attackPlans.worldServer}, ${dsbots.worldServer}) = ${query.server}`,
        sql`coalesce(${attackPlans.worldWorld}, ${dsbots.worldWorld}) = ${query.world}`,
      ),
    )
    .orderBy(desc(tabRequests.id))
    .limit(MAX_TAB_REQUESTS);
  return presentTabRequests(
    db,
    rows.map((r) => r.row),
  );
}

/** Attacks not yet sent from the village, in the plans the user owns or was given, next send first. */
async function villageAttacks(db: Database, userId: number, query: UserscriptOverviewQuery): Promise<UserscriptAttack[]> {
  if (query.village === undefined) return [];
  const world = { server: query.server, world: query.world };
  const rows = await db
    .select({ attack: attacks, planName: attackPlans.name })
    .from(attacks)
    .innerJoin(attackPlans, eq(attackPlans.id, attacks.planId))
    .where(
      and(
        eq(attacks.sourceVillageId, query.village),
        inArray(attacks.status, [...userscriptAttackStatuses]),
        sql`${attacks.generation} between ${attackPlans.visibleFrom} and ${attackPlans.visibleTo}`,
        eq(attackPlans.worldServer, query.server),
        eq(attackPlans.worldWorld, query.world),
        or(
          eq(attackPlans.ownerId, userId),
          sql`exists (select 1 from ${attackPlanPermissions} where ${attackPlanPermissions.planId} = ${attackPlans.id} and ${attackPlanPermissions.userId} = ${userId})`,
        ),
      ),
    )
    .orderBy(asc(attacks.sendAt), asc(attacks.id))
    .limit(USERSCRIPT_MAX_ATTACKS);
  return rows.map(({ attack: a, planName }) => ({
    id: a.id,
    planId: a.planId,
    planName,
    type: a.type,
    status: a.status as UserscriptAttack["status"],
    from: formatCoord({ x: a.sourceX, y: a.sourceY }),
    to: formatCoord({ x: a.targetX, y: a.targetY }),
    targetVillageId: a.targetVillageId,
    units: a.units,
    ...(a.formulas ? { formulas: a.formulas } : {}),
    sendTime: a.sendAt.getTime(),
    arrivalTime: a.arrivalAt.getTime(),
    url: rallyPointUrl(world, a.sourceVillageId, a.targetVillageId, a.units),
  }));
}

export async function userscriptOverview(db: Database, user: Pick<UserRow, "id">, query: UserscriptOverviewQuery): Promise<UserscriptOverviewResponse> {
  const [tabRequestList, attackList] = await Promise.all([openTabRequests(db, user.id, query), villageAttacks(db, user.id, query)]);
  return { tabRequests: tabRequestList, attacks: attackList, serverTime: Date.now() };
}
