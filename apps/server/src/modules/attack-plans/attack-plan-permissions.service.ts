// Sharing a plan (as bots are shared): the owner or an admin grants a user read or edit access, changes
// the level or revokes it; the user is told. The owner always has access, so a grant to the owner is a 409.
import type { AttackPlanGrantLevel, AttackPlanPermission } from "@dsbot/protocol";
import { attackPlanMessages } from "@dsbot/protocol";
import { and, asc, eq } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context.js";
import { attackPlanPermissions, users } from "../../db/schema.js";
import type { AttackPlanRow, UserRow } from "../../db/schema.js";
import { conflict } from "../../http/errors.js";
import { logLostScannerPlan } from "../dsbots/index.js";
import { notificationLinks, notificationTexts, notificationTopics, notify } from "../notifications/index.js";
import { getUser } from "../users/index.js";

type Ctx = Pick<AppContext, "db" | "events">;

export async function listPlanPermissions(ctx: Ctx, planId: number): Promise<AttackPlanPermission[]> {
  const rows = await ctx.db
    .select({ userId: attackPlanPermissions.userId, username: users.username, level: attackPlanPermissions.level, grantedAt: attackPlanPermissions.grantedAt })
    .from(attackPlanPermissions)
    .innerJoin(users, eq(users.id, attackPlanPermissions.userId))
    .where(eq(attackPlanPermissions.planId, planId))
    .orderBy(asc(attackPlanPermissions.grantedAt), asc(users.id));
  return rows.map((r) => ({ ...r, grantedAt: r.grantedAt.toISOString() }));
}

/**
 * Grants or changes the level (granting the same level again is harmless); the user hears of a new or
 * changed grant, in one notification per plan while unread (toggling cannot flood the user).
 */
export async function grantPlanAccess(ctx: Ctx, actor: UserRow, plan: AttackPlanRow, userId: number, level: AttackPlanGrantLevel): Promise<void> {
  const user = await getUser(ctx.db, userId);
  if (user.id === plan.ownerId) throw conflict(attackPlanMessages.ownerHasAccess);
  const [before] = await ctx.db
    .select({ level: attackPlanPermissions.level })
    .from(attackPlanPermissions)
    .where(and(eq(attackPlanPermissions.planId, plan.id), eq(attackPlanPermissions.userId, user.id)));
  if (before?.level === level) return;
  await ctx.db
    .insert(attackPlanPermissions)
    .values({ planId: plan.id, userId: user.id, level, grantedBy: actor.id })
    .onConflictDoUpdate({ target: [attackPlanPermissions.planId, attackPlanPermissions.userId], set: { level, grantedBy: actor.id } });
  if (before?.level === "edit" && user.role !== "admin") await logLostScannerPlan(ctx.db, user.id, plan.id);
  await notify(ctx, user.id, {
    ...notificationTexts.planAccessGranted(plan.name, actor.username, level === "edit"),
    topic: notificationTopics.planAccess(plan.id),
    link: notificationLinks.plan(plan.id),
  });
}

export async function revokePlanAccess(ctx: Ctx, actor: UserRow, plan: AttackPlanRow, userId: number): Promise<void> {
  const user = await getUser(ctx.db, userId);
  if (user.id === plan.ownerId) throw conflict(attackPlanMessages.ownerAccessNotRevocable);
  const removed = await ctx.db
    .delete(attackPlanPermissions)
    .where(and(eq(attackPlanPermissions.planId, plan.id), eq(attackPlanPermissions.userId, user.id)))
    .returning({ userId: attackPlanPermissions.userId, level: attackPlanPermissions.level });
  // Admins keep seeing (and editing) every plan: nothing to tell them.
  if (removed[0]?.level === "edit" && user.role !== "admin") await logLostScannerPlan(ctx.db, user.id, plan.id);
  if (removed.length > 0 && user.role !== "admin") {
    await notify(ctx, user.id, { ...notificationTexts.planAccessRevoked(plan.name, actor.username), topic: notificationTopics.planAccess(plan.id) });
  }
}
