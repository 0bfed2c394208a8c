// Attack changes as domain events: the rows whose status changed and the plans whose attacks changed,
// and a bot's report on the attack it took.
import type { BotContext } from "../../platform/app-context.js";
import type { ChangedAttack } from "../../events/domain-events.js";

export type { ChangedAttack } from "../../events/domain-events.js";

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
 * Attacks changed: `rows` with their new statuses, and every attack of `plans` (added, edited, deleted,
 * imported). The browsers that show those plans hear it (realtime/browser-messages.ts).
 */
export async function emitAttacksChanged(ctx: Pick<BotContext, "events">, rows: readonly ChangedAttack[], plans: readonly number[] = []): Promise<void> {
  if (rows.length > 0 || plans.length > 0) await ctx.events.emit("attacks.changed", { attacks: rows, planIds: plans });
}

/** What a bot's report changed (the attack is the bot's command); `send`: a sent one's actual and planned send time. */
export async function emitAttackReported(
  ctx: Pick<BotContext, "events">,
  dsbotId: number,
  attack: ChangedAttack,
  send?: { sentAt: number; plannedSendAt: number },
): Promise<void> {
  await ctx.events.emit("attack.reported", { dsbotId, attack, ...(send ? { send } : {}) });
}
