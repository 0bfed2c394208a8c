import type { RunnerListItem } from "@dsbot/protocol";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { queryClient } from "@/lib/query-client";
import { useSession } from "@/lib/session";
import { json, mockFetch, type FetchHandler } from "@/test/fetch-mock";
import { adminUser, plainUser } from "@/test/fixtures";
import { renderApp, signIn } from "@/test/render-app";

const laptop: RunnerListItem = { id: 7, name: "Laptop", scope: "runner", createdAt: "2026-11-20T10:00:00.000Z", lastSeenAt: "2026-11-23T09:30:00.000Z", connected: true };
const tower: RunnerListItem = { id: 8, name: "Tower", scope: "runner", createdAt: "2026-11-21T10:00:00.000Z", lastSeenAt: null, connected: false };
const session = {
  id: 31,
  userAgent: "Mozilla/5.0 (Windows NT 10.0) Chrome/120.0",
  ip: "10.0.0.2",
  createdAt: "2026-11-20T10:00:00.000Z",
  lastUsedAt: "2026-11-23T09:00:00.000Z",
  expiresAt: "2026-12-20T10:00:00.000Z",
  current: false,
};
const phone = { ...session, id: 32, userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile Safari/604.1" };

/** The detail of user 2 answers the current runners and sessions, so refetches show what changed. */
function setup(extra: (state: { runners: RunnerListItem[]; sessions: (typeof session)[] }) => Record<string, FetchHandler> = () => ({})) {
  const state = { runners: [laptop, tower], sessions: [session, phone] };
  let detailCalls = 0;
  const requests: string[] = [];
  mockFetch({
    "GET /api/client-config": () => json(200, { apiBases: {}, version: "0.1.0" }),
    "GET /api/auth/me": () => json(200, { user: adminUser }),
    "GET /api/users/2": () => {
      detailCalls++;
      return json(200, { user: plainUser, sessions: state.sessions, runners: state.runners });
    },
    "DELETE /api/users/2/runners/7": ({ url }) => {
      requests.push(`DELETE ${url.pathname}`);
      state.runners = state.runners.filter((r) => r.id !== 7);
      return new Response(null, { status: 204 });
    },
    "DELETE /api/users/2/sessions": ({ url }) => {
      requests.push(`DELETE ${url.pathname}`);
      const answer = { revoked: state.sessions.length, revokedRunners: state.runners.length };
      state.sessions = [];
      state.runners = [];
      return json(200, answer);
    },
    ...extra(state),
  });
  signIn(adminUser);
  return { requests, detailCalls: () => detailCalls };
}

afterEach(() => {
  useSession.setState({ token: null, user: null });
  queryClient.clear();
  toast.dismiss();
});

describe("User detail runners", { timeout: 60_000 }, () => {
  it("lists the user's runners and revokes one after confirmation, then refetches the detail", async () => {
    const user = userEvent.setup();
    const { requests, detailCalls } = setup();
    renderApp("/users/2");
    const table = await screen.findByRole("table", { name: "Runner des Benutzers" });
    expect(screen.getByText("Runner (2)")).toBeInTheDocument();
    expect(within(table).getByText("Laptop")).toBeInTheDocument();
    expect(within(table).getByText("Tower")).toBeInTheDocument();
    expect(within(table).getByText("Online")).toBeInTheDocument();
    expect(within(table).getByText("Nie")).toBeInTheDocument();
    const before = detailCalls();

    await user.click(within(table).getByRole("button", { name: "Runner Laptop widerrufen" }));
    const dialog = await screen.findByRole("dialog", { name: "Runner widerrufen" });
    expect(dialog).toHaveTextContent('Der Runner "Laptop" von demo verliert den Zugriff');
    await user.click(within(dialog).getByRole("button", { name: "Widerrufen" }));

    await waitFor(() => expect(requests).toEqual(["DELETE /api/users/2/runners/7"]));
    expect(await screen.findByText('Der Runner "Laptop" wurde widerrufen.')).toBeInTheDocument();
    await waitFor(() => expect(detailCalls()).toBeGreaterThan(before));
    expect(await screen.findByText("Runner (1)")).toBeInTheDocument();
    expect(within(table).queryByText("Laptop")).not.toBeInTheDocument();
  });

  it("says so when the user has no runners", async () => {
    setup((state) => {
      state.runners = [];
      return {};
    });
    renderApp("/users/2");
    expect(await screen.findByText("Dieser Benutzer hat keinen Runner verbunden.")).toBeInTheDocument();
    expect(screen.getByText("Runner (0)")).toBeInTheDocument();
  });
});

describe("User detail revoke sessions", { timeout: 60_000 }, () => {
  it("warns that the runners are signed out too and reports both counts", async () => {
    const user = userEvent.setup();
    const { requests } = setup((state) => {
      state.runners = [laptop];
      return {};
    });
    renderApp("/users/2");
    await screen.findByRole("table", { name: "Runner des Benutzers" });

    await user.click(screen.getByRole("button", { name: "Alle Sitzungen beenden" }));
    const dialog = await screen.findByRole("dialog", { name: "Sitzungen beenden" });
    expect(dialog).toHaveTextContent("Auch seine Runner werden abgemeldet und müssen danach neu verbunden werden.");
    await user.click(within(dialog).getByRole("button", { name: "Beenden" }));

    await waitFor(() => expect(requests).toEqual(["DELETE /api/users/2/sessions"]));
    expect(await screen.findByText("2 Sitzungen und 1 Runner abgemeldet.")).toBeInTheDocument();
    // The detail is loaded again: the runner list is empty now.
    expect(await screen.findByText("Dieser Benutzer hat keinen Runner verbunden.")).toBeInTheDocument();
    expect(screen.queryByRole("table", { name: "Runner des Benutzers" })).not.toBeInTheDocument();
  });

  it("can sign out a user who only has runners", async () => {
    const user = userEvent.setup();
    const { requests } = setup((state) => {
      state.sessions = [];
      state.runners = [tower];
      return {};
    });
    renderApp("/users/2");
    await screen.findByRole("table", { name: "Runner des Benutzers" });
    await user.click(screen.getByRole("button", { name: "Alle Sitzungen beenden" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Sitzungen beenden" })).getByRole("button", { name: "Beenden" }));
    await waitFor(() => expect(requests).toEqual(["DELETE /api/users/2/sessions"]));
    expect(await screen.findByText("0 Sitzungen und 1 Runner abgemeldet.")).toBeInTheDocument();
  });
});
