// The module's front door: what other server code may use of it. Everything else is internal.
import type { ServerModule } from "../../platform/server-module.js";
import { notificationsRoutes } from "./notifications.routes.js";
export { notificationTexts } from "./notification-texts.js";
export type { DailyReportFigures } from "./notification-texts.js";
export { insertNotifications } from "./notifications.service.js";
export { notificationLinks, notificationTopics, notify } from "./notify.js";
export type { NotificationContent, NotifyContext } from "./notify.js";

/** Registered by app.ts: the routes and the bot socket events of this module. */
export const notificationsModule: ServerModule = {
  name: "notifications",
  routes: [notificationsRoutes],
};
