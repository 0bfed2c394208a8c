// GET /api/dashboard: the overview's figures in one answer — bots by status, the next attacks
// to send of the plans the user may see, incomings, unread notifications, open tab requests and the
// troops' population — each under the same visibility rules as its own page.
import type { DashboardResponse } from "@dsbot/protocol";
import { DASHBOARD_NEXT_ATTACKS } from "@dsbot/protocol";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { attackPlans, dsbots, notifications, tabRequests } from "../../db/schema.js";
import { visiblePlansCondition } from "../../policies/attack-plans.policy.js";
import { visibleInPlan } from "../../policies/attack-visibility.js";
import type { Viewer } from "../../policies/dsbots.policy.js";
import { visibleBotsCondition } from "../../policies/dsbots.policy.js";
import { incomingsSummary, type IncomingWalkCache } from "../incomings/index.js";
import { troopTotals } from "../troops/index.js";

type NextAttackRow = { id: number; plan_id: number; plan_name: string; type: string; source_x: number; source_y: number; target_x: number; target_y: number; attacker_name: string | null; send_at: string | Date; arrival_at: string | Date };

export async function dashboard(db: Database, viewer: Viewer, summaries?: IncomingWalkCache, now = Date.now()): Promise<DashboardResponse> {
  const plans = visiblePlansCondition(viewer);
  const [statuses, next, incoming, [unread], [open], troops] = await Promise.all([
    db
      .select({ status: dsbots.status, n: count() })
      .from(dsbots)
      .where(visibleBotsCondition(viewer))
      .groupBy(dsbots.status),
    db.execute(sql`
      select a.id, a.plan_id, p.name as plan_name, a.type, a.source_x, a.source_y, a.target_x, a.target_y, a.attacker_name, a.send_at, a.arrival_at
      from attacks a join attack_plans p on p.id = a.plan_id
      where a.status in ('planned', 'due') and a.send_at > ${new Date(now).toISOString()}::timestamptz and ${visibleInPlan()}
        ${plans ? sql`and p.id in (select ${attackPlans.id} from ${attackPlans} where ${plans})` : sql``}
      order by a.send_at, a.id
      limit ${DASHBOARD_NEXT_ATTACKS}`),
    incomingsSummary(db, viewer, summaries, now),
    db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, viewer.id), isNull(notifications.readAt))),
    db.select({ n: count() }).from(tabRequests).where(and(eq(tabRequests.userId, viewer.id), isNull(tabRequests.doneAt))),
    troopTotals(db, viewer),
  ]);
  const byStatus = { online: 0, offline: 0, paused: 0, starting: 0, stopping: 0 };
  let total = 0;
  for (const row of statuses) {
    const status = row.status && row.status in byStatus ? (row.status as keyof typeof byStatus) : "offline";
    byStatus[status] += row.n;
    total += row.n;
  }
  const attackRows = (next as unknown as { rows: NextAttackRow[] }).rows;
  return {
    bots: { total, byStatus },
    nextAttacks: attackRows.map((r) => ({
      id: r.id,
      planId: r.plan_id,
      planName: r.plan_name,
      type: r.type,
      from: `${r.source_x}|${r.source_y}`,
      to: `${r.target_x}|${r.target_y}`,
      attackerName: r.attacker_name,
      sendTime: new Date(r.send_at).getTime(),
      arrivalTime: new Date(r.arrival_at).getTime(),
    })),
    incomings: incoming,
    unreadNotifications: unread?.n ?? 0,
    openTabRequests: open?.n ?? 0,
    troops,
  };
}
