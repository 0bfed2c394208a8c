// Verteidigung planen on a tribe's page: a lead previews and saves the supports of an open request
// (ticking a village under attack asks again), the request then shows its closed loop (asked, planned,
// sent, arrived, the supports' states), a member sees their own part as "Meine Befehle" and no planning,
// and a landed request is listed with what arrived in time.
import type { TribeDefencePlanInput, TribeDefenceResponse, TribeDetail, User } from "@dsbot/protocol";
import { tribeDefenceMessages } from "@dsbot/protocol";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { queryClient } from "@/lib/query-client";
import { useSession } from "@/lib/session";
import { apiError } from "@/test/fetch-mock";
import { plainUser } from "@/test/fixtures";
import { renderApp } from "@/test/render-app";
import { makeSupport, makeTribeRequest } from "../test/tribe-request-fixtures";
import { makeMember, makeTribe, tribeServer } from "../test/tribe-server";

afterEach(() => {
  useSession.setState({ token: null, user: null });
  queryClient.clear();
  toast.dismiss();
});

const bert: User = { ...plainUser, id: 4, username: "bert" };

function tribe(): TribeDetail {
  return makeTribe({
    id: 5,
    members: [makeMember({ userId: 2, username: "demo", role: "leader" }), makeMember({ userId: 3, username: "anna" }), makeMember({ userId: 4, username: "bert" })],
  });
}

function preview(body: TribeDefencePlanInput): TribeDefenceResponse {
  const fromEpsilon = body.includeVillageIds?.includes(7);
  return {
    supports: [makeSupport(body.save ? 61 : null, fromEpsilon ? { source: { id: 7, name: "Epsilon", coordinates: "505|505" } } : {})],
    underAttack: fromEpsilon ? [] : [{ id: 7, name: "Epsilon", coordinates: "505|505", member: "bert" }],
    requested: 2000,
    covered: 1200,
    missing: 2000,
    saved: body.save,
  };
}

describe("Stamm: Verteidigung planen", { timeout: 30_000 }, () => {
  it("a lead previews, ticks a village under attack, saves, and the request shows its supports", async () => {
    const user = userEvent.setup();
    const server = tribeServer(plainUser, [tribe()], { requests: [makeTribeRequest(1)], plan: (_id, body) => preview(body) });
    renderApp("/tribe");
    const requests = await screen.findByRole("list", { name: "Offene Anfragen" });
    const progress = within(requests).getByRole("group", { name: "Stand der Anfrage für Annas Burg (500|500)" });
    expect(within(progress).getByText("Es fehlen noch 2.000 Einwohner.")).toBeInTheDocument();
    await user.click(within(requests).getByRole("button", { name: "Verteidigung für 500|500 planen" }));

    const dialog = await screen.findByRole("dialog", { name: "Verteidigung planen" });
    expect(await within(dialog).findByText("Deckt 1.200 Einwohner von 2.000 Einwohner.")).toBeInTheDocument();
    const table = within(dialog).getByRole("table", { name: "Geplante Unterstützungen für 500|500" });
    expect(within(table).getByText("Gamma (510|490)")).toBeInTheDocument();
    expect(within(table).getByText("1.000 Speerträger, 200 Schwertkämpfer")).toBeInTheDocument();
    expect(server.bodiesOf("POST /api/tribes/5/requests/1/plan")).toEqual([{ save: false, includeVillageIds: [] }]);

    await user.click(within(dialog).getByRole("checkbox", { name: "Epsilon (505|505) · bert" }));
    await waitFor(() => expect(within(dialog).getByText("Epsilon (505|505)")).toBeInTheDocument());
    expect(within(dialog).getByRole("checkbox", { name: "Epsilon (505|505) · bert" })).toBeChecked();
    expect(server.bodiesOf("POST /api/tribes/5/requests/1/plan").at(-1)).toEqual({ save: false, includeVillageIds: [7] });

    await user.click(within(dialog).getByRole("button", { name: "Plan speichern" }));
    expect(await screen.findByText("1 Unterstützung geplant. Laufende Bots der Mitglieder schicken sie, sonst erscheinen sie als Tab-Anfrage.")).toBeInTheDocument();
    expect(server.bodiesOf("POST /api/tribes/5/requests/1/plan").at(-1)).toEqual({ save: true, includeVillageIds: [7] });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Verteidigung planen" })).not.toBeInTheDocument());

    const saved = await screen.findByRole("table", { name: "Geplante Unterstützungen für 500|500" });
    expect(within(saved).getByText("geplant")).toBeInTheDocument();
    const after = screen.getByRole("group", { name: "Stand der Anfrage für Annas Burg (500|500)" });
    expect(within(after).getByText("Es fehlen noch 800 Einwohner.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Verteidigung für 500|500 planen" })).toHaveTextContent("Lücke neu planen");

    // Withdrawing says that the supports not sent yet are called off.
    await user.click(screen.getByRole("button", { name: "Anfrage für 500|500 zurückziehen" }));
    const confirmDialog = await screen.findByRole("dialog", { name: "Anfrage zurückziehen" });
    expect(within(confirmDialog).getByText(/Geplante Unterstützungen, die noch nicht losgeschickt sind, werden abgesagt\.$/)).toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog and saves nothing", async () => {
    const user = userEvent.setup();
    tribeServer(plainUser, [tribe()], { requests: [makeTribeRequest(1)], plan: () => apiError(409, "conflict", tribeDefenceMessages.covered) });
    renderApp("/tribe");
    await user.click(await screen.findByRole("button", { name: "Verteidigung für 500|500 planen" }));
    const dialog = await screen.findByRole("dialog", { name: "Verteidigung planen" });
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(tribeDefenceMessages.covered);
    expect(within(dialog).getByRole("button", { name: "Plan speichern" })).toBeDisabled();
  });

  it("a member sees their own part as Meine Befehle, the supports' states, and no planning", async () => {
    const now = Date.now();
    const request = makeTribeRequest(1, {
      supports: [
        makeSupport(61, { status: "sent", sendAt: now - 3_600_000, arrivalAt: now - 60_000 }),
        makeSupport(62, { status: "sent", sendAt: now - 60_000, arrivalAt: now + 600_000, units: { heavy: 100 } }),
        makeSupport(63, { member: { userId: 2, username: "demo" }, status: "failed", error: "Zu wenige Einheiten" }),
      ],
    });
    tribeServer(bert, [tribe()], { requests: [request] });
    renderApp("/tribe");
    const mine = await screen.findByRole("table", { name: "Meine Befehle" });
    const rows = within(mine).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText("Annas Burg (500|500)")).toBeInTheDocument();
    expect(within(rows[0]!).getByText("angekommen")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("gesendet")).toBeInTheDocument();

    const progress = screen.getByRole("group", { name: "Stand der Anfrage für Annas Burg (500|500)" });
    expect(progress.querySelector("[data-progress=sent]")).toHaveAttribute("data-value", "1800");
    expect(progress.querySelector("[data-progress=arrived]")).toHaveAttribute("data-value", "1200");
    expect(within(progress).getByText("1 Unterstützung zu spät oder fehlgeschlagen")).toBeInTheDocument();
    expect(within(screen.getByRole("table", { name: "Geplante Unterstützungen für 500|500" })).getByText("Zu wenige Einheiten")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Verteidigung für 500|500 planen" })).not.toBeInTheDocument();
  });

  it("a support sent by hand, seen in the village by the target's scan, is angekommen with the scan's time, not its error", async () => {
    const now = Date.now();
    const seen = makeSupport(64, { status: "expired", sendAt: now - 3_600_000, arrivalAt: now - 120_000, seenInVillageAt: now - 60_000, error: "Nicht rechtzeitig gesendet" });
    tribeServer(bert, [tribe()], { requests: [makeTribeRequest(1, { supports: [seen] })] });
    renderApp("/tribe");
    const mine = await screen.findByRole("table", { name: "Meine Befehle" });
    const [row] = within(mine).getAllByRole("row").slice(1);
    expect(within(row!).getByText("angekommen")).toBeInTheDocument();
    expect(within(row!).getByText(/^im Dorf gesehen \(Scan \d\d\.\d\d\.\d\d \d\d:\d\d:\d\d\)$/)).toBeInTheDocument();
    expect(within(row!).queryByText("Nicht rechtzeitig gesendet")).not.toBeInTheDocument();
    const progress = screen.getByRole("group", { name: "Stand der Anfrage für Annas Burg (500|500)" });
    expect(progress.querySelector("[data-progress=arrived]")).toHaveAttribute("data-value", "1200");
  });

  it("on a phone, each of Meine Befehle is a card with its state first", async () => {
    const media = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...media(query), matches: query.includes("33.74em") })) as typeof window.matchMedia;
    try {
      const now = Date.now();
      const request = makeTribeRequest(1, { supports: [makeSupport(61, { status: "sent", sendAt: now - 3_600_000, arrivalAt: now - 60_000 }), makeSupport(62, { sendAt: now + 600_000 })] });
      tribeServer(bert, [tribe()], { requests: [request] });
      renderApp("/tribe");
      const mine = await screen.findByRole("list", { name: "Meine Befehle" });
      const cards = within(mine).getAllByRole("listitem");
      expect(cards.map((c) => c.querySelector("[data-support-state]")?.textContent)).toEqual(["angekommen", "geplant"]);
      expect(within(cards[1]!).getByText("Annas Burg (500|500)")).toBeInTheDocument();
      expect(within(cards[1]!).getByText(/^0:(09:5\d|10:00)$/)).toBeInTheDocument();
      expect(screen.queryByRole("table", { name: "Meine Befehle" })).not.toBeInTheDocument();
    } finally {
      window.matchMedia = media;
    }
  });

  it("lists a landed request with what arrived in time", async () => {
    const landed = Date.now() - 600_000;
    const closed = makeTribeRequest(2, {
      attackArrival: landed,
      neededBy: landed - 60_000,
      closed: true,
      supports: [makeSupport(70, { status: "sent", sendAt: landed - 3_600_000, arrivalAt: landed - 120_000, units: { spear: 1500 } })],
    });
    tribeServer(bert, [tribe()], { closed: [closed] });
    renderApp("/tribe");
    const list = await screen.findByRole("list", { name: "Abgeschlossene Anfragen" });
    expect(within(list).getByText("1.500 Einwohner von 2.000 Einwohner rechtzeitig angekommen")).toBeInTheDocument();
  });
});
