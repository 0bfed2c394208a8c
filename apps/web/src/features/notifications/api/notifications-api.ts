// REST of the notifications: list, mark one or all read, remove. Per user: the key carries the id.
import { notificationListResponseSchema, notificationResponseSchema, type Notification } from "@dsbot/protocol";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";

const BASE = "/api/user-notifications";

export const notificationKeys = {
  all: ["user-notifications"] as const,
  list: (userId: number) => ["user-notifications", userId] as const,
};

export function notificationsQueryOptions(userId: number) {
  return queryOptions({
    queryKey: notificationKeys.list(userId),
    queryFn: async ({ signal }) => notificationListResponseSchema.parse(await api.get<unknown>(BASE, { signal })),
  });
}

export async function markNotificationRead(id: number): Promise<Notification> {
  return notificationResponseSchema.parse(await api.post<unknown>(`${BASE}/${id}/mark-as-read`)).notification;
}

export async function markAllNotificationsRead(): Promise<void> {
  await api.post(`${BASE}/mark-as-read`);
}

export async function deleteNotification(id: number): Promise<void> {
  await api.delete(`${BASE}/${id}`);
}
