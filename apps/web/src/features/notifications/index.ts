// The public API of the notifications feature: the rest of the app imports it from here.
export { NotificationBell } from "./components/notification-bell";
export { browserPermission, requestBrowserPermission, useBrowserAlerts } from "./browser-notifications";
export type { BrowserPermission } from "./browser-notifications";
