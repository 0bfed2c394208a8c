// The browser's own notifications (the Notification API): switched on per browser (kept in it), they
// show each new notification of the bell as a system notification while the dsbot tab is in the
// background, so a noble train reaches a player who is in the game's tab. Every open dsbot tab may
// show it; one tag per notification lets the system keep one. A click brings the tab to the front on
// the notification's page.
import type { Notification as DsbotNotification } from "@dsbot/protocol";
import { notificationLinkPath } from "@dsbot/protocol";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

export const BROWSER_ALERTS_STORAGE_KEY = "dsbot-browser-alerts";

interface BrowserAlertsState {
  enabled: boolean;
  setEnabled: (enabled: boolean) => void;
}

export const useBrowserAlerts = create<BrowserAlertsState>()(
  persist((set) => ({ enabled: false, setEnabled: (enabled) => set({ enabled }) }), {
    name: BROWSER_ALERTS_STORAGE_KEY,
    storage: createJSONStorage(() => localStorage),
  }),
);

export type BrowserPermission = NotificationPermission | "unsupported";

export function browserPermission(): BrowserPermission {
  return typeof window !== "undefined" && "Notification" in window ? window.Notification.permission : "unsupported";
}

/** Asks the browser (once it asks the player); answers what it allows now. */
export async function requestBrowserPermission(): Promise<BrowserPermission> {
  if (browserPermission() === "unsupported") return "unsupported";
  return window.Notification.requestPermission();
}

/** Shows the notification as the system's, when switched on, allowed and the tab is in the background. */
export function showBrowserNotification(notification: DsbotNotification, open: (path: string) => void): void {
  if (!useBrowserAlerts.getState().enabled || browserPermission() !== "granted" || document.visibilityState !== "hidden") return;
  const shown = new window.Notification(notification.title, { body: notification.message, tag: `dsbot-notification-${notification.id}` });
  shown.onclick = () => {
    window.focus();
    if (notification.link) open(notificationLinkPath(notification.link));
    shown.close();
  };
}
