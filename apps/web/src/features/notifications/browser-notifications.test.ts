// The browser's own notifications: shown for a new notification only when switched on, allowed by the
// browser and the tab is in the background; one tag per notification; a click opens its page.
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dispatchRealtimeMessage, resetRealtimeHandlers } from "@/lib/realtime-dispatcher";
import { useSession } from "@/lib/session";
import { plainUser } from "@/test/fixtures";
import { registerNotificationRealtimeHandlers } from "./api/notification-realtime";
import { useBrowserAlerts } from "./browser-notifications";

/** The browser's Notification API as far as dsbot uses it (jsdom has none). */
class FakeNotification {
  static permission: NotificationPermission = "granted";
  static shown: FakeNotification[] = [];
  onclick: (() => void) | null = null;
  closed = false;
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    FakeNotification.shown.push(this);
  }
  close() {
    this.closed = true;
  }
}

const noble = { id: 31, title: "Adelung erkannt", message: "Auf dein Dorf Alpha (500|500) läuft ein Angriff mit Adelsgeschlecht …", read: false, createdAt: "2026-11-30T10:00:00.000Z", link: { kind: "incoming" as const, incomingId: 5 } };
let visibility: DocumentVisibilityState = "hidden";
const opened: string[] = [];

beforeEach(() => {
  FakeNotification.shown = [];
  FakeNotification.permission = "granted";
  opened.length = 0;
  visibility = "hidden";
  Object.defineProperty(window, "Notification", { value: FakeNotification, configurable: true, writable: true });
  Object.defineProperty(document, "visibilityState", { get: () => visibility, configurable: true });
  useSession.setState({ token: "t", user: plainUser });
  useBrowserAlerts.setState({ enabled: true });
  registerNotificationRealtimeHandlers(new QueryClient(), (path) => opened.push(path));
});
afterEach(() => {
  resetRealtimeHandlers();
  useBrowserAlerts.setState({ enabled: false });
  Reflect.deleteProperty(window, "Notification");
  useSession.setState({ token: null, user: null });
});

describe("browser notifications", () => {
  it("shows a new notification as the system's while the tab is in the background; a click opens its page", () => {
    dispatchRealtimeMessage({ type: "notification-created", data: { notification: noble } });
    expect(FakeNotification.shown.map((n) => [n.title, n.options.body, n.options.tag])).toEqual([["Adelung erkannt", noble.message, "dsbot-notification-31"]]);
    FakeNotification.shown[0]!.onclick?.();
    expect(opened).toEqual(["/incomings"]);
    expect(FakeNotification.shown[0]!.closed).toBe(true);
  });

  it("shows nothing in the front tab, when switched off, or when the browser does not allow it", () => {
    visibility = "visible";
    dispatchRealtimeMessage({ type: "notification-created", data: { notification: noble } });
    visibility = "hidden";
    useBrowserAlerts.setState({ enabled: false });
    dispatchRealtimeMessage({ type: "notification-created", data: { notification: noble } });
    useBrowserAlerts.setState({ enabled: true });
    FakeNotification.permission = "denied";
    dispatchRealtimeMessage({ type: "notification-created", data: { notification: noble } });
    expect(FakeNotification.shown).toEqual([]);
  });
});
