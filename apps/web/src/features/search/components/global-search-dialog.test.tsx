import type { SearchResponse } from "@dsbot/protocol";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AppProviders } from "@/app/providers";
import { useSession } from "@/lib/session";
import { json, mockFetch } from "@/test/fetch-mock";
import { plainUser } from "@/test/fixtures";
import { SEARCH_DELAY, SEARCH_RESET_DELAY } from "../api/search-api";
import { useRecentSearchesStore } from "../stores/recent-searches-store";
import { useSearchDialog } from "../stores/search-dialog-store";
import { GlobalSearchDialog } from "./global-search-dialog";

const answer: SearchResponse = {
  dsbots: [
    { id: 7, status: "online", dsPlayer: { name: "Kalle" }, world: { server: "die-staemme.de", world: "de230" } },
    { id: 8, status: null, dsPlayer: { name: "Kalli" }, world: { server: "die-staemme.de", world: "de230" } },
  ],
  attackPlans: [],
  downloads: [{ type: "dsbot" }],
};

function renderDialog() {
  const router = createMemoryRouter([{ path: "*", element: <GlobalSearchDialog /> }], { initialEntries: ["/dashboard"] });
  render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

async function typeQuery(value: string) {
  fireEvent.change(screen.getByRole("combobox", { name: "Suche" }), { target: { value } });
  await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY));
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  useSession.setState({ token: "t", user: plainUser });
  useRecentSearchesStore.setState({ byUser: {} });
});
afterEach(() => {
  act(() => useSearchDialog.getState().close());
  vi.useRealTimers();
  vi.restoreAllMocks();
  useSession.setState({ token: null, user: null });
});

describe("GlobalSearchDialog", () => {
  it("toggles with Ctrl+K and focuses the input", async () => {
    renderDialog();
    expect(screen.queryByRole("combobox", { name: "Suche" })).not.toBeInTheDocument();
    fireEvent.keyDown(document.documentElement, { key: "k", ctrlKey: true });
    const input = await screen.findByRole("combobox", { name: "Suche" });
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(input).toHaveFocus();
    expect(screen.getByText("Es wurden noch keine Suchen durchgeführt.")).toBeInTheDocument();
    fireEvent.keyDown(input, { key: "k", ctrlKey: true });
    expect(useSearchDialog.getState().opened).toBe(false);
  });

  it("on macOS both Ctrl+K and ⌘K toggle it, also from inside the input", async () => {
    vi.spyOn(window.navigator, "platform", "get").mockReturnValue("MacIntel");
    vi.spyOn(window.navigator, "userAgent", "get").mockReturnValue("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36");
    renderDialog();
    for (const modifier of [{ ctrlKey: true }, { metaKey: true }]) {
      fireEvent.keyDown(document.documentElement, { key: "k", ...modifier });
      const input = await screen.findByRole("combobox", { name: "Suche" });
      expect(useSearchDialog.getState().opened).toBe(true);
      await act(() => vi.advanceTimersByTimeAsync(50));
      expect(input).toHaveFocus();
      fireEvent.keyDown(input, { key: "K", ...modifier });
      expect(useSearchDialog.getState().opened).toBe(false);
    }
    // Only the K chord: Ctrl or ⌘ with another key leaves it closed.
    fireEvent.keyDown(document.documentElement, { key: "j", ctrlKey: true });
    fireEvent.keyDown(document.documentElement, { key: "k", altKey: true });
    expect(useSearchDialog.getState().opened).toBe(false);
  });

  it("shows the groups with counts, opens a result with the keyboard and records it", async () => {
    mockFetch({ "POST /api/search": () => json(200, answer) });
    const router = renderDialog();
    act(() => useSearchDialog.getState().open());
    await typeQuery("kal");

    expect(screen.getByText("Bots (2)")).toBeInTheDocument();
    expect(screen.getByText("Angriffspläne (0)")).toBeInTheDocument();
    expect(screen.getByText("Es wurden keine Angriffspläne gefunden.")).toBeInTheDocument();
    expect(screen.getByText("Downloads (1)")).toBeInTheDocument();
    const options = screen.getAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["KalleDE230", "KalliDE230", "Dsbot"]);
    expect(options[0]).toHaveAttribute("aria-selected", "true");

    const input = screen.getByRole("combobox", { name: "Suche" });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(options[1]).toHaveAttribute("aria-selected", "true");
    expect(input).toHaveAttribute("aria-activedescendant", options[1]?.id);
    fireEvent.keyDown(input, { key: "ArrowUp" });
    fireEvent.keyDown(input, { key: "ArrowUp" });
    expect(options[2]).toHaveAttribute("aria-selected", "true");
    fireEvent.keyDown(input, { key: "Enter" });

    expect(router.state.location.pathname + router.state.location.search).toBe("/downloads?script=dsbot");
    expect(useSearchDialog.getState().opened).toBe(false);
    const recent = useRecentSearchesStore.getState().byUser[plainUser.id];
    expect(recent).toEqual([expect.objectContaining({ label: "Dsbot", routeLabel: "Downloads", routerLink: { name: "Downloads", query: { script: "dsbot" } } })]);
  });

  it("says so when nothing matched, and clears the query 300 ms after closing", async () => {
    mockFetch({ "POST /api/search": () => json(200, { dsbots: [], attackPlans: [], downloads: [] }) });
    renderDialog();
    act(() => useSearchDialog.getState().open());
    await typeQuery("zzz");
    expect(screen.getByText("Es wurden keine Suchergebnisse gefunden.")).toBeInTheDocument();

    act(() => useSearchDialog.getState().close());
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_RESET_DELAY));
    act(() => useSearchDialog.getState().open());
    expect(await screen.findByRole("combobox", { name: "Suche" })).toHaveValue("");
    expect(screen.getByText("Kürzlich gesucht")).toBeInTheDocument();
  });

  it("lists recent searches with kind and date, opens and deletes them", async () => {
    useRecentSearchesStore.getState().add(plainUser.id, {
      label: "Kalle",
      routeLabel: "Bot",
      routerLink: { name: "DsbotDetail", params: { id: 7 } },
      icon: "IconRobot",
      date: new Date(Date.UTC(2026, 2, 5, 8, 7)).toISOString(), // 09:07 server time (Berlin, CET)
    });
    const router = renderDialog();
    act(() => useSearchDialog.getState().open());
    const option = await screen.findByRole("option", { name: /Kalle/ });
    expect(within(option).getByText("Bot")).toBeInTheDocument();
    expect(within(option).getByText("05.03.2026 09:07")).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Suche entfernen" }));
    expect(screen.getByText("Es wurden noch keine Suchen durchgeführt.")).toBeInTheDocument();
    expect(useRecentSearchesStore.getState().byUser[plainUser.id]).toEqual([]);
    expect(router.state.location.pathname).toBe("/dashboard");
  });

  it("closes on a route change", async () => {
    const router = renderDialog();
    act(() => useSearchDialog.getState().open());
    await screen.findByRole("combobox", { name: "Suche" });
    await act(() => router.navigate("/bots"));
    expect(useSearchDialog.getState().opened).toBe(false);
  });
});
