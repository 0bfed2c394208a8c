// What goes out: a notification row → the protocol's Notification (read flag instead of read_at, and
// the link to what it is about).
import type { Notification } from "@dsbot/protocol";
import type { NotificationRow } from "../../db/schema.js";

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
    link: row.link ?? null,
  };
}
