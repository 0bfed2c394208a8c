// "Verteidigen" on Eingehende Angriffe: the planner plans supports for the attacked village from the
// user's bots on the plan's world — one per bot's player, leaving at least DEFEND_LEAD_MS after the run,
// landing by the deadline (the window's end) — and saving hands them to those bots: each bot whose
// player sends a support gets the plan on its Offplaner Scanner (switched on if it was off), so the
// running bots send them without further setup. The scanner's save checks the plan rights as any save.
import type { PlannerRequest, PlannerSettings } from "@dsbot/protocol";
import { DEFEND_LEAD_MS, plannerDefaultTemplates, plannerMessages } from "@dsbot/protocol";
import { and, eq, sql } from "drizzle-orm";
import type { BotContext } from "../../platform/app-context.js";
import type { Database } from "../../db/client.js";
import { dsbots } from "../../db/schema.js";
import type { AttackPlanRow, DsbotRow, UserRow } from "../../db/schema.js";
import { badRequest } from "../../http/errors.js";
import { readModule, saveModule } from "../dsbots/index.js";
import { visibleBotsCondition } from "../../policies/dsbots.policy.js";
import { idArray } from "./attacks.service.js";

const SCANNER = "attack-planner-scanner" as const;

export interface DefendSender {
  id: number;
  name: string;
  status: string;
}

/** The chosen bots the user may see on the plan's world, or a German 400 when there is none. */
export async function defendingBots(db: Database, user: Pick<UserRow, "id" | "role">, plan: AttackPlanRow, request: PlannerRequest): Promise<DsbotRow[]> {
  const refuse = () => badRequest(plannerMessages.defendNeedsBots, [{ path: "attackers", message: plannerMessages.defendNeedsBots }]);
  if (request.attackers.kind !== "bots") throw refuse();
  const bots = await db
    .select()
    .from(dsbots)
    .where(
      and(
        sql`${dsbots.id} = any(${idArray(request.attackers.dsbotIds)})`,
        eq(dsbots.worldServer, plan.worldServer),
        eq(dsbots.worldWorld, plan.worldWorld),
        visibleBotsCondition(user),
      ),
    )
    .orderBy(dsbots.playerName, dsbots.id);
  if (bots.length === 0) throw refuse();
  return bots;
}

/** A deadline no support can make any more (it must leave DEFEND_LEAD_MS from now): 400 on the window's end. */
export function refuseLateDefence(settings: PlannerSettings, now: number): void {
  if (settings.window.to >= now + DEFEND_LEAD_MS) return;
  throw badRequest(plannerMessages.defendTooLate, [{ path: "settings.window.to", message: plannerMessages.defendTooLate }]);
}

/** Supports only: one per bot's player and target, with the request's (or the default) support template. */
export function defendSettings(settings: PlannerSettings, players: number): PlannerSettings {
  const support = settings.templates.support ?? { ...plannerDefaultTemplates.support };
  return { ...settings, counts: { support: players }, templates: { support } };
}

/**
 * Puts the plan on the Offplaner Scanner of every bot whose player sends one of its supports (switching
 * the module on), through the module save every user makes, so its checks and its push to a running
 * bot apply. Answers the senders for the dialog.
 */
export async function handDefenceToBots(ctx: BotContext, actor: UserRow, plan: AttackPlanRow, bots: readonly DsbotRow[], players: ReadonlySet<string>): Promise<DefendSender[]> {
  const senders: DefendSender[] = [];
  for (const bot of bots) {
    if (!players.has(bot.playerName)) continue;
    const scanner = readModule(bot.modules, SCANNER);
    const ids = (scanner.config.attackPlanIds as number[] | undefined) ?? [];
    if (!scanner.enabled || !ids.includes(plan.id)) {
      await saveModule(ctx, actor, bot, SCANNER, { ...scanner.config, attackPlanIds: ids.includes(plan.id) ? ids : [...ids, plan.id], enabled: true });
    }
    senders.push({ id: bot.id, name: bot.playerName, status: bot.status ?? "offline" });
  }
  return senders;
}
