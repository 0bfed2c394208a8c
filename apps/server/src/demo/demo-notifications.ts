// The demo user's first notifications (issue 21): a fresh demo shows what the bell is for — a noble on its
// way to one of the demo villages and an attack of the demo plan that failed — written once, from the
// demo plan's own villages and players, so every name and coordinate in them exists on the demo world.
import { formatServerTime, type World } from "@dsbot/protocol";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { attackPlans, attacks, notifications } from "../db/schema.js";
import { findUserByUsername } from "../modules/auth/login.service.js";
import { insertNotifications } from "../modules/notifications/notifications.service.js";
import { notificationTexts } from "../modules/notifications/notification-texts.js";
import { worldZoneOf } from "../modules/worlds/world-zone.js";
import { DEMO_PLAN_NAME } from "./demo-attack-plan.js";

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
  const [anyAttack] = await db.select().from(attacks).where(and(eq(attacks.planId, plan.id), eq(attacks.type, "attack"))).orderBy(asc(attacks.sendAt)).limit(1);
  const written: number[] = [];
  if (anyAttack) {
    const source = `${anyAttack.sourceX}|${anyAttack.sourceY}`;
    const target = `${anyAttack.targetX}|${anyAttack.targetY}`;
    const error = `Nicht genügend Einheiten in ${source}: Axtkämpfer (20 fehlen)`;
    written.push(...(await insertNotifications(db, [user.id], notificationTexts.attackFailed(plan.name, source, target, error))).map((n) => n.id));
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
    written.push(...(await insertNotifications(db, [user.id], content)).map((n) => n.id));
  }
  return written.length;
}
