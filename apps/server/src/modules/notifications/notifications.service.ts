// A user's notifications (the bell's menu in the header): every query is scoped to its owner, so
// another user's notification is indistinguishable from one that does not exist.
import type { AlertEvent, NotificationLink } from "@dsbot/protocol";
import { errorMessages } from "@dsbot/protocol";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { notifications } from "../../db/schema.js";
import type { NotificationRow } from "../../db/schema.js";
import { notFound } from "../../http/errors.js";
import { MAX_SERIAL_ID } from "../../http/parse.js";

/**
 * GET answers the newest 100: the menu is a popup, not an archive, and the list is loaded on every
 * page load. Older ones stay stored (and count for "mark all as read") until the user deletes them.
 */
export const NOTIFICATION_LIST_LIMIT = 100;

export interface NotificationContent {
  title: string;
  message: string;
  /** What it is about (the menu links to it); none for a note about nothing the user can open. */
  link?: NotificationLink | null;
  /** News on one topic (one plan's access for this user, …) updates the user's unread notification on it. */
  topic?: string;
  /** The alert it is: the database queues it for the user's alert channels by their rules (migration 0035). */
  alert?: AlertEvent;
}

/** Newest first. */
export async function listNotifications(db: Database, userId: number): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_LIST_LIMIT);
}

/**
 * One row per recipient, in one statement. With a topic, a recipient's unread notification on it is
 * updated instead (new text, moved to the top): a unique index holds one per user and topic, so even
 * requests at the same moment cannot add a second.
 */
export async function insertNotifications(db: Database, userIds: readonly number[], content: NotificationContent): Promise<NotificationRow[]> {
  if (userIds.length === 0) return [];
  const { title, message, topic = null, link = null, alert = null } = content;
  const insert = db.insert(notifications).values(userIds.map((userId) => ({ userId, title, message, topic, link, alertEvent: alert })));
  if (topic === null) return insert.returning();
  return insert
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.topic],
      targetWhere: sql`${notifications.topic} is not null and ${notifications.readAt} is null`,
      set: { title, message, link, createdAt: sql`now()` },
    })
    .returning();
}

/** Marks every unread notification of the user as read; answers how many changed. */
export async function markAllRead(db: Database, userId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

const own = (userId: number, id: number) => and(eq(notifications.id, id), eq(notifications.userId, userId));

/** Idempotent: an already read notification keeps the time it was first read. 404 unless it is the user's. */
export async function markRead(db: Database, userId: number, id: number): Promise<NotificationRow> {
  const [row] =
    id > MAX_SERIAL_ID
      ? []
      : await db
          .update(notifications)
          .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
          .where(own(userId, id))
          .returning();
  if (!row) throw notFound(errorMessages.notificationNotFound);
  return row;
}

/** 404 unless it is the user's. */
export async function deleteNotification(db: Database, userId: number, id: number): Promise<void> {
  const rows = id > MAX_SERIAL_ID ? [] : await db.delete(notifications).where(own(userId, id)).returning({ id: notifications.id });
  if (rows.length === 0) throw notFound(errorMessages.notificationNotFound);
}
