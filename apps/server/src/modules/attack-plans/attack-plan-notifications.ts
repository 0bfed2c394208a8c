// What the plan's owner hears about its attacks. A failed send: the bot's reason, linked to the tab request
// the bot asked for, else to the attack in its plan. An attack that expired is no failure: it is told
// only when a bot had taken it and never said whether it went (attack-clock.ts), in its own words.
import type { Notification } from "@dsbot/protocol";
import { ATTACK_CLAIMED_EXPIRE_MS } from "@dsbot/protocol";
import type { AttackPlanRow } from "../../db/schema.js";
import { notificationLinks, notificationTexts, notify } from "../notifications/index.js";
import type { NotifyContext } from "../notifications/index.js";

export interface FailedAttack {
  id: number;
  /** Coordinates `x|y` of the start and the target village. */
  source: string;
  target: string;
  /** Why it failed, in German (as the bot reported it). */
  error: string;
  /** The tab request the failure made, if any. */
  tabRequestId?: number;
}

type Plan = Pick<AttackPlanRow, "id" | "ownerId" | "name">;

export function notifyAttackFailed(ctx: NotifyContext, plan: Plan, attack: FailedAttack): Promise<Notification[]> {
  return notify(ctx, plan.ownerId, {
    ...notificationTexts.attackFailed(plan.name, attack.source, attack.target, attack.error),
    link: attack.tabRequestId === undefined ? notificationLinks.plan(plan.id, attack.id) : notificationLinks.tabRequest(attack.tabRequestId),
  });
}

export interface UnreportedAttack {
  id: number;
  source: string;
  target: string;
  /** The player name of the bot that had taken it. */
  botName: string;
}

/**
 * Attacks of one plan that a bot had taken and that expired without its report (one notification per plan
 * and clock run, however many). Whether they went is unknown: a late report still changes them.
 */
export function notifyAttacksUnreported(ctx: NotifyContext, plan: Plan, expired: readonly UnreportedAttack[]): Promise<Notification[]> {
  const [first] = expired;
  if (!first) return Promise.resolve([]);
  const minutes = Math.round(ATTACK_CLAIMED_EXPIRE_MS / 60_000);
  const content =
    expired.length === 1
      ? notificationTexts.attackUnreported(plan.name, first.source, first.target, first.botName, minutes)
      : notificationTexts.attacksUnreported(plan.name, expired.length, [...new Set(expired.map((a) => a.botName))], minutes);
  return notify(ctx, plan.ownerId, { ...content, link: notificationLinks.plan(plan.id, expired.length === 1 ? first.id : undefined) });
}
