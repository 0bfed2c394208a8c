import type { TabRequest } from "@dsbot/protocol";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { queryClient } from "@/lib/query-client";
import { dispatchRealtimeMessage } from "@/lib/realtime-dispatcher";
import { useSession } from "@/lib/session";
import { json, mockFetch } from "@/test/fetch-mock";
import { plainUser } from "@/test/fixtures";
import { renderApp, signIn } from "@/test/render-app";

const inTenMinutes = () => Date.now() + 10 * 60_000 + 5_000;

function attackRequest(id: number, sendTime = inTenMinutes()): TabRequest {
  return {
    id,
    kind: "attack",
    dsbot: null,
    attack: {
      id: 100 + id,
      planId: 7,
      planName: "Offensive Süd",
      type: "conquer",
      from: "500|500",
      to: "503|504",
      units: { axe: 100, snob: 1 },
      sendTime,
      arrivalTime: sendTime + 3_600_000,
    },
    reason: null,
    message: "Kein laufender Bot kann diesen Angriff schicken. Bitte schicke ihn selbst.",
    cause: "Kein laufender Bot kann diesen Angriff schicken.",
    url: "https://de230.die-staemme.de/game.php?village=5&screen=place&target=9&axe=100&snob=1",
    createdAt: new Date().toISOString(),
    doneAt: null,
  };
}

function setup(initial: TabRequest[]) {
  let requests = initial;
  const done: number[] = [];
  mockFetch({
    "GET /api/client-config": () => json(200, { apiBases: {}, version: "0.1.0" }),
    "GET /api/auth/me": () => json(200, { user: plainUser }),
    "GET /api/dsbot": () => json(200, { dsbots: [], totals: 0 }),
    "GET /api/tab-requests": ({ url }) => {
      const listed = url.searchParams.get("done") === "true" ? requests : requests.filter((r) => r.doneAt === null);
      return json(200, { tabRequests: listed, totals: listed.length });
    },
    "POST /api/tab-requests/1/done": () => {
      done.push(1);
      const doneAt = new Date().toISOString();
      requests = requests.map((r) => (r.id === 1 ? { ...r, doneAt } : r));
      return json(200, { tabRequest: { ...initial[0], doneAt } });
    },
  });
  signIn(plainUser);
  /** The server closed the request (its attack expired). */
  const close = (id: number) => {
    requests = requests.map((r) => (r.id === id ? { ...r, doneAt: new Date().toISOString() } : r));
  };
  return { done, close };
}

afterEach(() => {
  useSession.setState({ token: null, user: null });
  queryClient.clear();
  toast.dismiss();
});

describe("Tab Anfragen", { timeout: 30_000 }, () => {
  it("shows an attack request with its countdown, the rally-point link and Erledigt", async () => {
    const user = userEvent.setup();
    const { done } = setup([attackRequest(1)]);
    renderApp("/tab-requests");
    const card = await screen.findByTestId("tab-request");
    expect(within(card).getByText("500|500 → 503|504")).toBeInTheDocument();
    // The attack's type names the request once (not "Angriff" beside "Adelung").
    expect(within(card).getByText("Adelung")).toBeInTheDocument();
    expect(within(card).queryByText("Angriff")).not.toBeInTheDocument();
    expect(within(card).getByText("100 Axtkämpfer, 1 Adelsgeschlecht")).toBeInTheDocument();
    expect(within(card).getByTestId("tab-request-countdown")).toHaveTextContent(/^Abschicken in 0:10:0\d$/);
    const link = within(card).getByRole("link", { name: "Tab öffnen" });
    expect(link).toHaveAttribute("href", "https://de230.die-staemme.de/game.php?village=5&screen=place&target=9&axe=100&snob=1");
    expect(link).toHaveAttribute("target", "_blank");

    await user.click(within(card).getByRole("button", { name: "Erledigt" }));
    await waitFor(() => expect(done).toEqual([1]));
    await waitFor(() => expect(screen.queryByTestId("tab-request")).not.toBeInTheDocument());
    expect(await screen.findByText("Keine offenen Tab-Anfragen")).toBeInTheDocument();
  });

  it("a failed send's request says what is missing and, its send time past, that it cannot land as planned", async () => {
    const failed: TabRequest = {
      ...attackRequest(4, Date.now() - 2_000),
      dsbot: { id: 3, dsPlayer: { name: "Kalle" } },
      // As the server answered it while the send time was still ahead: the page follows its own clock.
      message: "Der Bot konnte den Angriff nicht schicken: Nicht genügend Einheiten in 500|500: Axtkämpfer (20 fehlen). Bitte schicke ihn selbst.",
      cause: "Der Bot konnte den Angriff nicht schicken: Nicht genügend Einheiten in 500|500: Axtkämpfer (20 fehlen).",
    };
    setup([failed, attackRequest(1)]);
    renderApp("/tab-requests");
    const [past, ahead] = await screen.findAllByTestId("tab-request");
    expect(within(past!).getByTestId("tab-request-message")).toHaveTextContent(
      "Der Bot konnte den Angriff nicht schicken: Nicht genügend Einheiten in 500|500: Axtkämpfer (20 fehlen). Die Abschickzeit ist vorbei – der Angriff kann nicht mehr wie geplant ankommen.",
    );
    expect(within(past!).queryByText(/Bitte schicke ihn selbst/)).not.toBeInTheDocument();
    expect(within(ahead!).getByTestId("tab-request-message")).toHaveTextContent("Kein laufender Bot kann diesen Angriff schicken. Bitte schicke ihn selbst.");
  });

  it("adds a live request marked as new, without the alert while on this page", async () => {
    setup([]);
    renderApp("/tab-requests");
    await screen.findByText("Keine offenen Tab-Anfragen");
    act(() => dispatchRealtimeMessage({ type: "addTabRequest", data: { tabRequest: attackRequest(2) } }));
    const card = await screen.findByTestId("tab-request");
    expect(card).toHaveAttribute("data-added", "true");
    expect(screen.queryByText("Neue Tab-Anfrage!")).not.toBeInTheDocument();
  });

  it("drops a request from the open list once its attack expired (the server closed it)", async () => {
    const { close } = setup([attackRequest(1), attackRequest(2)]);
    renderApp("/tab-requests");
    expect(await screen.findAllByTestId("tab-request")).toHaveLength(2);
    close(1);
    // Another attack's change, or one still to be sent, is not this page's business.
    act(() => dispatchRealtimeMessage({ type: "attacks-updated", data: { planId: 7, attacks: [{ id: 999, status: "expired", error: null, dsbotId: null, realArrivalTime: null }] } }));
    act(() => dispatchRealtimeMessage({ type: "attacks-updated", data: { planId: 7, attacks: [{ id: 101, status: "due", error: null, dsbotId: null, realArrivalTime: null }] } }));
    expect(screen.getAllByTestId("tab-request")).toHaveLength(2);
    act(() => dispatchRealtimeMessage({ type: "attacks-updated", data: { planId: 7, attacks: [{ id: 101, status: "expired", error: null, dsbotId: null, realArrivalTime: null }] } }));
    await waitFor(() => expect(screen.getAllByTestId("tab-request")).toHaveLength(1));
  });

  it("raises 'Neue Tab-Anfrage!' anywhere else", async () => {
    setup([]);
    renderApp("/dashboard");
    await screen.findByRole("heading", { name: "Dashboard" });
    // The wiring loads lazily with the signed-in shell.
    await waitFor(() => {
      dispatchRealtimeMessage({ type: "addTabRequest", data: { tabRequest: attackRequest(3) } });
      expect(screen.getByText("Neue Tab-Anfrage!")).toBeInTheDocument();
    });
  });
});
