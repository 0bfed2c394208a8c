import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "@/lib/query-client";
import { useSession } from "@/lib/session";
import { botKalle, botNoRunner, botOnline } from "@/test/bot-fixtures";
import { json, mockFetch } from "@/test/fetch-mock";
import { adminUser, plainUser } from "@/test/fixtures";
import { renderApp, signIn } from "@/test/render-app";
import { deleteBot } from "../api/bots-api";
import { statusBadgeColor } from "@/components/ui/bot-status-badge";
import { BOT_TABLE_STORAGE_KEY, useBotTable } from "../stores/bot-table-store";

// Whole-route renders can take over a second on a loaded machine (the default wait is 1 s).
let listCalls: URLSearchParams[] = [];
let deleteStatus = 204;
let knownWorlds: unknown[] = [];
let createdBodies: unknown[] = [];

/** A world as GET /api/worlds lists it. */
const knownWorld = (world: string, villages: number) => ({
  id: villages + 1,
  server: "die-staemme.de",
  world,
  villages,
  players: 0,
  allies: 0,
  dataVersion: villages > 0 ? 1 : 0,
  lastImportAt: null,
  lastSyncAt: null,
  lastSyncError: null,
  syncEnabled: true,
  syncing: false,
  config: null,
  units: null,
});

/** Calls of the bot table (the manager card sorts by player with 5 per page and no search). */
function tableCalls() {
  return listCalls.filter((p) => p.get("sortBy") !== "player" || p.get("searchVal"));
}

function lastSort() {
  return listCalls.at(-1)?.get("sortBy");
}

beforeEach(() => {
  listCalls = [];
  deleteStatus = 204;
  knownWorlds = [knownWorld("de230", 38219), knownWorld("de232", 0)];
  createdBodies = [];
  useBotTable.getState().reset();
  mockFetch({
    // Whoever the test signed in (a plain user in some).
    "GET /api/auth/me": () => json(200, { user: useSession.getState().user ?? adminUser }),
    "GET /api/worlds": () => json(200, { worlds: knownWorlds }),
    "POST /api/dsbot": ({ body }) => {
      createdBodies.push(body);
      return json(201, { dsbot: { ...botKalle, id: 9, dsPlayer: { name: "Neu" } } });
    },
    "GET /api/client-config": () => json(200, { apiBases: {}, version: "0.1.0" }),
    "GET /api/dsbot": ({ url }) => {
      listCalls.push(url.searchParams);
      return json(200, { dsbots: [botKalle, botOnline, botNoRunner], totals: 3 });
    },
    "GET /api/websocket-connections": () =>
      json(200, { websocketConnections: [{ id: 11, origin: "bot-user", dsbotId: 1, runnerName: "Desktop" }] }),
    "DELETE /api/dsbot/1": () => (deleteStatus === 204 ? new Response(null, { status: 204 }) : json(deleteStatus, { error: { code: "x", message: "Fehler" } })),
  });
  signIn(adminUser);
});

afterEach(() => {
  useSession.setState({ token: null, user: null });
  queryClient.clear();
});

// Whole-route renders are slow on a loaded CI machine; the default 5 s is too tight for the first one.
describe("Bot list", { timeout: 60_000 }, () => {
  it("shows the spec's columns, status badges and dates DD.MM.YY HH:mm, 5 per page from page 1", async () => {
    renderApp("/bots");
    const table = await screen.findByRole("table", { name: "Botliste" });
    for (const header of ["Spieler", "Status", "Module", "Erstellungsdatum", "Änderungsdatum"]) {
      expect(within(table).getByRole("columnheader", { name: header })).toBeInTheDocument();
    }
    expect(await within(table).findByRole("link", { name: "Kalle" })).toHaveAttribute("href", "/bots/1");
    expect(within(table).getByText("Online").closest("[data-status]")).toHaveAttribute("data-status", "online");
    // A missing status counts as offline.
    expect(within(table).getAllByText("Offline")).toHaveLength(2);
    expect(within(table).getAllByText(/^\d{2}\.\d{2}\.\d{2} \d{2}:\d{2}$/)).toHaveLength(6);
    const first = tableCalls()[0];
    expect(first?.get("activePage")).toBe("1");
    expect(first?.get("perPage")).toBe("5");
    expect(first?.get("websocketConnections")).toBe("true");
    expect(first?.get("statusFilter")).toBe("online,paused,offline,starting,stopping");
  });

  it("names each bot's Bot-ID in the Spieler cell and copies it (no column of its own)", async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    renderApp("/bots");
    const table = await screen.findByRole("table", { name: "Botliste" });
    const row = (await within(table).findByRole("link", { name: "Kalle" })).closest("tr")!;
    const playerCell = within(row).getAllByRole("cell")[0]!;
    expect(within(playerCell).getByText("Bot-ID 1")).toBeInTheDocument();
    expect(within(table).getByText("Bot-ID 2")).toBeInTheDocument();
    await user.click(within(playerCell).getByRole("button", { name: "Bot-ID von Kalle kopieren" }));
    expect(writeText).toHaveBeenCalledWith("1");
    expect(within(table).getAllByRole("columnheader").map((header) => header.textContent)).toEqual([
      "Spieler",
      "Status",
      "Module",
      "Erstellungsdatum",
      "Änderungsdatum",
      "Aktionen",
    ]);
  });

  it("selects all five statuses by default and lists them in the spec's order: online, paused, offline, starting, stopping", async () => {
    const user = userEvent.setup();
    renderApp("/bots");
    await screen.findByRole("link", { name: "Kalle" });
    const order = ["Online", "Pausiert", "Offline", "Startet", "Stoppt"];
    const filter = screen.getByRole("combobox", { name: "Statusfilter" });
    const pills = filter.closest(".mantine-MultiSelect-root")?.querySelectorAll(".mantine-Pill-label");
    expect([...(pills ?? [])].map((pill) => pill.textContent)).toEqual(order);
    await user.click(filter);
    const listbox = await screen.findByRole("listbox");
    expect(within(listbox).getAllByRole("option").map((option) => option.textContent)).toEqual(order);
  });

  it("moves a status filter kept in the old default order (version 1) to the spec's order", async () => {
    const kept = (statusFilter: string[]) =>
      JSON.stringify({ state: { activePage: 1, perPage: 5, searchVal: "", sortBy: "-updatedAt", hiddenColumns: [], statusFilter }, version: 1 });
    window.localStorage.setItem(BOT_TABLE_STORAGE_KEY, kept(["online", "offline", "paused", "starting", "stopping"]));
    await useBotTable.persist.rehydrate();
    expect(useBotTable.getState().statusFilter).toEqual(["online", "paused", "offline", "starting", "stopping"]);
    // A choice of the user's own stays as it was.
    window.localStorage.setItem(BOT_TABLE_STORAGE_KEY, kept(["offline", "online"]));
    await useBotTable.persist.rehydrate();
    expect(useBotTable.getState().statusFilter).toEqual(["offline", "online"]);
  });

  it("sends the search once, 300 ms after typing stops", async () => {
    renderApp("/bots");
    await screen.findByRole("link", { name: "Kalle" });
    const search = screen.getByRole("textbox", { name: "Suche" });
    // Three keystrokes in quick succession (synchronous, so a slow machine cannot space them out).
    for (const value of ["k", "ka", "kal"]) fireEvent.change(search, { target: { value } });
    expect(search).toHaveValue("kal");
    expect(listCalls.some((p) => p.get("searchVal"))).toBe(false);
    await waitFor(() => expect(tableCalls().at(-1)?.get("searchVal")).toBe("kal"));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(listCalls.filter((p) => p.get("searchVal")).map((p) => p.get("searchVal"))).toEqual(["kal"]);
  });

  it("keeps sort and hidden columns in the browser and resets them", async () => {
    const user = userEvent.setup();
    renderApp("/bots");
    const table = await screen.findByRole("table", { name: "Botliste" });
    await user.click(within(table).getByRole("button", { name: "Spieler" }));
    await user.click(within(table).getByRole("button", { name: "Spieler" }));
    await waitFor(() => expect(lastSort()).toBe("-player"));
    // The header follows once the list's answer for that order has arrived.
    await waitFor(() => expect(within(table).getByRole("columnheader", { name: "Spieler" })).toHaveAttribute("aria-sort", "descending"));
    await user.click(screen.getByRole("button", { name: "Spalten ein- und ausblenden" }));
    await user.click(await screen.findByRole("checkbox", { name: "Module" }));
    await waitFor(() => expect(within(table).queryByRole("columnheader", { name: "Module" })).not.toBeInTheDocument());
    const stored = JSON.parse(window.localStorage.getItem(BOT_TABLE_STORAGE_KEY) ?? "{}") as { state: Record<string, unknown> };
    expect(stored.state).toMatchObject({ sortBy: "-player", hiddenColumns: ["modules"], perPage: 5, activePage: 1 });

    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("button", { name: "Tabelle zurücksetzen" }));
    expect(useBotTable.getState()).toMatchObject({ sortBy: "-updatedAt", hiddenColumns: [] });
  });

  it("restores the kept table state on load", async () => {
    window.localStorage.setItem(
      BOT_TABLE_STORAGE_KEY,
      JSON.stringify({ state: { activePage: 2, perPage: 10, searchVal: "ka", sortBy: "-status", hiddenColumns: ["createdAt"], statusFilter: ["online"] }, version: 1 }),
    );
    await useBotTable.persist.rehydrate();
    renderApp("/bots");
    const table = await screen.findByRole("table", { name: "Botliste" });
    await waitFor(() => expect(tableCalls().length).toBeGreaterThan(0));
    const call = tableCalls()[0];
    expect(call?.get("perPage")).toBe("10");
    expect(call?.get("activePage")).toBe("2");
    expect(call?.get("searchVal")).toBe("ka");
    expect(call?.get("sortBy")).toBe("-status");
    expect(call?.get("statusFilter")).toBe("online");
    expect(within(table).queryByRole("columnheader", { name: "Erstellungsdatum" })).not.toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Suche" })).toHaveValue("ka");
  });

  it("a kept page beyond the end (e.g. its last bots deleted) falls back to the last page", async () => {
    window.localStorage.setItem(
      BOT_TABLE_STORAGE_KEY,
      JSON.stringify({ state: { activePage: 3, perPage: 5, searchVal: "", sortBy: "-updatedAt", hiddenColumns: [], statusFilter: [] }, version: 1 }),
    );
    await useBotTable.persist.rehydrate();
    renderApp("/bots");
    // The server has 3 bots: page 3 of 5 per page is empty, so the list asks for page 1 instead.
    await waitFor(() => expect(tableCalls().map((p) => p.get("activePage"))).toEqual(["3", "1"]));
    expect(useBotTable.getState().activePage).toBe(1);
    expect(await screen.findAllByText("1–3 von 3")).toHaveLength(2); // list and bot manager
  });

  it("deletes a bot only after 'Löschen bestätigen'", async () => {
    const user = userEvent.setup();
    renderApp("/bots");
    await user.click(await screen.findByRole("button", { name: "Kalle löschen" }));
    const dialog = await screen.findByRole("dialog", { name: "Löschen bestätigen" });
    expect(dialog).toHaveTextContent("Möchtest du diesen Bot wirklich löschen?");
    expect(within(dialog).getByRole("button", { name: "Abbrechen" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Löschen" }));
    expect(await screen.findByText("Der Bot wurde gelöscht.")).toBeInTheDocument();
  });

  it("a failed delete gives false and is logged", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    deleteStatus = 500;
    await expect(deleteBot(1)).resolves.toBe(false);
    expect(logged).toHaveBeenCalledWith("[bots] delete failed", 1, expect.anything());
    deleteStatus = 204;
    await expect(deleteBot(1)).resolves.toBe(true);
  });

  it("colours status badges", () => {
    expect(statusBadgeColor("offline")).toBe("red");
    expect(statusBadgeColor(null)).toBe("red");
    expect(statusBadgeColor("paused")).toBe("orange");
    expect(statusBadgeColor("online")).toBe("green");
    expect(statusBadgeColor("starting")).toBe("yellow");
    expect(statusBadgeColor("stopping")).toBe("yellow");
    expect(statusBadgeColor("weird")).toBe("gray");
  });
});

describe("Bot anlegen", { timeout: 60_000 }, () => {
  it("picks a world the server knows, the own one first, and sends the chosen one", async () => {
    const user = userEvent.setup();
    renderApp("/bots");
    await user.click((await screen.findAllByRole("button", { name: "Bot anlegen" }))[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Bot anlegen" });
    const select = await within(dialog).findByRole("combobox", { name: "Welt" });
    await waitFor(() => expect(select).toHaveValue("DE230 · die-staemme.de – 38.219 Dörfer"));
    // No free text any more: neither a server nor a world code to type.
    expect(within(dialog).queryByRole("textbox", { name: /^Welt/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("combobox", { name: /^Server/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: "Welt fehlt? Unter „Welten“ hinzufügen" })).toHaveAttribute("href", "/worlds");

    await user.click(select);
    const listbox = await screen.findByRole("listbox");
    expect(within(listbox).getAllByRole("option").map((o) => o.textContent)).toEqual([
      "DE230 · die-staemme.de – 38.219 Dörfer",
      "DE232 · die-staemme.de – noch keine Daten",
    ]);
    await user.click(within(listbox).getByRole("option", { name: "DE232 · die-staemme.de – noch keine Daten" }));
    await user.type(within(dialog).getByRole("textbox", { name: /^Spielername/ }), "Neu");
    await user.click(within(dialog).getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(createdBodies).toEqual([{ dsPlayer: { name: "Neu" }, world: { server: "die-staemme.de", world: "de232" } }]));
  });

  it("starts on a known world when the own one is not known", async () => {
    knownWorlds = [knownWorld("de232", 0)];
    const user = userEvent.setup();
    renderApp("/bots");
    await user.click((await screen.findAllByRole("button", { name: "Bot anlegen" }))[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Bot anlegen" });
    const select = await within(dialog).findByRole("combobox", { name: "Welt" });
    await waitFor(() => expect(select).toHaveValue("DE232 · die-staemme.de – noch keine Daten"));
  });

  it("tells a user who sees no known world whom to ask, and offers no save", async () => {
    knownWorlds = [];
    signIn(plainUser);
    const user = userEvent.setup();
    renderApp("/bots");
    await user.click((await screen.findAllByRole("button", { name: "Bot anlegen" }))[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Bot anlegen" });
    expect(await within(dialog).findByText("Der Server kennt noch keine Welt.")).toBeInTheDocument();
    expect(within(dialog).getByText("Bitte einen Administrator, deine Welt unter „Welten“ hinzuzufügen. Danach kannst du sie hier wählen.")).toBeInTheDocument();
    expect(within(dialog).queryByRole("link", { name: /Welten/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Speichern" })).toBeDisabled();
  });

  it("shows the server's refusal of an unknown world on the world field", async () => {
    const refusal = "Diese Welt kennt der Server nicht. Wähle eine der bekannten Welten; fehlt deine, kann ein Administrator sie unter „Welten“ hinzufügen.";
    mockFetch({
      "GET /api/client-config": () => json(200, { apiBases: {}, version: "0.1.0" }),
      "GET /api/auth/me": () => json(200, { user: adminUser }),
      "GET /api/dsbot": () => json(200, { dsbots: [], totals: 0 }),
      "GET /api/worlds": () => json(200, { worlds: knownWorlds }),
      "POST /api/dsbot": () => json(400, { error: { code: "bad_request", message: refusal, issues: [{ path: "world", message: refusal }] } }),
    });
    const user = userEvent.setup();
    renderApp("/bots");
    await user.click((await screen.findAllByRole("button", { name: "Bot anlegen" }))[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Bot anlegen" });
    await waitFor(() => expect(within(dialog).getByRole("combobox", { name: "Welt" })).toHaveValue("DE230 · die-staemme.de – 38.219 Dörfer"));
    await user.type(within(dialog).getByRole("textbox", { name: /^Spielername/ }), "Neu");
    await user.click(within(dialog).getByRole("button", { name: "Speichern" }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
  });
});

describe("Bot manager", { timeout: 60_000 }, () => {
  it("selects only eligible bots, toggles all, and starts the selection on the active runner", async () => {
    const user = userEvent.setup();
    const started: unknown[] = [];
    mockFetch({
      "GET /api/client-config": () => json(200, { apiBases: {}, version: "0.1.0" }),
      "GET /api/auth/me": () => json(200, { user: adminUser }),
      "GET /api/dsbot": () => json(200, { dsbots: [botKalle, botOnline, botNoRunner], totals: 3 }),
      "GET /api/websocket-connections": () =>
        json(200, {
          websocketConnections: [
            { id: 11, origin: "bot-user", dsbotId: 1, runnerName: "Desktop" },
            { id: 12, origin: "bot-user", dsbotId: 2, runnerName: "Desktop" },
            { id: 21, origin: "bot-user", dsbotId: 1, runnerName: "Laptop" },
          ],
        }),
      "POST /api/dsbot/1/start": ({ body }) => {
        started.push(body);
        return json(200, { dsbot: { ...botKalle, status: "starting" } });
      },
    });
    renderApp("/bots");
    const manager = await screen.findByRole("table", { name: "Bot-Manager-Auswahl" });
    await within(manager).findByText("Kalle");
    expect(within(manager).getByRole("checkbox", { name: "Berta auswählen" })).toBeDisabled();
    expect(within(manager).getByRole("checkbox", { name: "Otto auswählen" })).toBeDisabled();
    const selectAll = within(manager).getByRole("checkbox", { name: "Alle auswählbaren Bots wählen" });
    await user.click(selectAll);
    expect(within(manager).getByRole("checkbox", { name: "Kalle auswählen" })).toBeChecked();
    await user.click(selectAll);
    expect(within(manager).getByRole("checkbox", { name: "Kalle auswählen" })).not.toBeChecked();
    await user.click(within(manager).getByRole("checkbox", { name: "Kalle auswählen" }));

    const startButton = screen.getByRole("button", { name: "Ausgewählte starten" });
    expect(startButton).toBeDisabled();
    await user.click(screen.getByPlaceholderText("Verbindung wählen"));
    // One entry per runner, named with how many bots it offers; the start uses Kalle's connection on it.
    const listbox = await screen.findByRole("listbox");
    expect(within(listbox).getAllByRole("option").map((option) => option.textContent)).toEqual(["Desktop · 2 Bots", "Laptop · 1 Bot"]);
    await user.click(within(listbox).getByRole("option", { name: "Laptop · 1 Bot" }));
    await waitFor(() => expect(startButton).toBeEnabled());
    await user.click(startButton);
    await waitFor(() => expect(started).toEqual([{ websocketConnectionId: 21 }]));
    expect(await screen.findByText("1 Bot wird gestartet.")).toBeInTheDocument();
  });
});
