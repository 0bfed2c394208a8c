import type { NotificationListResponse } from "@dsbot/protocol";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAlertStore } from "@/lib/alerts";
import { dispatchRealtimeMessage, notifyRealtimeConnected, resetRealtimeHandlers } from "@/lib/realtime-dispatcher";
import { useSession } from "@/lib/session";
import { plainUser } from "@/test/fixtures";
import { registerNotificationRealtimeHandlers } from "./notification-realtime";
import { notificationsQueryOptions } from "./notifications-api";

let client: QueryClient;
const key = notificationsQueryOptions(plainUser.id).queryKey;
const notification = { id: 9, title: "Neu", message: "Hallo", read: false, createdAt: "2026-03-01T10:00:00.000Z" };

beforeEach(() => {
  client = new QueryClient();
  useSession.setState({ token: "t", user: plainUser });
  useAlertStore.setState({ alerts: [] });
  registerNotificationRealtimeHandlers(client);
});
afterEach(() => {
  resetRealtimeHandlers();
  useSession.setState({ token: null, user: null });
});

describe("notification realtime", () => {
  it("adds a created notification on top and shows the info alert", () => {
    client.setQueryData<NotificationListResponse>(key, { notifications: [{ ...notification, id: 1, read: true }] });
    dispatchRealtimeMessage({ type: "notification-created", data: { notification } });
    expect(client.getQueryData<NotificationListResponse>(key)?.notifications.map((n) => n.id)).toEqual([9, 1]);
    expect(useAlertStore.getState().alerts.map((a) => `${a.variant}:${a.message}`)).toEqual(["info:Du hast neue Benachrichtigungen"]);
  });

  it("does not add the same notification twice", () => {
    client.setQueryData<NotificationListResponse>(key, { notifications: [notification] });
    dispatchRealtimeMessage({ type: "notification-created", data: { notification } });
    expect(client.getQueryData<NotificationListResponse>(key)?.notifications).toHaveLength(1);
  });

  it("an updated notification (same id, new text) replaces the listed one on top; many pushes show one alert", () => {
    client.setQueryData<NotificationListResponse>(key, { notifications: [notification, { ...notification, id: 1, read: true }] });
    for (const message of ["Bearbeiten", "Nur ansehen", "Bearbeiten"]) {
      dispatchRealtimeMessage({ type: "notification-created", data: { notification: { ...notification, message } } });
    }
    expect(client.getQueryData<NotificationListResponse>(key)?.notifications.map((n) => `${n.id}:${n.message}`)).toEqual(["9:Bearbeiten", "1:Hallo"]);
    expect(useAlertStore.getState().alerts.map((a) => `${a.variant}:${a.message}`)).toEqual(["info:Du hast neue Benachrichtigungen"]);
  });

  it("a list loading while a notification arrives is loaded again, so the older answer does not drop it", async () => {
    let calls = 0;
    let releaseFirst: (() => void) | undefined;
    // The first load was read before the notification existed and answers only after it arrived.
    const queryFn = () => {
      calls++;
      if (calls === 1) return new Promise<NotificationListResponse>((resolve) => (releaseFirst = () => resolve({ notifications: [] })));
      return Promise.resolve<NotificationListResponse>({ notifications: [notification] });
    };
    const observer = new QueryObserver(client, { queryKey: key, queryFn });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(releaseFirst).toBeDefined());
    dispatchRealtimeMessage({ type: "notification-created", data: { notification } });
    releaseFirst?.();
    await vi.waitFor(() => expect(client.getQueryData<NotificationListResponse>(key)?.notifications.map((n) => n.id)).toEqual([9]));
    unsubscribe();
  });

  it("ignores malformed data", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    dispatchRealtimeMessage({ type: "notification-created", data: { nope: true } });
    expect(warn).toHaveBeenCalled();
    expect(useAlertStore.getState().alerts).toEqual([]);
  });

  it("refetches the list on every reconnect", async () => {
    client.setQueryData<NotificationListResponse>(key, { notifications: [] });
    const spy = vi.spyOn(client, "invalidateQueries");
    notifyRealtimeConnected();
    expect(spy).toHaveBeenCalledWith({ queryKey: ["user-notifications"] });
  });
});
