// Pure updates of the cached notification list (newest first); used by the optimistic actions, their
// rollbacks and the realtime `notification-created` handler.
import type { Notification, NotificationListResponse } from "@dsbot/protocol";

export type NotificationList = NotificationListResponse | undefined;

function update(list: NotificationList, fn: (items: Notification[]) => Notification[]): NotificationList {
  return list ? { notifications: fn(list.notifications) } : list;
}

export function setRead(list: NotificationList, id: number, read: boolean): NotificationList {
  return update(list, (items) => items.map((n) => (n.id === id ? { ...n, read } : n)));
}

/** Marks every listed one read; returns the ids that were unread (what a rollback restores). */
export function setAllRead(list: NotificationList): { list: NotificationList; changed: number[] } {
  const changed = list?.notifications.filter((n) => !n.read).map((n) => n.id) ?? [];
  return { list: update(list, (items) => items.map((n) => (n.read ? n : { ...n, read: true }))), changed };
}

export function restoreUnread(list: NotificationList, ids: readonly number[]): NotificationList {
  const set = new Set(ids);
  return update(list, (items) => items.map((n) => (set.has(n.id) ? { ...n, read: false } : n)));
}

export function removeNotification(list: NotificationList, id: number): { list: NotificationList; removed?: { item: Notification; index: number } } {
  const index = list?.notifications.findIndex((n) => n.id === id) ?? -1;
  const item = index >= 0 ? list?.notifications[index] : undefined;
  if (!item) return { list };
  return { list: update(list, (items) => items.filter((n) => n.id !== id)), removed: { item, index } };
}

/** Puts a removed one back where it was (unless it is there again). */
export function reinsertNotification(list: NotificationList, item: Notification, index: number): NotificationList {
  return update(list, (items) => {
    if (items.some((n) => n.id === item.id)) return items;
    const next = [...items];
    next.splice(Math.min(index, next.length), 0, item);
    return next;
  });
}

/** A new one goes on top; a known id is replaced (the event may race the list fetch). */
export function upsertNotification(list: NotificationList, item: Notification): NotificationList {
  return update(list, (items) => [item, ...items.filter((n) => n.id !== item.id)]);
}

export function replaceNotification(list: NotificationList, item: Notification): NotificationList {
  return update(list, (items) => items.map((n) => (n.id === item.id ? item : n)));
}

export function unreadCount(list: NotificationList): number {
  return list?.notifications.filter((n) => !n.read).length ?? 0;
}
