// Notifications of the signed-in user. Placeholder until the notifications issue wires
// GET /api/user-notifications and the `notification-created` event: there are none yet, nothing fake.
export interface NotificationItem {
  id: number;
  title: string;
  message: string;
  read: boolean;
}

export interface NotificationsState {
  notifications: NotificationItem[];
  unread: number;
}

const EMPTY: NotificationsState = { notifications: [], unread: 0 };

export function useNotifications(): NotificationsState {
  return EMPTY;
}
