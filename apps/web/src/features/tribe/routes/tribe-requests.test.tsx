// Unterstützung anfordern on a tribe's page: a member asks from their own board row (population or
// units, the form's rules and the server's refusals), the open requests above the board with their texts,
// withdrawing one after a confirmation, and who sees which action.
import type { TribeDetail, User } from "@dsbot/protocol";
import { formatServerTime } from "@dsbot/protocol";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { queryClient } from "@/lib/query-client";
import { dispatchRealtimeMessage } from "@/lib/realtime-dispatcher";
import { useSession } from "@/lib/session";
import { adminUser, plainUser } from "@/test/fixtures";
import { renderApp } from "@/test/render-app";
import { makeTribeIncoming } from "../test/tribe-board-fixtures";
import { makeTribeRequest } from "../test/tribe-request-fixtures";
import { makeMember, makeTribe, tribeServer } from "../test/tribe-server";

afterEach(() => {
  useSession.setState({ token: null, user: null });
  queryClient.clear();
  toast.dismiss();
});

const ZONE = "Europe/Berlin";
/** anna, a plain member of the tribe (demo, plainUser, is its Anführer). */
const anna: User = { ...plainUser, id: 3, username: "anna" };

function tribe(): TribeDetail {
  return makeTribe({
    id: 5,
    members: [makeMember({ userId: 2, username: "demo", role: "leader" }), makeMember({ userId: 3, username: "anna" }), makeMember({ userId: 4, username: "bert" })],
  });
}

const arrival = Date.now() + 2 * 3_600_000;
/** anna's village under attack, and bert's. */
const board = () => [
  makeTribeIncoming(1, { arrivalTime: arrival }),
  makeTribeIncoming(2, {
    arrivalTime: arrival + 60_000,
    member: { userId: 4, username: "bert" },
    target: { villageId: 2, name: "Bertingen", coordinates: "510|505", player: { name: "Bert", tribe: "WACHT" } },
  }),
];

const dataRows = (table: HTMLElement) => Array.from(table.querySelectorAll<HTMLElement>("tr[data-row-id]"));

async function boardRows() {
  const table = await screen.findByRole("table", { name: "Stammes-Eingänge" });
  await waitFor(() => expect(dataRows(table)).toHaveLength(2));
  return dataRows(table) as [HTMLElement, HTMLElement];
}

async function openDialog(user: ReturnType<typeof userEvent.setup>, coordinates = "500|500") {
  await boardRows();
  await user.click(screen.getByRole("button", { name: `Unterstützung für ${coordinates} anfordern` }));
  return screen.findByRole("dialog", { name: "Unterstützung anfordern" });
}

const posted = (server: ReturnType<typeof tribeServer>) => server.bodiesOf("POST /api/tribes/5/requests");

describe("Stamm: Unterstützung anfordern", { timeout: 30_000 }, () => {
  it("a member asks for a population of defence from their own row", async () => {
    const user = userEvent.setup();
    const server = tribeServer(anna, [tribe()], { board: board() });
    renderApp("/tribe");
    const dialog = await openDialog(user);

    expect(within(dialog).getByText("Annas Burg (500|500)")).toBeInTheDocument();
    expect(within(dialog).getByText(formatServerTime(arrival, ZONE).slice(0, -4), { exact: false })).toBeInTheDocument();
    const margin = within(dialog).getByRole("textbox", { name: "Vorlauf (Sekunden)" });
    expect(margin).toHaveValue("60");
    expect(within(dialog).getByText(`Bis ${formatServerTime(arrival - 60_000, ZONE).slice(0, -4)} Serverzeit im Dorf`)).toBeInTheDocument();
    expect(within(dialog).getByRole("radio", { name: "Einwohner" })).toBeChecked();

    const population = within(dialog).getByRole("textbox", { name: "Einwohner Verteidigung" });
    expect(population).toHaveValue("1.000");
    await user.clear(population);
    await user.type(population, "2500");
    await user.click(within(dialog).getByRole("button", { name: "Anfordern" }));

    await waitFor(() => expect(posted(server)).toHaveLength(1));
    expect(posted(server)[0]).toEqual({ incomingId: 1, marginSeconds: 60, need: { kind: "population", population: 2500 } });
    expect(await screen.findByText("Die Anfrage wurde an den Stamm geschickt.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Unterstützung anfordern" })).not.toBeInTheDocument());
    // The new request heads the board.
    const list = await screen.findByRole("list", { name: "Offene Anfragen" });
    expect(within(list).getByText("2.500 Einwohner Verteidigung")).toBeInTheDocument();
  });

  it("asks for units: refuses none at all, sends those given", async () => {
    const user = userEvent.setup();
    const server = tribeServer(anna, [tribe()], { board: board() });
    renderApp("/tribe");
    const dialog = await openDialog(user);
    const margin = within(dialog).getByRole("textbox", { name: "Vorlauf (Sekunden)" });
    await user.clear(margin);
    await user.type(margin, "120");
    await user.click(within(dialog).getByRole("radio", { name: "Einheiten" }));
    for (const label of ["Speerträger", "Schwertkämpfer", "Bogenschütze", "Schwere Kavallerie"]) {
      expect(within(dialog).getByRole("textbox", { name: label })).toHaveValue("");
    }
    await user.type(within(dialog).getByRole("textbox", { name: "Speerträger" }), "0");
    await user.click(within(dialog).getByRole("button", { name: "Anfordern" }));
    expect(await within(dialog).findByText("Gib mindestens eine Einheit an.")).toBeInTheDocument();
    expect(posted(server)).toHaveLength(0);

    await user.clear(within(dialog).getByRole("textbox", { name: "Speerträger" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Speerträger" }), "500");
    await user.type(within(dialog).getByRole("textbox", { name: "Schwere Kavallerie" }), "100");
    await user.click(within(dialog).getByRole("button", { name: "Anfordern" }));
    await waitFor(() => expect(posted(server)).toHaveLength(1));
    expect(posted(server)[0]).toEqual({ incomingId: 1, marginSeconds: 120, need: { kind: "units", units: { spear: 500, heavy: 100 } } });
    expect(await screen.findByText("Die Anfrage wurde an den Stamm geschickt.")).toBeInTheDocument();
  });

  it("checks the margin: empty and over an hour are refused", async () => {
    const user = userEvent.setup();
    const server = tribeServer(anna, [tribe()], { board: board() });
    renderApp("/tribe");
    const dialog = await openDialog(user);
    const margin = within(dialog).getByRole("textbox", { name: "Vorlauf (Sekunden)" });
    await user.clear(margin);
    await user.click(within(dialog).getByRole("button", { name: "Anfordern" }));
    expect(await within(dialog).findByText("Eingabe erforderlich")).toBeInTheDocument();
    await user.type(margin, "3601");
    await user.click(within(dialog).getByRole("button", { name: "Anfordern" }));
    expect(await within(dialog).findByText("Höchstens 3600 Sekunden")).toBeInTheDocument();
    expect(posted(server)).toHaveLength(0);
  });

  it("lists the open requests, most urgent first, and the Anführer withdraws one after confirming", async () => {
    const user = userEvent.setup();
    const soon = Date.now() + 30 * 60_000;
    const requests = [
      makeTribeRequest(1, { attackArrival: soon, neededBy: soon - 60_000, requestedBy: "demo", helpers: 1 }),
      makeTribeRequest(2, {
        member: { userId: 4, username: "bert" },
        requestedBy: "bert",
        village: { id: 2, name: "Bertingen", x: 510, y: 505, coordinates: "510|505" },
        need: { kind: "units", units: { spear: 500, sword: 500 } },
        helpers: 0,
      }),
      // Landed already: not shown.
      makeTribeRequest(3, { attackArrival: Date.now() - 1000, neededBy: Date.now() - 61_000, village: { id: 9, name: "Vorbei", x: 1, y: 1, coordinates: "001|001" } }),
    ];
    const server = tribeServer(plainUser, [tribe()], { board: board(), requests });
    renderApp("/tribe");
    const list = await screen.findByRole("list", { name: "Offene Anfragen" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    // Above the board's table.
    expect(list.compareDocumentPosition(screen.getByRole("table", { name: "Stammes-Eingänge" })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    expect(within(first).getByText("Annas Burg (500|500)")).toBeInTheDocument();
    expect(first).toHaveTextContent("anna · angefragt von demo");
    expect(within(first).getByText(`${formatServerTime(soon - 60_000, ZONE).slice(0, -4)} Serverzeit`)).toBeInTheDocument();
    expect(within(first).getByText(/^0:(29|28):\d\d$/)).toBeInTheDocument();
    expect(within(first).getByText("2.000 Einwohner Verteidigung")).toBeInTheDocument();
    expect(within(first).getByText("1 Mitglied kann rechtzeitig helfen")).toBeInTheDocument();

    expect(within(second).getByText("Bertingen (510|505)")).toBeInTheDocument();
    expect(within(second).queryByText(/angefragt von/)).not.toBeInTheDocument();
    expect(second).not.toHaveTextContent("angefragt von");
    expect(within(second).getByText("500 Speerträger, 500 Schwertkämpfer")).toBeInTheDocument();
    expect(within(second).getByText("Niemand kann rechtzeitig helfen")).toBeInTheDocument();
    expect(screen.queryByText("Vorbei (001|001)")).not.toBeInTheDocument();

    // The Anführer may withdraw any; cancelling the confirmation keeps it.
    await user.click(within(second).getByRole("button", { name: "Anfrage für 510|505 zurückziehen" }));
    const cancelled = await screen.findByRole("dialog", { name: "Anfrage zurückziehen" });
    await user.click(within(cancelled).getByRole("button", { name: "Abbrechen" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Anfrage zurückziehen" })).not.toBeInTheDocument());
    expect(server.calls.some((c) => c.key.startsWith("DELETE"))).toBe(false);

    await user.click(within(second).getByRole("button", { name: "Anfrage für 510|505 zurückziehen" }));
    const dialog = await screen.findByRole("dialog", { name: "Anfrage zurückziehen" });
    await user.click(within(dialog).getByRole("button", { name: "Zurückziehen" }));
    await waitFor(() => expect(server.calls.map((c) => c.key)).toContain("DELETE /api/tribes/5/requests/2"));
    expect(await screen.findByText("Die Anfrage wurde zurückgezogen.")).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(1));
    expect(within(list).queryByText("Bertingen (510|505)")).not.toBeInTheDocument();
  });

  it("a plain member acts only for their own village", async () => {
    const requests = [
      makeTribeRequest(1),
      makeTribeRequest(2, { member: { userId: 4, username: "bert" }, requestedBy: "bert", village: { id: 2, name: "Bertingen", x: 510, y: 505, coordinates: "510|505" } }),
    ];
    tribeServer(anna, [tribe()], { board: board(), requests });
    renderApp("/tribe");
    const [own, other] = await boardRows();
    // Her village has an open request already: the row says so and offers no second one.
    const asked = await within(own).findByRole("button", { name: "Unterstützung für 500|500 bereits angefordert" });
    expect(asked).toBeDisabled();
    expect(within(own).queryByRole("button", { name: "Unterstützung für 500|500 anfordern" })).not.toBeInTheDocument();
    expect(within(other).queryByRole("button", { name: /Unterstützung/ })).not.toBeInTheDocument();

    const list = await screen.findByRole("list", { name: "Offene Anfragen" });
    const [mine, bert] = within(list).getAllByRole("listitem") as [HTMLElement, HTMLElement];
    expect(within(mine).getByRole("button", { name: "Anfrage für 500|500 zurückziehen" })).toBeInTheDocument();
    expect(within(bert).queryByRole("button", { name: /zurückziehen/ })).not.toBeInTheDocument();
  });

  it("on a phone, the member's own card has the button", async () => {
    const media = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...media(query), matches: query.includes("33.74em") })) as typeof window.matchMedia;
    try {
      const user = userEvent.setup();
      tribeServer(anna, [tribe()], { board: board() });
      renderApp("/tribe");
      const list = await screen.findByRole("list", { name: "Stammes-Eingänge" });
      await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(2));
      const [own, other] = within(list).getAllByRole("listitem") as [HTMLElement, HTMLElement];
      expect(within(other).queryByRole("button", { name: "Unterstützung anfordern" })).not.toBeInTheDocument();
      await user.click(within(own).getByRole("button", { name: "Unterstützung anfordern" }));
      const dialog = await screen.findByRole("dialog", { name: "Unterstützung anfordern" });
      expect(within(dialog).getByText("Annas Burg (500|500)")).toBeInTheDocument();
    } finally {
      window.matchMedia = media;
    }
  });

  it("an admin who is not a member only looks", async () => {
    tribeServer(adminUser, [tribe()], { board: board(), requests: [makeTribeRequest(1)] });
    renderApp("/tribe/5");
    await boardRows();
    expect(screen.queryByRole("button", { name: /^Unterstützung für/ })).not.toBeInTheDocument();
    const list = await screen.findByRole("list", { name: "Offene Anfragen" });
    expect(within(list).queryByRole("button", { name: /zurückziehen/ })).not.toBeInTheDocument();
  });

  it("shows the server's refusal: another member asked for the village meanwhile", async () => {
    const user = userEvent.setup();
    const server = tribeServer(plainUser, [tribe()], { board: board() });
    renderApp("/tribe");
    // The Anführer opens the dialog for anna's village; before he sends, anna asks herself.
    const dialog = await openDialog(user);
    server.setRequests([makeTribeRequest(1)]);
    await user.click(within(dialog).getByRole("button", { name: "Anfordern" }));
    expect(await screen.findByText("Für dieses Dorf gibt es schon eine offene Anfrage.")).toBeInTheDocument();
    expect(posted(server)).toHaveLength(1);
    // The dialog stays open to change or cancel; behind it the list and the row show her request.
    expect(screen.getByRole("dialog", { name: "Unterstützung anfordern" })).toBeInTheDocument();
    expect(await screen.findByRole("list", { name: "Offene Anfragen", hidden: true })).toHaveTextContent("500|500");
    expect(await screen.findByRole("button", { name: "Unterstützung für 500|500 bereits angefordert", hidden: true })).toBeDisabled();
  });

  it("a row asked for by its train's other command shows it too, and a row of another attack on the village does not", async () => {
    const later = makeTribeIncoming(3, { arrivalTime: arrival + 3_600_000 });
    tribeServer(plainUser, [tribe()], {
      board: [makeTribeIncoming(1, { arrivalTime: arrival }), later],
      requests: [makeTribeRequest(1, { incomingId: 9, attackArrival: arrival, neededBy: arrival - 60_000 })],
    });
    renderApp("/tribe");
    const [first, second] = await boardRows();
    expect(await within(first).findByRole("button", { name: "Unterstützung für 500|500 bereits angefordert" })).toBeDisabled();
    expect(within(second).getByRole("button", { name: "Unterstützung für 500|500 anfordern" })).toBeEnabled();
  });

  it("loads the requests again on tribe-board-updated (another member asked or withdrew)", async () => {
    const server = tribeServer(anna, [tribe()], { board: board() });
    renderApp("/tribe");
    await boardRows();
    expect(screen.queryByRole("list", { name: "Offene Anfragen" })).not.toBeInTheDocument();
    server.setRequests([makeTribeRequest(1, { requestedBy: "demo" })]);
    act(() => dispatchRealtimeMessage({ type: "tribe-board-updated", data: { tribeId: 5 } }));
    const list = await screen.findByRole("list", { name: "Offene Anfragen" });
    expect(list).toHaveTextContent("angefragt von demo");
    server.setRequests([]);
    act(() => dispatchRealtimeMessage({ type: "tribe-updated", data: { tribeId: 5 } }));
    await waitFor(() => expect(screen.queryByRole("list", { name: "Offene Anfragen" })).not.toBeInTheDocument());
  });

  it("shows nothing without open requests, and a load error with a retry", async () => {
    const user = userEvent.setup();
    let fail = true;
    tribeServer(plainUser, [tribe()], { board: board(), refuse: { "GET /api/tribes/5/requests": () => (fail ? new Response(null, { status: 500 }) : undefined) } });
    renderApp("/tribe");
    const section = await screen.findByTestId("tribe-board");
    expect(await within(section).findByText("Offene Anfragen")).toBeInTheDocument();
    fail = false;
    await user.click(within(section).getByRole("button", { name: "Erneut versuchen" }));
    await waitFor(() => expect(within(section).queryByText("Offene Anfragen")).not.toBeInTheDocument());
    expect(screen.queryByTestId("tribe-requests")).not.toBeInTheDocument();
    await boardRows();
  });
});
