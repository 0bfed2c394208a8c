// Live attack changes: `attacks-updated` per plan to everyone who may see the plan, and for a bot's
// report the command events (botUpdateCommandStatus, botUpdateAttackError) to the bot's audience.
import { realtimeMessage } from "@dsbot/protocol";
import type { BotContext } from "../../app-context.js";
import { planAudiences } from "./plan-audience.js";

export interface ChangedAttack {
  id: number;
  planId: number;
  status: "planned" | "due" | "sent" | "failed" | "expired" | "cancelled";
  error: string | null;
  dsbotId: number | null;
  realArrivalAt: Date | null;
}

/** An attack row as raw SQL returns it (snake case; timestamps as text or Date by driver). */
export interface ChangedAttackRow {
  id: number;
  plan_id: number;
  status: ChangedAttack["status"];
  error: string | null;
  dsbot_id: number | null;
  real_arrival_at: string | Date | null;
}

export function changedAttack(r: ChangedAttackRow): ChangedAttack {
  return {
    id: r.id,
    planId: r.plan_id,
    status: r.status,
    error: r.error,
    dsbotId: r.dsbot_id,
    realArrivalAt: r.real_arrival_at === null ? null : new Date(r.real_arrival_at),
  };
}

/**
 * One `attacks-updated` per plan to its audience, with the plan's changed statuses. `plans` names plans
 * whose attacks changed otherwise (added, edited, deleted, imported): they get the message too, with the
 * rows it has for them (possibly none), and the open tables fetch their page again.
 */
export async function pushAttackUpdates(
  ctx: Pick<BotContext, "db" | "realtime">,
  rows: readonly ChangedAttack[],
  plans: readonly number[] = [],
): Promise<void> {
  const byPlan = new Map<number, ChangedAttack[]>(plans.map((planId) => [planId, []]));
  for (const row of rows) {
    const list = byPlan.get(row.planId);
    if (list) list.push(row);
    else byPlan.set(row.planId, [row]);
  }
  if (byPlan.size === 0) return;
  const audiences = await planAudiences(ctx.db, [...byPlan.keys()]);
  for (const [planId, changed] of byPlan) {
    const message = realtimeMessage("attacks-updated", {
      planId,
      attacks: changed.map((a) => ({
        id: a.id,
        status: a.status,
        error: a.error,
        dsbotId: a.dsbotId,
        realArrivalTime: a.realArrivalAt ? a.realArrivalAt.getTime() : null,
      })),
    });
    for (const userId of audiences.get(planId) ?? []) ctx.realtime.toUser(userId, message);
  }
}

/** What a bot's report changed, as the command events (the attack is the command). */
export async function pushCommandEvents(ctx: Pick<BotContext, "realtime">, dsbotId: number, attack: ChangedAttack): Promise<void> {
  await ctx.realtime.toBotAudience(dsbotId, realtimeMessage("botUpdateCommandStatus", { command: { id: attack.id, dsbotId, status: attack.status } }));
  if (attack.status === "failed" && attack.error) {
    await ctx.realtime.toBotAudience(dsbotId, realtimeMessage("botUpdateAttackError", { command: { id: attack.id, dsbotId, error: attack.error } }));
  }
}
