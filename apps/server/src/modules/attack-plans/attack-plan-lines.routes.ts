// GET /api/attack-plans/:id/lines (contract in the protocol's attack-plans/lines.ts): the
// plan's attacks as lines for the map overlay, compact as columns, ordered by send time. Cancelled
// attacks are left out; a plan the caller may not see is 404 like every per-plan route.
import type { AttackPlanLinesResponse } from "@dsbot/protocol";
import { attackPlanIdParamsSchema, attackPlanRoutes } from "@dsbot/protocol";
import { and, asc, ne } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../platform/app-context.js";
import type { Database } from "../../db/client.js";
import { attacks } from "../../db/schema.js";
import { contract } from "../../http/contract.js";
import { authenticate, caller } from "../auth/index.js";
import { requirePlan } from "../../policies/attack-plans.policy.js";
import { planAttacks } from "../../policies/attack-visibility.js";

const byId = contract({ params: attackPlanIdParamsSchema });

/** The plan's attacks but the cancelled ones as columns, by send time (then id). */
export async function planLines(db: Database, planId: number): Promise<AttackPlanLinesResponse> {
  const rows = await db
    .select({
      sourceX: attacks.sourceX,
      sourceY: attacks.sourceY,
      targetX: attacks.targetX,
      targetY: attacks.targetY,
      type: attacks.type,
      status: attacks.status,
      sendAt: attacks.sendAt,
    })
    .from(attacks)
    .where(and(planAttacks(planId), ne(attacks.status, "cancelled")))
    .orderBy(asc(attacks.sendAt), asc(attacks.id));
  const coords = new Array<number>(rows.length * 4);
  const types = new Array<AttackPlanLinesResponse["types"][number]>(rows.length);
  const statuses = new Array<AttackPlanLinesResponse["statuses"][number]>(rows.length);
  const sendTimes = new Array<number>(rows.length);
  rows.forEach((row, i) => {
    coords[i * 4] = row.sourceX;
    coords[i * 4 + 1] = row.sourceY;
    coords[i * 4 + 2] = row.targetX;
    coords[i * 4 + 3] = row.targetY;
    types[i] = row.type;
    statuses[i] = row.status;
    sendTimes[i] = row.sendAt.getTime();
  });
  return { coords, types, statuses, sendTimes };
}

export function attackPlanLinesRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addHook("onRequest", authenticate(ctx.db));

    app.get(attackPlanRoutes.lines.path, { config: byId.config }, async (request): Promise<AttackPlanLinesResponse> => {
      const { id } = byId.params(request);
      const { plan } = await requirePlan(ctx.db, caller(request).user, id, "read");
      return planLines(ctx.db, plan.id);
    });
  };
}
