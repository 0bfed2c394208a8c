// The signed-in user's notifications (GET /api/user-notifications, loaded on sign-in) and the app-wide
// realtime wiring that keeps them current.
import type { Notification } from "@dsbot/protocol";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { useSession } from "@/lib/session";
import { unreadCount } from "./api/notification-cache";
import { registerNotificationRealtimeHandlers } from "./api/notification-realtime";
import { notificationsQueryOptions } from "./api/notifications-api";

export interface NotificationsState {
  notifications: Notification[];
  unread: number;
  loading: boolean;
  failed: boolean;
}

const EMPTY: Notification[] = [];

export function useNotifications(): NotificationsState {
  const userId = useSession((state) => state.user?.id);
  const query = useQuery({ ...notificationsQueryOptions(userId ?? 0), enabled: userId !== undefined });
  return {
    notifications: query.data?.notifications ?? EMPTY,
    unread: unreadCount(query.data),
    loading: query.isPending && userId !== undefined,
    failed: query.isError,
  };
}

/** `notification-created` handling and the refetch on every socket (re)connect. */
export function useNotificationRealtime(): void {
  const client = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => registerNotificationRealtimeHandlers(client, (path) => void navigate(path)), [client, navigate]);
}
