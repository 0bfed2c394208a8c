import type { DashboardResponse } from "@dsbot/protocol";
import { act, screen, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { queryClient } from "@/lib/query-client";
import { dispatchRealtimeMessage } from "@/lib/realtime-dispatcher";
import { useSession } from "@/lib/session";
import { json, mockFetch } from "@/test/fetch-mock";
import { plainUser } from "@/test/fixtures";
import { renderApp, signIn } from "@/test/render-app";

function figures(over: Partial<DashboardResponse> = {}): DashboardResponse {
  return {
    bots: { total: 3, byStatus: { online: 2, offline: 1, paused: 0, starting: 0, stopping: 0 } },
    nextAttacks: [
      { id: 5, planId: 7, planName: "Demo-Offensive", type: "attack", from: "526|510", to: "530|512", attackerName: "Kalle", sendTime: Date.now() + 125_000, arrivalTime: Date.now() + 3_600_000 },
    ],
    incomings: { count: 4, nobles: 2, nextArrival: Date.now() + 600_000 },
    unreadNotifications: 3,
    openTabRequests: 1,
    troops: { villages: 3, population: 40_000, offPopulation: 17_250, defPopulation: 19_000 },
    ...over,
  };
}

function setup(initial: DashboardResponse, firstSession = false) {
  let current = initial;
  mockFetch({
    "GET /api/client-config": () => json(200, { apiBases: {}, version: "0.1.0" }),
    "GET /api/auth/me": () => json(200, { user: plainUser }),
    "GET /api/dsbot": () => json(200, { dsbots: [], totals: 0 }),
    "GET /api/dashboard": () => json(200, { ...current, firstSession }),
  });
  signIn(plainUser);
  return { set: (next: DashboardResponse) => (current = next) };
}

afterEach(() => {
  useSession.setState({ token: null, user: null });
  queryClient.clear();
  toast.dismiss();
});

describe("Dashboard", { timeout: 30_000 }, () => {
  it("shows every card's figures with a link onward, and updates live", async () => {
    const { set } = setup(figures());
    renderApp("/dashboard");
    const bots = await screen.findByRole("region", { name: "Bots" });
    expect(within(bots).getByText("3 Bots")).toBeInTheDocument();
    expect(within(bots).getByText("Online 2")).toBeInTheDocument();
    expect(within(bots).getByRole("link", { name: "Bots: Öffnen" })).toHaveAttribute("href", "/bots");
    const attacks = screen.getByRole("region", { name: "Nächste Angriffe" });
    expect(within(attacks).getByRole("link", { name: "Angriff 526|510 → 530|512" })).toHaveAttribute("href", "/attack-plans/7");
    expect(within(attacks).getByLabelText(/^Abschicken in 0:02:0\d$/)).toBeInTheDocument();
    const incomings = screen.getByRole("region", { name: "Eingehende Angriffe" });
    expect(within(incomings).getByText("4 Angriffe unterwegs")).toBeInTheDocument();
    expect(within(incomings).getByText("2 Adelungen")).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Truppen" })).getByText("17.250")).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Tab Anfragen" })).getByText("1 offen")).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Benachrichtigungen" })).getByText("3 ungelesen")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Erste Schritte" })).not.toBeInTheDocument();

    set(figures({ incomings: { count: 5, nobles: 3, nextArrival: Date.now() + 60_000 } }));
    act(() => dispatchRealtimeMessage({ type: "incomings-updated", data: { dsbotId: 1 } }));
    expect(await within(incomings).findByText("5 Angriffe unterwegs")).toBeInTheDocument();
  });

  it.each([
    [true, `Willkommen, ${plainUser.username}!`],
    [false, `Willkommen zurück, ${plainUser.username}!`],
  ])("greets by the server's word on the first sign-in (firstSession %s): %s", async (firstSession, greeting) => {
    setup(figures(), firstSession);
    renderApp("/dashboard");
    expect(await screen.findByText(greeting)).toBeInTheDocument();
    expect(screen.queryByText(firstSession ? /^Willkommen zurück/ : /^Willkommen,/)).not.toBeInTheDocument();
  });

  it("gives a new user without bots the first steps, each a link", async () => {
    setup(figures({ bots: { total: 0, byStatus: { online: 0, offline: 0, paused: 0, starting: 0, stopping: 0 } }, nextAttacks: [], incomings: { count: 0, nobles: 0, nextArrival: null } }));
    renderApp("/dashboard");
    const steps = await screen.findByRole("region", { name: "Erste Schritte" });
    // In the order they work: the runner's `bots add` needs the Bot-ID of a bot created first.
    expect(within(steps).getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Bot anlegen", "/bots"],
      ["Dsbot herunterladen", "/downloads?script=dsbot"],
      ["Runner koppeln", "/dsbot-auth"],
      ["Bot eintragen und starten", "/downloads?script=dsbot"],
    ]);
    expect(screen.queryByRole("region", { name: "Bots" })).not.toBeInTheDocument();
    expect(screen.getByText("Kein Angriff zu schicken.")).toBeInTheDocument();
  });
});
