import type { Notification } from "@dsbot/protocol";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "@/lib/query-client";
import { useSession } from "@/lib/session";
import { json, mockFetch } from "@/test/fetch-mock";
import { plainUser } from "@/test/fixtures";
import { renderUi } from "@/test/render-ui";
import { NotificationBell } from "./notification-bell";

const make = (id: number, read: boolean): Notification => ({ id, title: `Meldung ${id}`, message: `Text ${id}`, read, createdAt: "2026-03-01T10:00:00.000Z" });

beforeEach(() => useSession.setState({ token: "t", user: plainUser }));
afterEach(() => {
  queryClient.clear();
  useSession.setState({ token: null, user: null });
  vi.unstubAllGlobals();
});

describe("NotificationBell", () => {
  it("loads the list, shows the unread count on the badge and in the title", async () => {
    mockFetch({ "GET /api/user-notifications": () => json(200, { notifications: [make(3, false), make(2, false), make(1, true)] }) });
    renderUi(<NotificationBell />);
    const bell = await screen.findByRole("button", { name: "Benachrichtigungen, 2 ungelesen" });
    fireEvent.click(bell);
    const menu = await screen.findByRole("dialog", { name: "Benachrichtigungen (2)" });
    expect(within(menu).getAllByTestId("notification-item")).toHaveLength(3);
    expect(within(menu).getByRole("button", { name: "Alle als gelesen markieren" })).toBeEnabled();
  });

  it("has no badge and says so when there are none", async () => {
    mockFetch({ "GET /api/user-notifications": () => json(200, { notifications: [] }) });
    renderUi(<NotificationBell />);
    fireEvent.click(screen.getByRole("button", { name: "Benachrichtigungen" }));
    expect(await screen.findByText("Keine Benachrichtigungen vorhanden")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Benachrichtigungen (0)" })).toBeInTheDocument();
    expect(screen.getByTestId("notification-badge").querySelector(".mantine-Indicator-indicator")).toBeNull();
  });

  it("closes on Escape and gives way to the search (Ctrl+K), wherever the focus is", async () => {
    mockFetch({ "GET /api/user-notifications": () => json(200, { notifications: [make(1, false)] }) });
    renderUi(<NotificationBell />);
    const bell = await screen.findByRole("button", { name: "Benachrichtigungen, 1 ungelesen" });
    fireEvent.click(bell);
    expect(await screen.findByRole("dialog", { name: "Benachrichtigungen (1)" })).toBeInTheDocument();
    fireEvent.keyDown(window, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Benachrichtigungen (1)" })).toBeNull());
    // The first click loaded the popup, which mounted the bell anew.
    fireEvent.click(screen.getByRole("button", { name: "Benachrichtigungen, 1 ungelesen" }));
    expect(await screen.findByRole("dialog", { name: "Benachrichtigungen (1)" })).toBeInTheDocument();
    fireEvent.keyDown(window, { key: "k", ctrlKey: true });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Benachrichtigungen (1)" })).toBeNull());
  });
});
