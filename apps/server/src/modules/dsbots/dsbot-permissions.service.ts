// Access grants: owners and admins grant or revoke a bot per user, and the user is told.
// Losing access also ends that user's runner and bot connections to the bot at once, so nobody keeps
// running a bot they may not see.
import type { BotPermission } from "@dsbot/protocol";
import { botLogMessages, errorMessages } from "@dsbot/protocol";
import { and, asc, eq } from "drizzle-orm";
import type { BotContext } from "../../platform/app-context.js";
import { dsbotPermissions, users } from "../../db/schema.js";
import type { DsbotRow, UserRow } from "../../db/schema.js";
import { conflict } from "../../http/errors.js";
import { notificationLinks, notificationTexts, notificationTopics, notify } from "../notifications/index.js";
import { getUser } from "../users/index.js";
import { addBotLog } from "./dsbot-logs.service.js";

export async function listPermissions(ctx: BotContext, dsbotId: number): Promise<BotPermission[]> {
  const rows = await ctx.db
    .select({ userId: dsbotPermissions.userId, username: users.username, grantedAt: dsbotPermissions.grantedAt })
    .from(dsbotPermissions)
    .innerJoin(users, eq(users.id, dsbotPermissions.userId))
    .where(eq(dsbotPermissions.dsbotId, dsbotId))
    .orderBy(asc(dsbotPermissions.grantedAt), asc(users.id));
  return rows.map((r) => ({ ...r, grantedAt: r.grantedAt.toISOString() }));
}

/** Granting twice is harmless (204 both times). */
export async function grantAccess(ctx: BotContext, actor: UserRow, bot: DsbotRow, userId: number): Promise<void> {
  const user = await getUser(ctx.db, userId);
  if (user.id === bot.ownerId) throw conflict(errorMessages.ownerHasAccess);
  const inserted = await ctx.db
    .insert(dsbotPermissions)
    .values({ dsbotId: bot.id, userId: user.id, grantedBy: actor.id })
    .onConflictDoNothing()
    .returning({ userId: dsbotPermissions.userId });
  if (inserted.length > 0) {
    await addBotLog(ctx.db, { dsbotId: bot.id, level: "info", message: botLogMessages.accessGranted(user.username), userId: actor.id });
    await notify(ctx, user.id, { ...notificationTexts.accessGranted(bot.playerName, actor.username), topic: notificationTopics.botAccess(bot.id), link: notificationLinks.bot(bot.id) });
  }
}

export async function revokeAccess(ctx: BotContext, actor: UserRow, bot: DsbotRow, userId: number): Promise<void> {
  const user = await getUser(ctx.db, userId);
  if (user.id === bot.ownerId) throw conflict(errorMessages.ownerAccessNotRevocable);
  const removed = await ctx.db
    .delete(dsbotPermissions)
    .where(and(eq(dsbotPermissions.dsbotId, bot.id), eq(dsbotPermissions.userId, user.id)))
    .returning({ userId: dsbotPermissions.userId });
  if (removed.length === 0) return;
  await addBotLog(ctx.db, { dsbotId: bot.id, level: "info", message: botLogMessages.accessRevoked(user.username), userId: actor.id });
  // Admins keep seeing every bot; the re-check leaves their sockets alone.
  await ctx.events.emit("access.changed", { userId: user.id });
  if (user.role !== "admin") {
    await notify(ctx, user.id, { ...notificationTexts.accessRevoked(bot.playerName, actor.username), topic: notificationTopics.botAccess(bot.id) });
  }
}
