// The one way any feature notifies users: store the notifications, then push `notification-created`
// to each recipient's own website sockets (room `user:{id}`), never to anyone else.
import type { Notification, NotificationLink } from "@dsbot/protocol";
import type { AppContext } from "../../platform/app-context.js";
import type { NotificationContent } from "./notifications.service.js";
import { insertNotifications } from "./notifications.service.js";
import { presentNotification } from "./notifications.presenter.js";

export type NotifyContext = Pick<AppContext, "db" | "events">;
export type { NotificationContent };

/**
 * Topics of notifications that replace each other while unread: an owner toggling a grant tells the
 * user the latest state in one notification, however often it changes.
 */
export const notificationTopics = {
  planAccess: (planId: number) => `plan-access:${planId}`,
  botAccess: (dsbotId: number) => `bot-access:${dsbotId}`,
  /** A bot asking for its player: one unread notification per bot and reason, however often it asks. */
  botNeedsPlayer: (dsbotId: number, reason: string) => `bot-needs-player:${dsbotId}:${reason}`,
  /** Attacks that became tab requests: one unread notification however many come. */
  attackTabRequests: "attack-tab-requests",
} as const;

/** What a notification is about (the menu links to it): one builder per kind of object. */
export const notificationLinks = {
  plan: (planId: number, attackId?: number): NotificationLink => ({ kind: "attack-plan", planId, ...(attackId === undefined ? {} : { attackId }) }),
  bot: (dsbotId: number): NotificationLink => ({ kind: "bot", dsbotId }),
  incoming: (incomingId: number): NotificationLink => ({ kind: "incoming", incomingId }),
  tabRequest: (tabRequestId: number): NotificationLink => ({ kind: "tab-request", tabRequestId }),
  tribe: (tribeId: number): NotificationLink => ({ kind: "tribe", tribeId }),
} as const;

/**
 * Stores one notification per recipient (duplicates ignored) and emits it to that recipient only. One
 * with a topic may update the recipient's unread one on it: then that one is emitted again (same id).
 */
export async function notify(
  ctx: NotifyContext,
  recipients: number | readonly number[],
  content: NotificationContent,
): Promise<Notification[]> {
  const userIds = [...new Set(typeof recipients === "number" ? [recipients] : recipients)];
  const rows = await insertNotifications(ctx.db, userIds, content);
  const notifications = rows.map(presentNotification);
  await Promise.all(notifications.map((notification, i) => ctx.events.emit("notification.created", { userId: rows[i]!.userId, notification })));
  return notifications;
}
