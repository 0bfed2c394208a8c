import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { json } from "@/test/fetch-mock";
import { queryClient } from "@/lib/query-client";
import { renderApp } from "@/test/render-app";
import { ATTACK_TABLE_STORAGE_KEY, useAttackTable } from "../stores/attack-table-store";
import { makeAttack, makePlan } from "../test-fixtures";
import { mockPlanPage, setupPlanPageTests } from "../test-setup";

const headers = ["Angreifer", "Verteidiger", "Startdorf", "Zieldorf", "Typ", "Einheiten", "Restzeit", "Abschickzeit", "Ankunftszeit", "Priorität", "Status"];

setupPlanPageTests();

async function openTableWith() {
  const rendered = renderApp("/attack-plans/7");
  const table = await screen.findByRole("table", { name: "Angriffe" });
  await within(table).findAllByTestId("attack-remaining");
  return { table, unmount: rendered.unmount };
}

async function openTable() {
  return (await openTableWith()).table;
}

describe("Attack plan table", { timeout: 60_000 }, () => {
  it("asks for page 1, 10 rows, sendTime ascending and shows the spec's columns in order with their widths", async () => {
    const mock = mockPlanPage();
    const table = await openTable();
    expect(await screen.findByRole("heading", { name: "Offensive K55" })).toBeInTheDocument();
    const first = mock.attackCalls[0];
    expect(first?.get("activePage")).toBe("1");
    expect(first?.get("perPage")).toBe("10");
    expect(first?.get("sortBy")).toBe("sendTime");
    expect(first?.has("searchVal")).toBe(false);
    const ths = [...table.querySelectorAll("thead th")] as HTMLElement[];
    expect(ths.map((th) => th.textContent)).toEqual([...headers, ""]);
    expect(ths.map((th) => th.dataset.columnId)).toEqual([
      "attacker", "defender", "startVillage", "targetVillage", "type", "units", "remaining", "sendTime", "arrivalTime", "priority", "status", "actions",
    ]);
    expect(ths.map((th) => th.style.width)).toEqual(["auto", "auto", "125px", "125px", "10px", "auto", "100px", "150px", "150px", "50px", "70px", "150px"]);
    expect(within(table).getByRole("columnheader", { name: "Abschickzeit" })).toHaveAttribute("aria-sort", "ascending");
    expect(within(table).getAllByRole("row")).toHaveLength(3);
  });

  it("has sort buttons exactly on sendTime, arrivalTime, attacker, defender and the villages; a click changes sortBy", async () => {
    const user = userEvent.setup();
    const mock = mockPlanPage();
    const table = await openTable();
    const sortable = ["Angreifer", "Verteidiger", "Startdorf", "Zieldorf", "Abschickzeit", "Ankunftszeit"];
    for (const name of headers) {
      const th = within(table).getByRole("columnheader", { name });
      if (sortable.includes(name)) expect(within(th).getByRole("button", { name })).toBeInTheDocument();
      else {
        expect(within(th).queryByRole("button")).not.toBeInTheDocument();
        expect(th).not.toHaveAttribute("aria-sort");
      }
    }
    await user.click(within(table).getByRole("button", { name: "Abschickzeit" }));
    await waitFor(() => expect(mock.attackCalls.at(-1)?.get("sortBy")).toBe("-sendTime"));
    await user.click(within(table).getByRole("button", { name: "Angreifer" }));
    await waitFor(() => expect(mock.attackCalls.at(-1)?.get("sortBy")).toBe("attacker"));
    await user.click(within(table).getByRole("button", { name: "Zieldorf" }));
    await waitFor(() => expect(mock.attackCalls.at(-1)?.get("sortBy")).toBe("targetVillage"));
    // A time column sorts ascending first too (TanStack would start numbers descending).
    await user.click(within(table).getByRole("button", { name: "Ankunftszeit" }));
    await waitFor(() => expect(mock.attackCalls.at(-1)?.get("sortBy")).toBe("arrivalTime"));
    await waitFor(() => expect(within(table).getByRole("columnheader", { name: "Ankunftszeit" })).toHaveAttribute("aria-sort", "ascending"));
  });

  it("hides columns through the column menu (not actions), keeps that in localStorage and resets to the defaults", async () => {
    const user = userEvent.setup();
    const mock = mockPlanPage();
    const table = await openTable();
    await user.click(within(table).getByRole("button", { name: "Ankunftszeit" }));
    await user.click(screen.getByRole("button", { name: "Spalten ein- und ausblenden" }));
    const menu = await screen.findByRole("group", { name: "Spalten ein- und ausblenden" });
    expect(within(menu).getAllByRole("checkbox").map((box) => box.closest(".mantine-Checkbox-root")?.textContent)).toEqual(headers);
    await user.click(within(menu).getByRole("checkbox", { name: "Einheiten" }));
    await user.click(within(menu).getByRole("checkbox", { name: "Status" }));
    await waitFor(() => expect(within(table).queryByRole("columnheader", { name: "Einheiten" })).not.toBeInTheDocument());
    expect(within(table).queryByRole("columnheader", { name: "Status" })).not.toBeInTheDocument();
    const stored = JSON.parse(window.localStorage.getItem(ATTACK_TABLE_STORAGE_KEY) ?? "{}") as { state: Record<string, unknown> };
    expect(stored.state).toMatchObject({ hiddenColumns: ["units", "status"], sortBy: "arrivalTime", perPage: 10, activePage: 1, searchVal: "" });

    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("button", { name: "Zurücksetzen" }));
    expect(useAttackTable.getState()).toMatchObject({ activePage: 1, perPage: 10, searchVal: "", sortBy: "sendTime", hiddenColumns: [] });
    await waitFor(() => expect(within(table).getByRole("columnheader", { name: "Einheiten" })).toBeInTheDocument());
    // The default page is still cached: the table shows it sorted by sendTime again.
    expect(within(table).getByRole("columnheader", { name: "Abschickzeit" })).toHaveAttribute("aria-sort", "ascending");
    expect(mock.attackCalls.map((p) => p.get("sortBy"))).toEqual(["sendTime", "arrivalTime"]);
  });

  it("restores kept preferences on load", async () => {
    window.localStorage.setItem(
      ATTACK_TABLE_STORAGE_KEY,
      JSON.stringify({ state: { activePage: 1, perPage: 25, searchVal: "kalle", sortBy: "-defender", hiddenColumns: ["priority"], statusFilter: ["planned"] }, version: 1 }),
    );
    await useAttackTable.persist.rehydrate();
    const mock = mockPlanPage();
    const table = await openTable();
    const call = mock.attackCalls[0];
    expect(call?.get("perPage")).toBe("25");
    expect(call?.get("searchVal")).toBe("kalle");
    expect(call?.get("sortBy")).toBe("-defender");
    expect(call?.get("statusFilter")).toBe("planned");
    expect(within(table).queryByRole("columnheader", { name: "Priorität" })).not.toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Suche" })).toHaveValue("kalle");
    // The status filter is one compact button; its menu ticks the kept statuses and changes the request.
    const filter = screen.getByRole("button", { name: "Statusfilter" });
    expect(filter).toHaveTextContent("Status: 1 von 6");
    const user = userEvent.setup();
    await user.click(filter);
    const menu = await screen.findByRole("group", { name: "Statusfilter" });
    expect(within(menu).getByRole("checkbox", { name: "Geplant" })).toBeChecked();
    await user.click(within(menu).getByRole("checkbox", { name: "Fällig" }));
    await waitFor(() => expect(mock.attackCalls.at(-1)?.get("statusFilter")).toBe("planned,due"));
    expect(filter).toHaveTextContent("Status: 2 von 6");
  });

  it("opens on 'Nur offene' (planned and due), and keeps the player's choice for the next visit", async () => {
    const mock = mockPlanPage();
    const { unmount } = await openTableWith();
    const user = userEvent.setup();
    const openOnly = screen.getByRole("button", { name: "Nur offene" });
    expect(openOnly).toHaveAttribute("aria-pressed", "true");
    expect(mock.attackCalls[0]?.get("statusFilter")).toBe("planned,due");
    await user.click(openOnly);
    await waitFor(() => expect(mock.attackCalls.at(-1)?.get("statusFilter")).toBe("planned,due,sent,failed,expired,cancelled"));
    expect(openOnly).toHaveAttribute("aria-pressed", "false");
    expect(JSON.parse(window.localStorage.getItem(ATTACK_TABLE_STORAGE_KEY) ?? "{}").state.statusFilter).toEqual(["planned", "due", "sent", "failed", "expired", "cancelled"]);

    // The next visit (the kept preferences read again) opens on every status.
    unmount();
    queryClient.clear();
    await useAttackTable.persist.rehydrate();
    const calls = mock.attackCalls.length;
    await openTableWith();
    expect(screen.getByRole("button", { name: "Nur offene" })).toHaveAttribute("aria-pressed", "false");
    expect(mock.attackCalls[calls]?.get("statusFilter")).toBe("planned,due,sent,failed,expired,cancelled");
    // And back: one click shows what is still to come.
    await user.click(screen.getByRole("button", { name: "Nur offene" }));
    await waitFor(() => expect(mock.attackCalls.at(-1)?.get("statusFilter")).toBe("planned,due"));
  });

  it("a plan with nothing left to send says so under 'Nur offene' and shows every attack in one click", async () => {
    const user = userEvent.setup();
    const mock = mockPlanPage({ plan: makePlan({ id: 7, name: "Offensive K55", total: 2 }), attacks: [] });
    renderApp("/attack-plans/7");
    expect(await screen.findByText("Keine offenen Angriffe")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Alle Angriffe zeigen" }));
    await waitFor(() => expect(mock.attackCalls.at(-1)?.get("statusFilter")).toBe("planned,due,sent,failed,expired,cancelled"));
    expect(screen.getByRole("button", { name: "Nur offene" })).toHaveAttribute("aria-pressed", "false");
  });

  it("sends the search once, 300 ms after typing stops", async () => {
    const mock = mockPlanPage();
    await openTable();
    const search = screen.getByRole("textbox", { name: "Suche" });
    for (const value of ["5", "50", "500|"]) fireEvent.change(search, { target: { value } });
    expect(mock.attackCalls.some((p) => p.get("searchVal"))).toBe(false);
    await waitFor(() => expect(mock.attackCalls.at(-1)?.get("searchVal")).toBe("500|"));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(mock.attackCalls.filter((p) => p.get("searchVal")).map((p) => p.get("searchVal"))).toEqual(["500|"]);
  });

  it("shows game links, unit badges, the type icon, status badges, times with milliseconds and the countdown", async () => {
    const send = Date.now() + 3_725_000;
    const arrival = Date.UTC(2030, 11, 24, 17, 0, 0, 123);
    const attacks = [
      makeAttack({ id: 1, sendTime: send, arrivalTime: arrival, units: { axe: 6000, ram: 250 }, type: "conquer" }),
      makeAttack({ id: 2, sendTime: Date.now() - 5000, status: "due" }),
      makeAttack({ id: 3, status: "failed", error: "Nicht genug Truppen.", targetVillage: { id: 300, name: "Barbar", coordinates: "520|520", player: null } }),
      makeAttack({ id: 4, status: "sent", arrivalTime: arrival, realArrivalTime: arrival + 12 }),
    ];
    mockPlanPage({ attacks });
    const table = await openTable();
    const row = table.querySelector('tr[data-row-id="1"]') as HTMLElement;
    expect(within(row).getByRole("link", { name: "Dorf 101 (500|501)" })).toHaveAttribute("href", "https://de230.die-staemme.de/game.php?screen=info_village&id=101");
    expect(within(row).getByRole("link", { name: "Kalle" })).toHaveAttribute("href", "https://de230.die-staemme.de/game.php?screen=info_player&id=11");
    const axes = within(row).getByLabelText("6000 Axtkämpfer");
    expect(axes).toHaveTextContent("6.000");
    expect(within(axes).getByRole("img", { name: "Axtkämpfer" })).toHaveAttribute("data-unit-icon", "axe");
    expect(within(row).getByLabelText("250 Rammbock")).toBeInTheDocument();
    expect(within(row).getByRole("img", { name: "Adelung" })).toBeInTheDocument();
    // The date above the time in the table's 150 px; the text reads "DD.MM.YY HH:mm:ss:SSS", the milliseconds apart.
    expect(row).toHaveTextContent("24.12.30 18:00:00:123");
    expect(within(row).getAllByText(":123")).not.toHaveLength(0);
    // The countdown was rendered somewhere between the attack's creation (1:02:05 left) and now.
    const shown = within(row).getByTestId("attack-remaining").textContent ?? "";
    expect(shown).toMatch(/^1:0[0-2]:\d\d$/);
    const [h, m, sec] = shown.split(":").map(Number) as [number, number, number];
    expect(h * 3600 + m * 60 + sec).toBeGreaterThanOrEqual(Math.floor((send - Date.now()) / 1000));
    expect(h * 3600 + m * 60 + sec).toBeLessThanOrEqual(3725);
    expect(within(row).getByRole("link", { name: "Versammlungsplatz 500|501 → 510|511 öffnen" })).toHaveAttribute(
      "href",
      "https://de230.die-staemme.de/game.php?village=101&screen=place&target=201&axe=6000&ram=250",
    );
    const due = table.querySelector('tr[data-row-id="2"]') as HTMLElement;
    expect(within(due).getByTestId("attack-remaining")).toHaveTextContent("fällig");
    expect(within(due).getByTestId("attack-remaining")).toHaveAttribute("data-overdue");
    const failed = table.querySelector('tr[data-row-id="3"]') as HTMLElement;
    // The 70 px status column: a dot and the short word, the full word as accessible name.
    const failedBadge = within(failed).getByRole("img", { name: "Fehlgeschlagen" });
    expect(failedBadge).toHaveAttribute("data-status", "failed");
    expect(failedBadge).toHaveTextContent(/^Fehler$/);
    await userEvent.setup().hover(failedBadge);
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Fehler: Nicht genug Truppen.");
    expect(within(failed).getByText("Barbarendorf")).toBeInTheDocument();
    expect(within(failed).getByTestId("attack-remaining")).toHaveTextContent("–");
    // A sent attack shows where its command really lands, beside the planned arrival.
    const sent = table.querySelector('tr[data-row-id="4"]') as HTMLElement;
    expect(within(sent).getByTestId("attack-real-arrival")).toHaveTextContent("tatsächlich 18:00:00:135 (+12 ms)");
    expect(within(row).queryByTestId("attack-real-arrival")).not.toBeInTheDocument();
  });

  it("shows a tribalwars.co.uk plan's times on the UK clock, whatever the browser's zone", async () => {
    const arrival = Date.UTC(2030, 6, 24, 17, 0, 0, 123); // 18:00 BST, 19:00 in Berlin
    mockPlanPage({
      plan: makePlan({ id: 7, name: "Offensive K55", world: { server: "tribalwars.co.uk", world: "uk80" }, timeZone: "Europe/London" }),
      attacks: [makeAttack({ id: 1, sendTime: Date.now() + 3_600_000, arrivalTime: arrival, status: "sent", realArrivalTime: arrival + 12 })],
    });
    const table = await openTable();
    const row = table.querySelector('tr[data-row-id="1"]') as HTMLElement;
    expect(row).toHaveTextContent("24.07.30 18:00:00:123");
    expect(row).not.toHaveTextContent("24.07.30 19:00:00");
    expect(within(row).getByTestId("attack-real-arrival")).toHaveTextContent("tatsächlich 18:00:00:135 (+12 ms)");
  });

  it("shows a DS Workbench formula beside the counts, marked as worked out when sent", async () => {
    mockPlanPage({ attacks: [makeAttack({ id: 1, units: { spy: 5 }, formulas: { axe: "alle-100", ram: "alle" } })] });
    const table = await openTable();
    const row = table.querySelector('tr[data-row-id="1"]') as HTMLElement;
    expect(within(row).getByLabelText("Axtkämpfer: alle-100 (wird beim Abschicken ausgerechnet)")).toHaveTextContent("alle-100");
    expect(within(row).getByLabelText("Rammbock: alle (wird beim Abschicken ausgerechnet)")).toBeInTheDocument();
    expect(within(row).getByLabelText("5 Späher")).toBeInTheDocument();
  });

  it("counts down every row from one shared interval and marks a row 'fällig' once its send time passes", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const intervals = vi.spyOn(globalThis, "setInterval");
      const start = Date.now();
      const attacks = Array.from({ length: 40 }, (_, i) => makeAttack({ id: i + 1, sendTime: start + 2500 + i * 60_000 }));
      mockPlanPage({ attacks });
      const table = await openTable();
      expect(within(table).getAllByTestId("attack-remaining")).toHaveLength(40);
      const clockIntervals = () => intervals.mock.calls.filter(([, ms]) => ms === 1000);
      expect(clockIntervals()).toHaveLength(1);
      const first = () => (table.querySelector('tr[data-row-id="1"]') as HTMLElement).querySelector('[data-testid="attack-remaining"]');
      expect(first()?.textContent).toMatch(/^0:00:0[0-2]$/);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(3000);
      });
      expect(first()).toHaveTextContent("fällig");
      expect(clockIntervals()).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("bulk-deletes the selected rows after confirming, and deletes sent/expired ones", async () => {
    const user = userEvent.setup();
    const bulk: unknown[] = [];
    mockPlanPage({
      attacks: [makeAttack({ id: 1 }), makeAttack({ id: 2 }), makeAttack({ id: 3 })],
      routes: {
        "POST /api/attack-plans/7/attacks/bulk": ({ body }) => {
          bulk.push(body);
          return json(200, { affected: 2 });
        },
      },
    });
    const table = await openTable();
    await user.click(within(table).getByRole("checkbox", { name: "Angriff 500|501 → 510|511 auswählen" }));
    await user.click(within(table).getByRole("checkbox", { name: "Angriff 500|503 → 510|513 auswählen" }));
    const bar = screen.getByTestId("attack-bulk-bar");
    expect(bar).toHaveTextContent("2 ausgewählt");
    await user.click(within(bar).getByRole("button", { name: "Löschen" }));
    const dialog = await screen.findByRole("dialog", { name: "Löschen bestätigen" });
    await user.click(within(dialog).getByRole("button", { name: "Löschen" }));
    await waitFor(() => expect(bulk).toEqual([{ action: "delete", selection: { ids: [1, 3] } }]));
    expect(await screen.findByText("2 Angriffe gelöscht.")).toBeInTheDocument();
    await waitFor(() => expect(bar).not.toHaveTextContent("ausgewählt"));

    await user.click(within(bar).getByRole("button", { name: "Gesendete/abgelaufene löschen" }));
    const again = await screen.findByRole("dialog", { name: "Löschen bestätigen" });
    await user.click(within(again).getByRole("button", { name: "Löschen" }));
    await waitFor(() => expect(bulk).toHaveLength(2));
    expect(bulk[1]).toEqual({ action: "deleteFinished" });
  });

  it("selects the whole page and changes the status of the selection", async () => {
    const user = userEvent.setup();
    const bulk: unknown[] = [];
    mockPlanPage({
      routes: {
        "POST /api/attack-plans/7/attacks/bulk": ({ body }) => {
          bulk.push(body);
          return json(200, { affected: 2 });
        },
      },
    });
    const table = await openTable();
    await user.click(within(table).getByRole("checkbox", { name: "Alle Angriffe dieser Seite auswählen" }));
    const bar = screen.getByTestId("attack-bulk-bar");
    expect(bar).toHaveTextContent("2 ausgewählt");
    await user.click(within(bar).getByRole("combobox", { name: "Neuer Status" }));
    await user.click(await screen.findByRole("option", { name: "Abgebrochen" }));
    await user.click(within(bar).getByRole("button", { name: "Status ändern" }));
    await waitFor(() => expect(bulk).toEqual([{ action: "status", selection: { ids: [1, 2] }, status: "cancelled" }]));
  });

  it("a read-only plan shows no edit actions", async () => {
    mockPlanPage({ plan: makePlan({ id: 7, name: "Fremd", access: "read" }) });
    const table = await openTable();
    expect(screen.getByText("Du darfst diesen Angriffsplan nur ansehen.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Angriff hinzufügen" })).not.toBeInTheDocument();
    expect(within(table).queryByRole("button", { name: /bearbeiten$/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId("attack-bulk-bar")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Exportieren" })).toBeInTheDocument();
  });

  it("shows 'not found' for an unknown plan", async () => {
    mockPlanPage({ routes: { "GET /api/attack-plans/7": () => json(404, { error: { code: "not_found", message: "Der Angriffsplan wurde nicht gefunden." } }) } });
    renderApp("/attack-plans/7");
    expect(await screen.findByText("Der Angriffsplan wurde nicht gefunden.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Zu den Angriffsplänen" })).toHaveAttribute("href", "/attack-plans");
  });
});
