// Ready for the attack feature: a failed attack notifies the plan's owner.
import type { Notification } from "@dsbot/protocol";
import type { AttackPlanRow } from "../../db/schema.js";
import { notificationTexts } from "../notifications/notification-texts.js";
import type { NotifyContext } from "../notifications/notify.js";
import { notify } from "../notifications/notify.js";

export interface FailedAttack {
  /** Coordinates `x|y` of the start and the target village. */
  source: string;
  target: string;
  /** Why it failed, in German (as the bot reported it). */
  error: string;
}

export function notifyAttackFailed(
  ctx: NotifyContext,
  plan: Pick<AttackPlanRow, "ownerId" | "name">,
  attack: FailedAttack,
): Promise<Notification[]> {
  return notify(ctx, plan.ownerId, notificationTexts.attackFailed(plan.name, attack.source, attack.target, attack.error));
}
