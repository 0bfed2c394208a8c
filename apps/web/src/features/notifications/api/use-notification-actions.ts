// Mark read (one / all) and remove, optimistically (the UI updates at once, then the server
// is told). A failure undoes exactly this change and shows the server's message as a danger alert.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { alertError } from "@/lib/api-error-message";
import {
  reinsertNotification,
  removeNotification,
  replaceNotification,
  restoreUnread,
  setAllRead,
  setRead,
  type NotificationList,
} from "./notification-cache";
import { deleteNotification, markAllNotificationsRead, markNotificationRead, notificationsQueryOptions } from "./notifications-api";

export function useNotificationActions(userId: number) {
  const client = useQueryClient();
  const { queryKey } = notificationsQueryOptions(userId);
  const read = () => client.getQueryData<NotificationList>(queryKey) as NotificationList;
  const write = (fn: (list: NotificationList) => NotificationList) => client.setQueryData(queryKey, (list) => fn(list));
  // A list fetch in flight would overwrite the optimistic change with the old state.
  const settle = () => client.cancelQueries({ queryKey });

  const markRead = useMutation({
    mutationFn: markNotificationRead,
    onMutate: async (id: number) => {
      await settle();
      const wasUnread = read()?.notifications.some((n) => n.id === id && !n.read) ?? false;
      write((list) => setRead(list, id, true));
      return { wasUnread };
    },
    onError: (error, id, context) => {
      if (context?.wasUnread) write((list) => setRead(list, id, false));
      alertError(error);
    },
    onSuccess: (notification) => write((list) => replaceNotification(list, notification)),
  });

  const markAllRead = useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: async () => {
      await settle();
      const { changed } = setAllRead(read());
      write((list) => setAllRead(list).list);
      return { changed };
    },
    onError: (error, _variables, context) => {
      if (context) write((list) => restoreUnread(list, context.changed));
      alertError(error);
    },
  });

  const remove = useMutation({
    mutationFn: deleteNotification,
    onMutate: async (id: number) => {
      await settle();
      const { removed } = removeNotification(read(), id);
      write((list) => removeNotification(list, id).list);
      return { removed };
    },
    onError: (error, _id, context) => {
      const removed = context?.removed;
      if (removed) write((list) => reinsertNotification(list, removed.item, removed.index));
      alertError(error);
    },
  });

  return {
    markRead: (id: number) => markRead.mutate(id),
    markAllRead: () => markAllRead.mutate(),
    remove: (id: number) => remove.mutate(id),
  };
}

export type NotificationActions = ReturnType<typeof useNotificationActions>;
