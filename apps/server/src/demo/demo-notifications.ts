// The demo user's first notifications: a fresh demo shows what the bell is for — a noble on its
// way to one of the demo villages and an attack of the demo plan that failed — written once, from the
// demo plan's own villages and players, so every name and coordinate in them exists on the demo world.
// The failed attack is a real row of the plan, sent (and failed) before the start: its table says
// "Fehler" with the same reason, never "Abgel." for an attack the bell calls failed.
import { formatServerTime, unitLabels, units, type World } from "@dsbot/protocol";
import { and, asc, desc, eq, inArray, isNotNull } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { attackPlans, attacks, dsbots, notifications } from "../db/schema.js";
import type { AttackPlanRow, AttackRow } from "../db/schema.js";
import { planAttacks } from "../policies/attack-visibility.js";
import { insertAttacks, type NewAttack } from "../modules/attack-plans/index.js";
import { findUserByUsername } from "../modules/auth/index.js";
import { insertNotifications, notificationLinks, notificationTexts } from "../modules/notifications/index.js";
import { worldZoneOf } from "../modules/worlds/index.js";
import { DEMO_PLAN_NAME, DEMO_SCANNER_PLAYERS } from "./demo-attack-plan.js";

/** Where the noble of the demo notification lands: this long after the first start. */
export const DEMO_NOBLE_AFTER_MS = 2 * 3_600_000 + 17 * 60_000 + 43_512;

/** Writes the demo notifications once (none when the demo user has any already); answers how many. */
export async function ensureDemoNotifications(db: Database, demoUsername: string, world: World, now = Date.now()): Promise<number> {
  const user = await findUserByUsername(db, demoUsername);
  if (!user) return 0;
  const [existing] = await db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, user.id)).limit(1);
  if (existing) return 0;
  const [plan] = await db
    .select()
    .from(attackPlans)
    .where(and(eq(attackPlans.ownerId, user.id), eq(attackPlans.name, DEMO_PLAN_NAME)))
    .limit(1);
  if (!plan) return 0;
  // An attack of the plan on another player's village: its defender sends the noble back, on the attacker's village.
  const [onPlayer] = await db
    .select()
    .from(attacks)
    .where(and(eq(attacks.planId, plan.id), eq(attacks.type, "attack"), isNotNull(attacks.defenderName)))
    .orderBy(asc(attacks.sendAt))
    .limit(1);
  const written: number[] = [];
  const failed = await demoFailedAttack(db, plan, now);
  if (failed) {
    const source = `${failed.sourceX}|${failed.sourceY}`;
    const target = `${failed.targetX}|${failed.targetY}`;
    const content = { ...notificationTexts.attackFailed(plan.name, source, target, failed.error ?? ""), link: notificationLinks.plan(plan.id, failed.id) };
    written.push(...(await insertNotifications(db, [user.id], content)).map((n) => n.id));
  }
  if (onPlayer?.defenderName) {
    const zone = await worldZoneOf(db, world);
    const arrival = formatServerTime(now + DEMO_NOBLE_AFTER_MS, zone);
    const content = notificationTexts.nobleIncoming(
      `${onPlayer.sourceName} (${onPlayer.sourceX}|${onPlayer.sourceY})`,
      onPlayer.defenderName,
      `${onPlayer.targetX}|${onPlayer.targetY}`,
      arrival,
    );
    // No command stands behind it in the incomings list: it links to the bot of the village's player.
    const [bot] = await db
      .select({ id: dsbots.id })
      .from(dsbots)
      .where(and(eq(dsbots.ownerId, user.id), eq(dsbots.playerName, onPlayer.attackerName ?? "")))
      .limit(1);
    written.push(...(await insertNotifications(db, [user.id], { ...content, link: bot ? notificationLinks.bot(bot.id) : null })).map((n) => n.id));
  }
  return written.length;
}

/** The failed attack was sent this long before the first start. */
const FAILED_BEFORE_MS = 25 * 60_000;

/**
 * Adds to the plan a copy of the first attack of a scanner bot's player, sent FAILED_BEFORE_MS ago by
 * that player's bot and failed for want of a third of its first unit (the Offplaner Scanner's words).
 */
async function demoFailedAttack(db: Database, plan: AttackPlanRow, now: number): Promise<AttackRow | undefined> {
  const [model] = await db
    .select()
    .from(attacks)
    .where(and(planAttacks(plan.id), eq(attacks.type, "attack"), inArray(attacks.attackerName, [...DEMO_SCANNER_PLAYERS])))
    .orderBy(asc(attacks.sendAt))
    .limit(1);
  if (!model?.attackerName) return undefined;
  const [bot] = await db
    .select({ id: dsbots.id })
    .from(dsbots)
    .where(and(eq(dsbots.ownerId, plan.ownerId), eq(dsbots.playerName, model.attackerName)))
    .limit(1);
  const unit = units.find((u) => (model.units[u] ?? 0) > 0);
  if (!bot || !unit) return undefined;
  const missing = Math.max(1, Math.floor((model.units[unit] ?? 0) / 3));
  const source = `${model.sourceX}|${model.sourceY}`;
  const sendAt = now - FAILED_BEFORE_MS;
  const failed: NewAttack = {
    sourceVillageId: model.sourceVillageId,
    sourceName: model.sourceName,
    sourceX: model.sourceX,
    sourceY: model.sourceY,
    attackerId: model.attackerId,
    attackerName: model.attackerName,
    targetVillageId: model.targetVillageId,
    targetName: model.targetName,
    targetX: model.targetX,
    targetY: model.targetY,
    defenderId: model.defenderId,
    defenderName: model.defenderName,
    type: model.type,
    units: model.units,
    unit: model.unit,
    sendAt: new Date(sendAt),
    arrivalAt: new Date(sendAt + (model.arrivalAt.getTime() - model.sendAt.getTime())),
    priority: model.priority,
    status: "failed",
    error: `Nicht genügend Einheiten in ${source}: ${unitLabels[unit]} (${missing} ${missing === 1 ? "fehlt" : "fehlen"})`,
    dsbotId: bot.id,
  };
  await insertAttacks(db, plan, [failed]);
  const [row] = await db
    .select()
    .from(attacks)
    .where(and(planAttacks(plan.id), eq(attacks.status, "failed"), eq(attacks.sourceVillageId, model.sourceVillageId)))
    .orderBy(desc(attacks.id))
    .limit(1);
  return row;
}
