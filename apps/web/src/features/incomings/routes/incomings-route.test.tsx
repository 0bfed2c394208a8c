import type { Incoming, IncomingListResponse } from "@dsbot/protocol";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { queryClient } from "@/lib/query-client";
import { dispatchRealtimeMessage } from "@/lib/realtime-dispatcher";
import { useSession } from "@/lib/session";
import { json, mockFetch } from "@/test/fetch-mock";
import { makeBot } from "@/test/bot-fixtures";
import { plainUser } from "@/test/fixtures";
import { makeIncoming } from "@/test/incoming-fixtures";
import { renderApp, signIn } from "@/test/render-app";
import { DEFEND_MARGIN_DEFAULT_S, useDefendMargin } from "../components/defend-modal";

const incoming = (id: number, over: Partial<Incoming> = {}): Incoming => makeIncoming(id, over);

function setup(initial: Incoming[], extra: Parameters<typeof mockFetch>[0] = {}) {
  let rows = initial;
  const queries: URLSearchParams[] = [];
  const imports: string[] = [];
  mockFetch({
    "GET /api/client-config": () => json(200, { apiBases: {}, version: "0.1.0" }),
    "GET /api/auth/me": () => json(200, { user: plainUser }),
    "GET /api/dsbot": () => json(200, { dsbots: [], totals: 0 }),
    "GET /api/incomings": ({ url }) => {
      queries.push(url.searchParams);
      const kind = url.searchParams.get("kind");
      const listed = rows.filter((r) => !kind || r.kind === kind);
      const body: IncomingListResponse = {
        incomings: listed,
        totals: listed.length,
        summary: { count: rows.length, nobles: rows.filter((r) => r.kind === "noble").length, nextArrival: rows.length ? Math.min(...rows.map((r) => r.arrivalTime)) : null },
      };
      return json(200, body);
    },
    "GET /api/attack-plans": () =>
      json(200, {
        attackPlans: [
          {
            id: 9, name: "Verteidigung", world: { server: "die-staemme.de", world: "de231" }, timeZone: "Europe/Berlin", ownerId: 2, ownerName: "demo", access: "owner",
            counts: { planned: 0, due: 0, sent: 0, failed: 0, expired: 0, cancelled: 0 }, total: 0, nextSendTime: null, createdAt: "2026-11-01T08:00:00.000Z", updatedAt: "2026-11-01T08:00:00.000Z",
          },
        ],
        totals: 1,
      }),
    "POST /api/incomings/import": ({ body }) => {
      imports.push((body as { text: string }).text);
      return json(400, { error: { code: "bad_request", message: "Zeile 8: Ankunftszeit „32.13.26 18:44:00“ ist kein gültiges Datum.", issues: [{ path: "text", message: "Zeile 8: Ankunftszeit „32.13.26 18:44:00“ ist kein gültiges Datum." }, { path: "text", message: "Zeile 14: Bei diesem Angriff fehlt die „Ankunftszeit:“." }] } });
    },
    ...extra,
  });
  signIn(plainUser);
  return { queries, imports, set: (next: Incoming[]) => (rows = next) };
}

afterEach(() => {
  useDefendMargin.setState({ seconds: DEFEND_MARGIN_DEFAULT_S });
  useSession.setState({ token: null, user: null });
  queryClient.clear();
  toast.dismiss();
});

describe("Eingehende Angriffe", { timeout: 30_000 }, () => {
  it("lists incomings with arrival in server time, countdown, likely unit, kind and the noble train", async () => {
    const arrival = Date.UTC(2031, 5, 1, 10, 30, 45, 678);
    setup([
      incoming(1, { arrivalTime: arrival }),
      incoming(2, { arrivalTime: arrival + 200, kind: "noble", kindReason: "Adelszug aus 2 Befehlen.", trainId: 1, trainIndex: 2, likelyUnits: ["snob"], otherUnits: [] }),
    ]);
    renderApp("/incomings");
    const table = await screen.findByRole("table", { name: "Eingehende Angriffe" });
    await within(table).findAllByText("01.06.31 12:30:45");
    const rows = [...table.querySelectorAll<HTMLElement>("tr[data-row-id]")];
    expect(rows).toHaveLength(2);
    // 10:30 UTC is 12:30 in Berlin (summer time), with the milliseconds.
    expect(within(rows[0]!).getByText("01.06.31 12:30:45")).toBeInTheDocument();
    expect(within(rows[0]!).getByText(":678")).toBeInTheDocument();
    expect(within(rows[0]!).getByRole("group", { name: "Rammbock/Katapult" })).toBeInTheDocument();
    expect(within(rows[0]!).getByText("[ZW]")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("Adelung")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("Adelszug · 2.")).toBeInTheDocument();
    const summary = screen.getByRole("group", { name: "Eingehende Angriffe" });
    expect(within(summary).getByText("Adelungen").nextSibling).toHaveTextContent("1");
  });

  it("asks the server for the chosen kind and refetches when a scan changed the list", async () => {
    const user = userEvent.setup();
    const { queries, set } = setup([incoming(1), incoming(2, { kind: "noble" })]);
    renderApp("/incomings");
    await screen.findAllByText("520|480");
    await user.click(screen.getByRole("radio", { name: "Adelung" }));
    await waitFor(() => expect(queries.at(-1)?.get("kind")).toBe("noble"));
    set([incoming(2, { kind: "noble" }), incoming(3, { kind: "noble", origin: { villageId: 3, name: "Neu", coordinates: "400|400", player: null } })]);
    act(() => dispatchRealtimeMessage({ type: "incomings-updated", data: { dsbotId: 1 } }));
    // The refetched rows may render twice (list and summary answer apart): wait until the new one stays.
    await waitFor(() => expect(screen.getByText("400|400")).toBeInTheDocument());
  });

  it("removes the pasted incomings after asking, and offers it only when some are pasted", async () => {
    const user = userEvent.setup();
    let cleared = 0;
    const { set } = setup([incoming(1), incoming(2, { source: "paste", dsbot: null })], {
      "DELETE /api/incomings/pasted": () => {
        cleared++;
        set([incoming(1)]);
        return new Response(null, { status: 204 });
      },
    });
    renderApp("/incomings");
    await user.click(await screen.findByRole("button", { name: "Eingefügte entfernen" }));
    const dialog = await screen.findByRole("dialog", { name: "Alle eingefügten Angriffe entfernen?" });
    await user.click(within(dialog).getByRole("button", { name: "Eingefügte entfernen" }));
    expect(await screen.findByText("Eingefügte Angriffe entfernt.")).toBeInTheDocument();
    expect(cleared).toBe(1);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Eingefügte entfernen" })).not.toBeInTheDocument());
  });

  it("shows a card per incoming on a phone, sorted by a choice above the cards", async () => {
    const user = userEvent.setup();
    const media = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...media(query), matches: query.includes("33.74em") })) as typeof window.matchMedia;
    try {
      const { queries } = setup([incoming(1), incoming(2, { kind: "noble", trainId: 1, trainIndex: 1 })]);
      renderApp("/incomings");
      const list = await screen.findByRole("list", { name: "Eingehende Angriffe" });
      await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(2));
      expect(screen.queryByRole("table", { name: "Eingehende Angriffe" })).not.toBeInTheDocument();
      const [first] = within(list).getAllByRole("listitem");
      expect(within(first!).getByText("Carla")).toBeInTheDocument();
      expect(within(first!).getByText("Ankunft")).toBeInTheDocument();
      expect(within(first!).getByRole("button", { name: "500|500 verteidigen" })).toBeInTheDocument();
      await user.click(within(list).getAllByLabelText("Sortieren nach")[0]!);
      await user.click(await screen.findByRole("option", { name: "Felder (absteigend)" }));
      await waitFor(() => expect(queries.at(-1)?.get("sortBy")).toBe("-distance"));
    } finally {
      window.matchMedia = media;
    }
  });

  it("leaves a command out once it has landed", async () => {
    setup([incoming(1, { arrivalTime: Date.now() + 1500 }), incoming(2)]);
    renderApp("/incomings");
    const table = await screen.findByRole("table", { name: "Eingehende Angriffe" });
    const dataRows = () => table.querySelectorAll("tr[data-row-id]");
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    await waitFor(() => expect(dataRows()).toHaveLength(1), { timeout: 5000 });
  });

  const world = { server: "die-staemme.de", world: "de231" };
  const defenders = {
    "GET /api/dsbot": () =>
      json(200, {
        dsbots: [
          makeBot({ id: 1, dsPlayer: { name: "Kalle" }, world, status: "online" }),
          makeBot({ id: 2, dsPlayer: { name: "Bruno" }, world, status: "offline" }),
          makeBot({ id: 3, dsPlayer: { name: "Woanders" }, world: { server: "die-staemme.de", world: "de199" }, status: "online" }),
        ],
        totals: 3,
      }),
  };

  it("'Verteidigen' names the bots that will send, picks a plan and hands the attacked village and the deadline before the attack to its planner", async () => {
    const user = userEvent.setup();
    const arrival = Date.now() + 3_600_000;
    setup([incoming(1, { arrivalTime: arrival })], defenders);
    const { router } = renderApp("/incomings");
    await user.click(await screen.findByRole("button", { name: "500|500 verteidigen" }));
    const dialog = await screen.findByRole("dialog", { name: "Verteidigen: Unterstützung planen" });
    expect(within(dialog).getByText(/Der Angriff auf Alpha \(500\|500\) landet/)).toBeInTheDocument();
    // The bots of the incoming's world with their status; the one not running is told to be started.
    const senders = await within(dialog).findByTestId("defend-senders");
    expect(senders).toHaveTextContent("Kalle");
    expect(senders).toHaveTextContent("Bruno");
    expect(senders).not.toHaveTextContent("Woanders");
    expect(senders).toHaveTextContent("Bruno: läuft gerade nicht");
    const margin = within(dialog).getByRole("textbox", { name: "Sekunden vor dem Angriff ankommen" });
    await user.clear(margin);
    await user.type(margin, "90");
    await user.click(await within(dialog).findByRole("button", { name: /^Verteidigung/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/attack-plans/9"));
    expect(router.state.location.state).toEqual({ plannerTargets: "500|500", plannerDefend: { arriveBy: arrival - 90_000 } });
  });

  it("'Verteidigen' on an attack too close to defend says so in words, and a smaller margin opens the plans again", async () => {
    const user = userEvent.setup();
    // Lands in 100 s: with the default 60 s margin a support would have to arrive in 40 s, less than its minute of lead.
    setup([incoming(1, { arrivalTime: Date.now() + 100_000 })], defenders);
    renderApp("/incomings");
    await user.click(await screen.findByRole("button", { name: "500|500 verteidigen" }));
    const dialog = await screen.findByRole("dialog", { name: "Verteidigen: Unterstützung planen" });
    expect(within(dialog).getByTestId("defend-impossible")).toHaveTextContent(/zu knapp für eine geplante Unterstützung/);
    expect(within(dialog).queryByText("Das Ende des Ankunftsfensters muss nach dem Anfang liegen.")).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: /^Verteidigung/ })).not.toBeInTheDocument();
    const margin = within(dialog).getByRole("textbox", { name: "Sekunden vor dem Angriff ankommen" });
    await user.clear(margin);
    await user.type(margin, "10");
    expect(await within(dialog).findByRole("button", { name: /^Verteidigung/ })).toBeInTheDocument();
    expect(within(dialog).queryByTestId("defend-impossible")).not.toBeInTheDocument();
  });

  it("'Verteidigen' without a bot on the world says how to get one", async () => {
    const user = userEvent.setup();
    setup([incoming(1, { arrivalTime: Date.now() + 3_600_000 })]);
    renderApp("/incomings");
    await user.click(await screen.findByRole("button", { name: "500|500 verteidigen" }));
    const dialog = await screen.findByRole("dialog", { name: "Verteidigen: Unterstützung planen" });
    expect(await within(dialog).findByTestId("defend-impossible")).toHaveTextContent("Du hast auf dieser Welt keinen Bot");
  });

  it("shows an empty state that says how incomings get here", async () => {
    setup([]);
    renderApp("/incomings");
    expect(await screen.findByText("Keine eingehenden Angriffe")).toBeInTheDocument();
    expect(screen.getByText(/Modul „Auge“/)).toBeInTheDocument();
  });

  it("lists every problem of a pasted SOS text by line and keeps the text", async () => {
    const user = userEvent.setup();
    const { imports } = setup([]);
    renderApp("/incomings");
    await user.click(await screen.findByRole("button", { name: "SOS-Text einfügen" }));
    const dialog = await screen.findByRole("dialog", { name: "SOS-Anfrage einfügen" });
    const field = within(dialog).getByRole("textbox", { name: "Text der SOS-Anfrage" });
    await user.click(field);
    await user.paste("[b]Angegriffenes Dorf[/b]");
    await user.click(within(dialog).getByRole("button", { name: "Übernehmen" }));
    const problems = await within(dialog).findByRole("alert");
    expect(problems).toHaveTextContent("2 Probleme – nichts übernommen:");
    expect(problems).toHaveTextContent("Zeile 14: Bei diesem Angriff fehlt die „Ankunftszeit:“.");
    expect(field).toHaveValue("[b]Angegriffenes Dorf[/b]");
    expect(imports).toEqual(["[b]Angegriffenes Dorf[/b]"]);
  });
});
