import type { Notification, NotificationListResponse } from "@dsbot/protocol";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAlertStore } from "@/lib/alerts";
import { apiError, json, mockFetch } from "@/test/fetch-mock";
import { notificationsQueryOptions } from "./notifications-api";
import { useNotificationActions } from "./use-notification-actions";

const USER = 2;
const make = (id: number, read = false): Notification => ({ id, title: `T${id}`, message: `M${id}`, read, createdAt: "2026-03-01T10:00:00.000Z" });

let client: QueryClient;
const key = notificationsQueryOptions(USER).queryKey;
const list = () => client.getQueryData<NotificationListResponse>(key)?.notifications ?? [];
const danger = () => useAlertStore.getState().alerts.filter((a) => a.variant === "danger").map((a) => a.message);

function setup() {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useNotificationActions(USER), { wrapper }).result;
}

/** A server answer the test releases by hand, to look at the UI state in between. */
function deferred() {
  let release: (r: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { promise, release };
}

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  client.setQueryData<NotificationListResponse>(key, { notifications: [make(3), make(2), make(1, true)] });
  useAlertStore.setState({ alerts: [] });
});
afterEach(() => vi.unstubAllGlobals());

describe("useNotificationActions", () => {
  it("marks one read at once, before the server answers", async () => {
    const answer = deferred();
    const fetch = mockFetch({ "POST /api/user-notifications/3/mark-as-read": () => answer.promise });
    const actions = setup();
    act(() => actions.current.markRead(3));
    await waitFor(() => expect(list().find((n) => n.id === 3)?.read).toBe(true));
    expect(fetch).toHaveBeenCalledTimes(1);
    answer.release(json(200, { notification: make(3, true) }));
    await waitFor(() => expect(list().map((n) => n.read)).toEqual([true, false, true]));
  });

  it("rolls a failed mark-read back and shows the server's message", async () => {
    mockFetch({ "POST /api/user-notifications/3/mark-as-read": () => apiError(404, "not_found", "Die Benachrichtigung wurde nicht gefunden.") });
    const actions = setup();
    act(() => actions.current.markRead(3));
    await waitFor(() => expect(danger()).toEqual(["Die Benachrichtigung wurde nicht gefunden."]));
    expect(list().map((n) => n.read)).toEqual([false, false, true]);
  });

  it("marks all read at once and restores exactly the unread ones on failure", async () => {
    const answer = deferred();
    mockFetch({ "POST /api/user-notifications/mark-as-read": () => answer.promise });
    const actions = setup();
    act(() => actions.current.markAllRead());
    await waitFor(() => expect(list().every((n) => n.read)).toBe(true));
    answer.release(apiError(500, "internal", "Interner Fehler."));
    await waitFor(() => expect(list().map((n) => n.read)).toEqual([false, false, true]));
    expect(danger()).toEqual(["Interner Fehler."]);
  });

  it("removes at once and puts it back in place when the server refuses", async () => {
    const answer = deferred();
    mockFetch({ "DELETE /api/user-notifications/2": () => answer.promise });
    const actions = setup();
    act(() => actions.current.remove(2));
    await waitFor(() => expect(list().map((n) => n.id)).toEqual([3, 1]));
    answer.release(apiError(403, "forbidden", "Dafür fehlt dir die Berechtigung."));
    await waitFor(() => expect(list().map((n) => n.id)).toEqual([3, 2, 1]));
    expect(danger()).toEqual(["Dafür fehlt dir die Berechtigung."]);
  });

  it("keeps a successful removal", async () => {
    mockFetch({ "DELETE /api/user-notifications/2": () => new Response(null, { status: 204 }) });
    const actions = setup();
    act(() => actions.current.remove(2));
    await waitFor(() => expect(list().map((n) => n.id)).toEqual([3, 1]));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(list().map((n) => n.id)).toEqual([3, 1]);
    expect(danger()).toEqual([]);
  });
});
