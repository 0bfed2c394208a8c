// Tab Anfragen: created for a due attack no running bot can send (one per attack, however
// many instances notice it) and for a bot that needs its player; listed per user and marked done. A
// new request is pushed as `addTabRequest` to its user with `added: true`; new attack requests also ring
// the bell (one unread notification per user counting the open ones, an alert "attack-failed").
import type { BotNeedsPlayerReason, TabRequest, TabRequestListQuery } from "@dsbot/protocol";
import { tabRequestMessages, botNeedsPlayerLabels } from "@dsbot/protocol";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { BotContext } from "../../platform/app-context.js";
import type { Database } from "../../db/client.js";
import { attackPlans, attacks, tabRequests } from "../../db/schema.js";
import type { DsbotRow, TabRequestRow } from "../../db/schema.js";
import { MAX_SERIAL_ID } from "../../http/parse.js";
import { notificationLinks, notificationTexts, notificationTopics, notify } from "../notifications/index.js";
import { presentTabRequests } from "./tab-requests.presenter.js";

type Ctx = Pick<BotContext, "db" | "events">;

async function announce(ctx: Ctx, rows: readonly TabRequestRow[]): Promise<void> {
  if (rows.length === 0) return;
  const requests = (await presentTabRequests(ctx.db, rows)).flatMap((tabRequest) => {
    const row = rows.find((r) => r.id === tabRequest.id);
    return row ? [{ userId: row.userId, tabRequest }] : [];
  });
  await ctx.events.emit("tab-requests.added", { requests });
}

/** One request per attack for its plan's owner (an attack that already has one is skipped). */
export async function createAttackTabRequests(ctx: Ctx, attackIds: readonly number[], message: string, dsbotId: number | null = null): Promise<number> {
  if (attackIds.length === 0) return 0;
  const owners = await ctx.db
    .select({ attackId: attacks.id, userId: attackPlans.ownerId })
    .from(attacks)
    .innerJoin(attackPlans, eq(attackPlans.id, attacks.planId))
    .where(inArray(attacks.id, [...attackIds]));
  if (owners.length === 0) return 0;
  const rows = await ctx.db
    .insert(tabRequests)
    .values(owners.map((o) => ({ userId: o.userId, kind: "attack" as const, attackId: o.attackId, dsbotId, message })))
    .onConflictDoNothing({ target: tabRequests.attackId })
    .returning();
  await announce(ctx, rows);
  // The bell (and the alerts the user's rules send): one unread notification per user, counting on.
  const byUser = new Map<number, TabRequestRow[]>();
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  for (const [userId, own] of byUser) {
    const open = await countOpenAttackRequests(ctx.db, userId);
    await notify(ctx, userId, { ...notificationTexts.attacksToTabRequests(open), topic: notificationTopics.attackTabRequests, link: notificationLinks.tabRequest(own[0]!.id) });
  }
  return rows.length;
}

async function countOpenAttackRequests(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tabRequests)
    .where(and(eq(tabRequests.userId, userId), eq(tabRequests.kind, "attack"), isNull(tabRequests.doneAt)));
  return row?.n ?? 0;
}

/** The bot's open player request for this reason, if any. */
export async function openPlayerTabRequest(db: Database, dsbotId: number, reason: BotNeedsPlayerReason): Promise<{ id: number } | undefined> {
  const [open] = await db
    .select({ id: tabRequests.id })
    .from(tabRequests)
    .where(and(eq(tabRequests.dsbotId, dsbotId), eq(tabRequests.kind, "player"), eq(tabRequests.reason, reason), isNull(tabRequests.doneAt)))
    .limit(1);
  return open;
}

/** The player did what the bot needed (e.g. solved the bot protection): its open request for it is done. */
export async function closePlayerTabRequests(db: Database, dsbotId: number, reason: BotNeedsPlayerReason): Promise<void> {
  await db
    .update(tabRequests)
    .set({ doneAt: new Date() })
    .where(and(eq(tabRequests.dsbotId, dsbotId), eq(tabRequests.kind, "player"), eq(tabRequests.reason, reason), isNull(tabRequests.doneAt)));
}

/** A bot needs its player: one open request per bot and reason, for the bot's owner (undefined when one is open). */
export async function createPlayerTabRequest(ctx: Ctx, bot: Pick<DsbotRow, "id" | "ownerId">, reason: BotNeedsPlayerReason): Promise<TabRequestRow | undefined> {
  if (await openPlayerTabRequest(ctx.db, bot.id, reason)) return undefined;
  const [row] = await ctx.db
    .insert(tabRequests)
    .values({ userId: bot.ownerId, kind: "player", dsbotId: bot.id, reason, message: tabRequestMessages.needsPlayer(botNeedsPlayerLabels[reason]) })
    .returning();
  if (row) await announce(ctx, [row]);
  return row;
}

/** A user's requests, newest first; open ones only unless `done`. */
export async function listTabRequests(db: Database, userId: number, query: TabRequestListQuery): Promise<{ tabRequests: TabRequest[]; totals: number }> {
  const where = and(eq(tabRequests.userId, userId), query.done ? undefined : isNull(tabRequests.doneAt));
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(tabRequests)
      .where(where)
      .orderBy(desc(tabRequests.id))
      .limit(query.perPage)
      .offset((query.activePage - 1) * query.perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(tabRequests).where(where),
  ]);
  return { tabRequests: await presentTabRequests(db, rows), totals: count?.n ?? 0 };
}

export async function findTabRequest(db: Database, userId: number, id: number): Promise<TabRequestRow | undefined> {
  if (id > MAX_SERIAL_ID) return undefined;
  const [row] = await db
    .select()
    .from(tabRequests)
    .where(and(eq(tabRequests.id, id), eq(tabRequests.userId, userId)))
    .limit(1);
  return row;
}

/**
 * Marks a request done. For an attack the player sent it by hand: an attack still open (or expired
 * meanwhile) counts as sent. Answers the request and the attack rows that changed.
 */
export async function markTabRequestDone(db: Database, row: TabRequestRow): Promise<{ row: TabRequestRow; changedAttacks: (typeof attacks.$inferSelect)[] }> {
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(tabRequests)
      .set({ doneAt: sql`coalesce(${tabRequests.doneAt}, now())` })
      .where(eq(tabRequests.id, row.id))
      .returning();
    const changedAttacks =
      row.attackId === null
        ? []
        : await tx
            .update(attacks)
            .set({ status: "sent", updatedAt: new Date() })
            .where(and(eq(attacks.id, row.attackId), inArray(attacks.status, ["planned", "due", "expired"])))
            .returning();
    return { row: done ?? row, changedAttacks };
  });
}

/** Requests of attacks that were sent meanwhile (by a bot) are done. */
export async function closeAttackTabRequests(db: Database, attackIds: readonly number[]): Promise<void> {
  if (attackIds.length === 0) return;
  await db
    .update(tabRequests)
    .set({ doneAt: new Date() })
    .where(and(inArray(tabRequests.attackId, [...attackIds]), isNull(tabRequests.doneAt)));
}
