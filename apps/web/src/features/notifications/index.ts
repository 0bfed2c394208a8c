// The public API of the notifications feature: the rest of the app imports it from here.
export { NotificationBell } from "./components/notification-bell";
