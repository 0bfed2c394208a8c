// Realtime `notification-created`: the notification joins the cached list (an updated one, same
// id, replaces its old text and moves on top) and an info alert 'Du hast neue Benachrichtigungen' shows.
// Every (re)connect refetches the list, so nothing sent while the socket was down is missed.
import type { RealtimeMessageData } from "@dsbot/protocol";
import type { QueryClient } from "@tanstack/react-query";
import { alert } from "@/lib/alerts";
import { onRealtimeConnect, registerRealtimeHandler } from "@/lib/realtime-dispatcher";
import { useSession } from "@/lib/session";
import { notificationTexts } from "../texts";
import { upsertNotification, type NotificationList } from "./notification-cache";
import { notificationKeys, notificationsQueryOptions } from "./notifications-api";

const NEW_NOTIFICATIONS_ALERT = "notifications-new";

export function handleNotificationCreated(client: QueryClient, data: RealtimeMessageData<"notification-created">): void {
  const userId = useSession.getState().user?.id;
  if (userId !== undefined) {
    const { queryKey } = notificationsQueryOptions(userId);
    // Without a loaded list there is nothing to add to: the first fetch brings it along.
    if (client.getQueryData(queryKey)) {
      client.setQueryData(queryKey, (list: NotificationList) => upsertNotification(list, data.notification));
    }
    // A load on its way may have been read before this notification and would overwrite it (or, the first
    // load, leave it out): that load is dropped and the list loaded again.
    if (client.isFetching({ queryKey }) > 0) void client.cancelQueries({ queryKey }).then(() => client.invalidateQueries({ queryKey }));
  }
  // One alert however many arrive: a notification the server updates (a grant toggled) comes again.
  alert.info(notificationTexts.created, { id: NEW_NOTIFICATIONS_ALERT });
}

export function registerNotificationRealtimeHandlers(client: QueryClient): () => void {
  const offs = [
    registerRealtimeHandler("notification-created", (data) => handleNotificationCreated(client, data)),
    onRealtimeConnect(() => void client.invalidateQueries({ queryKey: notificationKeys.all })),
  ];
  return () => offs.forEach((off) => off());
}
