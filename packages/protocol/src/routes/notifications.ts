// The routes of notifications.
import type { NotificationCreate, NotificationListResponse, NotificationMarkAllResponse, NotificationResponse } from "../notifications.js";
import { del, get, post } from "./route.js";

export const notificationRoutes = {
  list: get("/api/user-notifications").returns<NotificationListResponse>(),
  /** For the caller, or (admins) for the user `userId`. */
  create: post("/api/user-notifications").body<NotificationCreate>().returns<NotificationResponse>(),
  markAllRead: post("/api/user-notifications/mark-as-read").returns<NotificationMarkAllResponse>(),
  markRead: post("/api/user-notifications/:id/mark-as-read").returns<NotificationResponse>(),
  remove: del("/api/user-notifications/:id"),
};
