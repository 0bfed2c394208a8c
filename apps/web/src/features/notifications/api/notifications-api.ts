// REST of the notifications: list, mark one or all read, remove. Per user: the key carries the id.
import { notificationListResponseSchema, notificationResponseSchema, notificationRoutes, type Notification } from "@dsbot/protocol";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";

export const notificationKeys = {
  all: ["user-notifications"] as const,
  list: (userId: number) => ["user-notifications", userId] as const,
};

export function notificationsQueryOptions(userId: number) {
  return queryOptions({
    queryKey: notificationKeys.list(userId),
    queryFn: async ({ signal }) => notificationListResponseSchema.parse(await api.call(notificationRoutes.list, { signal })),
  });
}

export async function markNotificationRead(id: number): Promise<Notification> {
  return notificationResponseSchema.parse(await api.call(notificationRoutes.markRead, { params: { id } })).notification;
}

export async function markAllNotificationsRead(): Promise<void> {
  await api.call(notificationRoutes.markAllRead);
}

export async function deleteNotification(id: number): Promise<void> {
  await api.call(notificationRoutes.remove, { params: { id } });
}
