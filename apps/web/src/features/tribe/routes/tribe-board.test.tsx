// Stammes-Eingänge on a tribe's page: every member's incomings from the server with arrival in server
// time and countdown, the filters as the server's query, live updates, the defence column, noble trains,
// phone cards, and the empty and error states.
import type { TribeDetail, TribeIncoming } from "@dsbot/protocol";
import { formatServerTime } from "@dsbot/protocol";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { queryClient } from "@/lib/query-client";
import { dispatchRealtimeMessage } from "@/lib/realtime-dispatcher";
import { useSession } from "@/lib/session";
import { plainUser } from "@/test/fixtures";
import { renderApp } from "@/test/render-app";
import { makeTribeIncoming } from "../test/tribe-board-fixtures";
import { makeMember, makeTribe, tribeServer } from "../test/tribe-server";

afterEach(() => {
  useSession.setState({ token: null, user: null });
  queryClient.clear();
  toast.dismiss();
});

const ZONE = "Europe/Berlin";

function tribe(): TribeDetail {
  return makeTribe({
    id: 5,
    members: [
      makeMember({ userId: 2, username: "demo", role: "leader", troopSharing: "defensive" }),
      makeMember({ userId: 3, username: "anna", troopSharing: "all" }),
      makeMember({ userId: 4, username: "bert" }),
    ],
  });
}

const boardTable = () => screen.findByRole("table", { name: "Stammes-Eingänge" });
const dataRows = (table: HTMLElement) => Array.from(table.querySelectorAll<HTMLElement>("tr[data-row-id]"));
const boardCalls = (server: ReturnType<typeof tribeServer>) => server.calls.map((c) => c.key).filter((key) => key.startsWith("GET /api/tribes/5/incomings"));
const lastQuery = (server: ReturnType<typeof tribeServer>) => new URLSearchParams(boardCalls(server).at(-1)?.split("?")[1] ?? "");

/** Picks `option` in the select `label` of the board, in that select's own list. */
async function choose(section: HTMLElement, label: string, option: string) {
  const input = within(section).getByRole("combobox", { name: label });
  fireEvent.click(input);
  await waitFor(() => expect(input).toHaveAttribute("aria-controls"));
  const listbox = await waitFor(() => document.getElementById(input.getAttribute("aria-controls")!)!);
  fireEvent.click(await within(listbox).findByRole("option", { name: option }));
}

describe("Stamm: Stammes-Eingänge", { timeout: 30_000 }, () => {
  it("shows every member's incomings with arrival in server time, countdown, member, attacker and the summary", async () => {
    const arrival = Date.now() + 2 * 3_600_000 + 123;
    const board: TribeIncoming[] = [
      makeTribeIncoming(1, { arrivalTime: arrival, seenBy: 3 }),
      makeTribeIncoming(2, {
        arrivalTime: arrival + 60_000,
        kind: "noble",
        likelyUnits: ["snob"],
        otherUnits: [],
        member: { userId: 4, username: "bert" },
        target: { villageId: 2, name: "Bertingen", coordinates: "510|505", player: { name: "Bert", tribe: "WACHT" } },
        origin: { villageId: 0, name: null, coordinates: "530|470", player: null },
      }),
    ];
    const server = tribeServer(plainUser, [tribe()], { board });
    renderApp("/tribe");
    const table = await boardTable();
    await waitFor(() => expect(dataRows(table)).toHaveLength(2));
    // Above the members.
    const section = screen.getByTestId("tribe-board");
    expect(section.compareDocumentPosition(screen.getByRole("table", { name: "Mitglieder des Stamms" })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(section).getByRole("heading", { name: "Stammes-Eingänge" })).toBeInTheDocument();

    const summary = within(section).getByRole("group", { name: "Übersicht der Stammes-Eingänge" });
    expect(summary).toHaveTextContent("2 eingehende Angriffe");
    expect(summary).toHaveTextContent("davon 1 Adelung");
    expect(summary).toHaveTextContent(/nächste Ankunft in [12]:\d\d:\d\d/);
    expect(section.querySelector("[data-read-at]")).toHaveTextContent(/^Stand: \d\d\.\d\d\.\d\d \d\d:\d\d:\d\d Serverzeit$/);

    const [first, second] = dataRows(table) as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent(formatServerTime(arrival, ZONE));
    expect(first.querySelector("[data-countdown]")).toHaveTextContent(/^[12]:\d\d:\d\d$/);
    expect(within(first).getByText("500|500")).toBeInTheDocument();
    expect(within(first).getByText("Annas Burg")).toBeInTheDocument();
    expect(within(first).getByLabelText("Gemeldet von anna")).toHaveTextContent("anna");
    expect(within(first).getByText("3 Meldungen")).toBeInTheDocument();
    expect(within(first).getByText("520|480")).toBeInTheDocument();
    expect(within(first).getByText("Carla")).toBeInTheDocument();
    expect(within(first).getByText("[ZW]")).toBeInTheDocument();
    expect(within(first).getByText("Angriff")).toBeInTheDocument();
    expect(first.querySelector("[data-likely-unit]")).toHaveAttribute("data-likely-unit", "ram catapult");

    expect(within(second).getByLabelText("Gemeldet von bert")).toBeInTheDocument();
    expect(within(second).queryByText(/Meldungen/)).not.toBeInTheDocument();
    expect(within(second).getByText("Barbaren")).toBeInTheDocument();
    expect(within(second).getByText("Adelung")).toBeInTheDocument();
    expect(lastQuery(server).get("perPage")).toBe("50");
    expect(screen.getByText("1–2 von 2")).toBeInTheDocument();
  });

  it("sends the member, the kind and the arrival window to the server", async () => {
    const user = userEvent.setup();
    const board = [
      makeTribeIncoming(1),
      makeTribeIncoming(2, { member: { userId: 4, username: "bert" }, kind: "noble", arrivalTime: Date.now() + 20 * 60_000 }),
    ];
    const server = tribeServer(plainUser, [tribe()], { board });
    renderApp("/tribe");
    const table = await boardTable();
    await waitFor(() => expect(dataRows(table)).toHaveLength(2));
    const section = screen.getByTestId("tribe-board");

    await choose(section, "Mitglied", "bert");
    await waitFor(() => expect(lastQuery(server).get("member")).toBe("4"));
    await waitFor(() => expect(dataRows(table)).toHaveLength(1));
    expect(lastQuery(server).get("activePage")).toBe("1");

    await user.click(within(section).getByRole("radio", { name: "Adelung" }));
    await waitFor(() => expect(lastQuery(server).get("kind")).toBe("noble"));
    expect(lastQuery(server).get("member")).toBe("4");

    await choose(section, "Kommt an innerhalb", "1 h");
    await waitFor(() => expect(lastQuery(server).get("within")).toBe("60"));

    // Back to everyone's, every kind, any time.
    await choose(section, "Mitglied", "Alle");
    await user.click(within(section).getByRole("radio", { name: "Alle" }));
    await choose(section, "Kommt an innerhalb", "Alle");
    // The unfiltered board again (from the cache, as first asked for).
    await waitFor(() => expect(dataRows(table)).toHaveLength(2));
    expect(boardCalls(server)[0]).toBe("GET /api/tribes/5/incomings?activePage=1&perPage=50");
  });

  it("pages on the server; a changed filter goes back to page 1", async () => {
    const user = userEvent.setup();
    const board = Array.from({ length: 55 }, (_, i) => makeTribeIncoming(i + 1, { arrivalTime: Date.now() + 3_600_000 + i * 1000 }));
    const server = tribeServer(plainUser, [tribe()], { board });
    renderApp("/tribe");
    const table = await boardTable();
    await waitFor(() => expect(dataRows(table)).toHaveLength(50));
    expect(screen.getByText("1–50 von 55")).toBeInTheDocument();
    await user.click(within(screen.getByTestId("tribe-board")).getByRole("button", { name: "2" }));
    await waitFor(() => expect(dataRows(table)).toHaveLength(5));
    expect(lastQuery(server).get("activePage")).toBe("2");
    await user.click(within(screen.getByTestId("tribe-board")).getByRole("radio", { name: "Angriff" }));
    await waitFor(() => expect(lastQuery(server).get("kind")).toBe("attack"));
    expect(lastQuery(server).get("activePage")).toBe("1");
    await waitFor(() => expect(dataRows(table)).toHaveLength(50));
  });

  it("loads again on tribe-board-updated and tribe-updated of its tribe", async () => {
    const server = tribeServer(plainUser, [tribe()], { board: [makeTribeIncoming(1)] });
    renderApp("/tribe");
    const table = await boardTable();
    await waitFor(() => expect(dataRows(table)).toHaveLength(1));

    server.setBoard([makeTribeIncoming(1), makeTribeIncoming(7, { target: { villageId: 7, name: "Neudorf", coordinates: "444|444", player: null } })]);
    act(() => dispatchRealtimeMessage({ type: "tribe-board-updated", data: { tribeId: 5 } }));
    expect(await within(table).findByText("Neudorf")).toBeInTheDocument();

    // A member's sharing changed: the board shows it.
    server.setBoard([makeTribeIncoming(1, { defence: { member: { userId: 3, username: "anna" }, sharing: "all", troops: { spear: 100 }, troopsAt: Date.now(), wall: null } })]);
    const before = boardCalls(server).length;
    act(() => dispatchRealtimeMessage({ type: "tribe-updated", data: { tribeId: 5 } }));
    await waitFor(() => expect(boardCalls(server).length).toBeGreaterThan(before));
    await waitFor(() => expect(dataRows(table)).toHaveLength(1));
    expect(dataRows(table)[0]!.querySelector('[data-defence="shared"]')).toBeInTheDocument();
  });

  it("shows the defence: shared troops (defensive only) with their age, not shared, unknown, and the wall", async () => {
    const at = (minutesAgo: number) => Date.now() - minutesAgo * 60_000;
    const base = Date.now() + 3_600_000;
    const board = [
      makeTribeIncoming(1, {
        arrivalTime: base,
        defence: { member: { userId: 2, username: "demo" }, sharing: "defensive", troops: { spear: 1200, sword: 800, heavy: 50, axe: 0 }, troopsAt: at(5), wall: 20 },
      }),
      makeTribeIncoming(2, { arrivalTime: base + 1000, defence: { member: null, sharing: "none", troops: null, troopsAt: null, wall: 10 } }),
      makeTribeIncoming(3, { arrivalTime: base + 2000, defence: { member: null, sharing: "all", troops: null, troopsAt: null, wall: null } }),
      makeTribeIncoming(4, { arrivalTime: base + 3000, defence: { member: { userId: 3, username: "anna" }, sharing: "all", troops: { axe: 3000 }, troopsAt: at(180), wall: null } }),
    ];
    tribeServer(plainUser, [tribe()], { board });
    renderApp("/tribe");
    const table = await boardTable();
    await waitFor(() => expect(dataRows(table)).toHaveLength(4));
    const [shared, notShared, unknown, all] = dataRows(table) as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];

    const troops = within(shared).getByRole("group", { name: "Truppen im Dorf" });
    expect([...troops.querySelectorAll("[data-unit]")].map((u) => u.getAttribute("data-unit"))).toEqual(["spear", "sword", "heavy"]);
    expect(troops).toHaveTextContent("1.200");
    expect(troops).toHaveTextContent("800");
    expect(within(shared).getByText("nur Verteidigung")).toBeInTheDocument();
    expect(within(shared).getByText("vor 5 Min.")).toBeInTheDocument();
    expect(within(shared).getByText("Wall 20")).toBeInTheDocument();

    expect(within(notShared).getByText("nicht geteilt")).toBeInTheDocument();
    expect(within(notShared).getByText("Wall 10")).toBeInTheDocument();
    expect(within(notShared).queryByText("unbekannt")).not.toBeInTheDocument();

    expect(within(unknown).getByText("unbekannt")).toBeInTheDocument();
    expect(within(unknown).queryByText(/^Wall/)).not.toBeInTheDocument();

    expect(within(all).getByText("vor 3 Std.")).toBeInTheDocument();
    expect(within(all).queryByText("nur Verteidigung")).not.toBeInTheDocument();
  });

  it("joins a noble train's rows as one train: Adelszug 1/3 to 3/3", async () => {
    const base = Date.now() + 3_600_000;
    const train = (id: number, index: number) =>
      makeTribeIncoming(id, { arrivalTime: base + index * 200, kind: index > 1 ? "noble" : "attack", trainId: 10, trainIndex: index, likelyUnits: ["snob"], otherUnits: [] });
    tribeServer(plainUser, [tribe()], { board: [train(10, 1), train(11, 2), train(12, 3), makeTribeIncoming(20, { arrivalTime: base + 60_000 })] });
    renderApp("/tribe");
    const table = await boardTable();
    await waitFor(() => expect(dataRows(table)).toHaveLength(4));
    const rows = dataRows(table);
    expect(rows.map((r) => r.dataset.trainPlace)).toEqual(["first", "middle", "last", undefined]);
    expect(rows.slice(0, 3).map((r) => r.dataset.train)).toEqual(["10", "10", "10"]);
    expect(rows.slice(0, 3).map((r) => within(r).getByText(/^Adelszug/).textContent)).toEqual(["Adelszug 1/3", "Adelszug 2/3", "Adelszug 3/3"]);
    expect(within(rows[3]!).queryByText(/^Adelszug/)).not.toBeInTheDocument();
  });

  it("shows a card per incoming on a phone, the train's cards marked", async () => {
    const media = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...media(query), matches: query.includes("33.74em") })) as typeof window.matchMedia;
    try {
      const base = Date.now() + 3_600_000;
      tribeServer(plainUser, [tribe()], {
        board: [
          makeTribeIncoming(1, { arrivalTime: base, trainId: 1, trainIndex: 1, seenBy: 2 }),
          makeTribeIncoming(2, { arrivalTime: base + 200, kind: "noble", trainId: 1, trainIndex: 2, defence: { member: null, sharing: "none", troops: null, troopsAt: null, wall: 5 } }),
        ],
      });
      renderApp("/tribe");
      const list = await screen.findByRole("list", { name: "Stammes-Eingänge" });
      await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(2));
      expect(screen.queryByRole("table", { name: "Stammes-Eingänge" })).not.toBeInTheDocument();
      const [first, second] = within(list).getAllByRole("listitem") as [HTMLElement, HTMLElement];
      expect(within(first).getByText("Ankunft")).toBeInTheDocument();
      expect(within(first).getByText(formatServerTime(base, ZONE).slice(0, -4), { exact: false })).toBeInTheDocument();
      expect(within(first).getByText("2 Meldungen")).toBeInTheDocument();
      expect(within(first).getByText("Adelszug 1/2")).toBeInTheDocument();
      expect(first.querySelector("[data-train-place]")).toHaveAttribute("data-train-place", "first");
      expect(within(second).getByText("nicht geteilt")).toBeInTheDocument();
      expect(within(second).getByText("Wall 5")).toBeInTheDocument();
      // The board has one order (by arrival): no sort choice.
      expect(within(list).queryByLabelText("Sortieren nach")).not.toBeInTheDocument();
    } finally {
      window.matchMedia = media;
    }
  });

  it("says when the tribe has no incomings, and when none fits the filters", async () => {
    const user = userEvent.setup();
    tribeServer(plainUser, [tribe()]);
    renderApp("/tribe");
    const section = await screen.findByTestId("tribe-board");
    expect(await within(section).findByText("Keine eingehenden Angriffe im Stamm.")).toBeInTheDocument();
    expect(within(section).getByRole("group", { name: "Übersicht der Stammes-Eingänge" })).toHaveTextContent("0 eingehende Angriffe");
    await user.click(within(section).getByRole("radio", { name: "Fake" }));
    expect(await within(section).findByText("Kein eingehender Angriff passt zu den Filtern.")).toBeInTheDocument();
  });

  it("shows the load error with a retry", async () => {
    const user = userEvent.setup();
    let fail = true;
    tribeServer(plainUser, [tribe()], { board: [makeTribeIncoming(1)], refuse: { "GET /api/tribes/5/incomings": () => (fail ? new Response(null, { status: 500 }) : undefined) } });
    renderApp("/tribe");
    const section = await screen.findByTestId("tribe-board");
    expect(await within(section).findByText("Die Daten konnten nicht geladen werden.")).toBeInTheDocument();
    fail = false;
    await user.click(within(section).getByRole("button", { name: "Erneut versuchen" }));
    const table = await boardTable();
    await waitFor(() => expect(dataRows(table)).toHaveLength(1));
  });
});
