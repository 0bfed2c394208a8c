// Realtime `notification-created`: the notification joins the cached list (an updated one, same
// id, replaces its old text and moves on top) and an info alert 'Du hast neue Benachrichtigungen' shows;
// in a background tab, with the browser's notifications on, the system shows it (browser-notifications.ts).
// Every (re)connect refetches the list, so nothing sent while the socket was down is missed.
import type { RealtimeMessageData } from "@dsbot/protocol";
import type { QueryClient } from "@tanstack/react-query";
import { alert } from "@/lib/alerts";
import { onRealtimeConnect, registerRealtimeHandler } from "@/lib/realtime-dispatcher";
import { useSession } from "@/lib/session";
import { showBrowserNotification } from "../browser-notifications";
import { notificationTexts } from "../texts";
import { upsertNotification, type NotificationList } from "./notification-cache";
import { notificationKeys, notificationsQueryOptions } from "./notifications-api";

const NEW_NOTIFICATIONS_ALERT = "notifications-new";

export function handleNotificationCreated(client: QueryClient, data: RealtimeMessageData<"notification-created">, open: (path: string) => void = () => {}): void {
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
  showBrowserNotification(data.notification, open);
}

/** `open`: the app's navigation, for a click on a browser notification. */
export function registerNotificationRealtimeHandlers(client: QueryClient, open?: (path: string) => void): () => void {
  const offs = [
    registerRealtimeHandler("notification-created", (data) => handleNotificationCreated(client, data, open)),
    onRealtimeConnect(() => void client.invalidateQueries({ queryKey: notificationKeys.all })),
  ];
  return () => offs.forEach((off) => off());
}
