import type { WorldSummary } from "@dsbot/protocol";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { queryClient } from "@/lib/query-client";
import { useSession } from "@/lib/session";
import { apiError, json, mockFetch, type FetchHandler } from "@/test/fetch-mock";
import { adminUser, plainUser } from "@/test/fixtures";
import { renderApp, signIn } from "@/test/render-app";
import { FakeXhr, mockXhr } from "@/test/xhr-mock";

const de230: WorldSummary = {
  id: 1,
  server: "die-staemme.de",
  world: "de230",
  villages: 38219,
  players: 10234,
  allies: 534,
  dataVersion: 3,
  lastImportAt: "2026-11-20T10:15:00.000Z",
  lastSyncAt: "2026-11-24T09:00:00.000Z",
  lastSyncError: null,
  syncEnabled: true,
  syncing: false,
  timeZone: "Europe/Berlin",
  timeZoneDefault: "Europe/Berlin",
  config: null,
  units: null,
};
const de231: WorldSummary = {
  ...de230,
  id: 2,
  world: "de231",
  villages: 0,
  players: 0,
  allies: 0,
  dataVersion: 0,
  lastImportAt: null,
  lastSyncAt: null,
  lastSyncError: "Abgleich fehlgeschlagen: village.txt.gz: Der Spielserver antwortete mit HTTP 404. Die bisherigen Daten bleiben erhalten.",
};

let worlds: WorldSummary[];
let posted: unknown[];
let patched: unknown[];
let listCalls: number;

function setup(extra: Record<string, FetchHandler> = {}) {
  worlds = [de230, de231];
  posted = [];
  patched = [];
  listCalls = 0;
  mockFetch({
    "GET /api/client-config": () => json(200, { apiBases: {}, version: "0.1.0" }),
    "GET /api/auth/me": () => json(200, { user: adminUser }),
    "GET /api/worlds": () => {
      listCalls += 1;
      return json(200, { worlds });
    },
    "POST /api/worlds": ({ body }) => {
      posted.push(body);
      const created = { ...de231, id: 3, world: (body as { world: string }).world, lastSyncError: null };
      worlds = [...worlds, created];
      return json(201, { world: created });
    },
    "PATCH /api/worlds/1": ({ body }) => {
      patched.push(body);
      worlds = worlds.map((w) => (w.id === 1 ? { ...w, ...(body as object) } : w));
      return json(200, { world: worlds[0] });
    },
    "POST /api/worlds/1/sync": () => json(200, { world: { ...de230, lastSyncAt: "2026-11-24T10:00:00.000Z" } }),
    "POST /api/worlds/2/sync": () => json(200, { world: de231 }),
    ...extra,
  });
  signIn(adminUser);
}

beforeEach(() => {
  mockXhr();
});

afterEach(() => {
  useSession.setState({ token: null, user: null });
  queryClient.clear();
  toast.dismiss();
});

const table = () => screen.findByRole("table", { name: "Bekannte Welten" });
const row = async (label: string): Promise<HTMLElement> => {
  const cell = await within(await table()).findByText(label);
  const found = cell.closest("tr");
  if (!found) throw new Error(`no row ${label}`);
  return found;
};

function file(name: string, content = "1,Dorf,500,500,0,100,0") {
  return new File([content], name, { type: "application/octet-stream" });
}

describe("Welten", { timeout: 60_000 }, () => {
  it("lists the known worlds with counts, dates, the sync switch and the sync error in red", async () => {
    setup();
    renderApp("/worlds");
    expect(await screen.findByRole("heading", { name: "Welten" })).toBeInTheDocument();
    const t = await table();
    for (const header of ["Welt", "Dörfer", "Spieler", "Stämme", "Letzter Import", "Letzter Abgleich", "Abgleich"]) {
      expect(within(t).getByRole("columnheader", { name: header })).toBeInTheDocument();
    }
    const first = await row("DE230");
    expect(within(first).getByText("38.219")).toBeInTheDocument();
    expect(within(first).getByText("10.234")).toBeInTheDocument();
    expect(within(first).getByText("534")).toBeInTheDocument();
    expect(within(first).getAllByText(/^\d{2}\.\d{2}\.\d{2} \d{2}:\d{2}$/)).toHaveLength(2);
    expect(within(first).getByRole("switch", { name: "Abgleich mit dem Spiel für DE230" })).toBeChecked();

    const second = await row("DE231");
    expect(within(second).getAllByText("Nie")).toHaveLength(2);
    const error = within(second).getByText(/Der Spielserver antwortete mit HTTP 404/);
    expect(error).toHaveAttribute("data-sync-error");
    expect(error).toHaveStyle({ color: "var(--mantine-color-red-5)" });

    // The sidebar renders on its own (it waited for nothing here and was once not there yet under load).
    const nav = await screen.findByRole("navigation", { name: "Hauptnavigation" });
    // The sidebar has no "Welten": Benutzer, where the admin comes from, stays highlighted.
    expect(await within(nav).findByRole("link", { name: "Benutzer" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).queryByRole("link", { name: "Welten" })).toBeNull();
  });

  it("shows no old sync error for a world whose sync is off", async () => {
    setup();
    worlds = [{ ...de231, syncEnabled: false }];
    renderApp("/worlds");
    const off = await row("DE231");
    expect(within(off).getByRole("switch")).not.toBeChecked();
    expect(within(off).queryByText(/Abgleich fehlgeschlagen/)).toBeNull();
    expect(off.querySelector("[data-sync-error]")).toBeNull();
  });

  it("shows 'Abgleich läuft …' while a world syncs and asks again until its data is there", async () => {
    setup();
    const syncing = { ...de231, id: 3, world: "de232", lastSyncError: null, syncing: true };
    worlds = [de230, syncing];
    renderApp("/worlds");
    const running = await row("DE232");
    expect(within(running).getByText("Abgleich läuft …")).toBeInTheDocument();
    expect(within(running).getByRole("button", { name: "Jetzt abgleichen" })).toHaveAttribute("data-loading", "true");
    const calls = listCalls;
    worlds = [de230, { ...syncing, syncing: false, villages: 4, lastSyncAt: "2026-11-24T10:00:00.000Z" }];
    await waitFor(async () => expect(within(await row("DE232")).getByText("4")).toBeInTheDocument());
    expect(listCalls).toBeGreaterThan(calls);
    expect(within(await row("DE232")).queryByText("Abgleich läuft …")).toBeNull();
  });

  it("shows the empty state, and an error state with a retry", async () => {
    setup({ "GET /api/worlds": () => json(200, { worlds: [] }) });
    renderApp("/worlds");
    expect(await screen.findByText("Noch keine Welt bekannt.")).toBeInTheDocument();
    cleanup();
    queryClient.clear();

    let fail = true;
    setup({ "GET /api/worlds": () => (fail ? apiError(500, "internal", "Interner Serverfehler.") : json(200, { worlds: [de230] })) });
    renderApp("/worlds");
    expect(await screen.findByText("Interner Serverfehler.")).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole("button", { name: "Erneut versuchen" }));
    expect(await row("DE230")).toBeInTheDocument();
  });

  it("is for admins only", async () => {
    setup({ "GET /api/auth/me": () => json(200, { user: plainUser }) });
    signIn(plainUser);
    renderApp("/worlds");
    expect(await screen.findByText("Dafür fehlt dir die Berechtigung.")).toBeInTheDocument();
    expect(listCalls).toBe(0);
  });

  it("adds a world through 'Welt hinzufügen' and shows a taken one's German refusal at the field", async () => {
    const user = userEvent.setup();
    setup();
    renderApp("/worlds");
    await table();
    await user.click(screen.getByRole("button", { name: "Welt hinzufügen" }));
    const dialog = await screen.findByRole("dialog", { name: "Welt hinzufügen" });
    await user.type(within(dialog).getByRole("textbox", { name: /^Welt/ }), "DE232");
    await user.click(within(dialog).getByRole("button", { name: "Hinzufügen" }));
    await waitFor(() => expect(posted).toEqual([{ server: "die-staemme.de", world: "de232" }]));
    expect(await screen.findByText("Die Welt DE232 (die-staemme.de) wurde hinzugefügt.")).toBeInTheDocument();
    expect(await row("DE232")).toBeInTheDocument();

    mockFetch({
      "GET /api/worlds": () => json(200, { worlds }),
      "POST /api/worlds": () => apiError(409, "conflict", "Diese Welt gibt es bereits."),
    });
    await user.click(screen.getByRole("button", { name: "Welt hinzufügen" }));
    const again = await screen.findByRole("dialog", { name: "Welt hinzufügen" });
    await user.type(within(again).getByRole("textbox", { name: /^Welt/ }), "de230");
    await user.click(within(again).getByRole("button", { name: "Hinzufügen" }));
    expect(await within(again).findByText("Diese Welt gibt es bereits.")).toBeInTheDocument();
  });

  it("imports files with upload progress, then 'Importiere …', then the counts", async () => {
    const user = userEvent.setup();
    setup();
    renderApp("/worlds");
    await user.click(within(await row("DE231")).getByRole("button", { name: "Dateien importieren" }));
    const dialog = await screen.findByRole("dialog", { name: "Dateien importieren – DE231" });
    await user.upload(within(dialog).getByLabelText("Weltdateien", { selector: "input" }), [
      file("village.txt.gz"),
      file("player.txt"),
      file("ally.txt"),
      file("get_config.xml", "<config/>"),
    ]);
    await user.click(within(dialog).getByRole("button", { name: "Importieren" }));

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0] as FakeXhr;
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toMatch(/\/api\/worlds\/2\/import$/);
    expect(xhr.headers.authorization).toBe("Bearer test-token");
    expect(xhr.fileNames()).toEqual(["village.txt.gz", "player.txt", "ally.txt", "get_config.xml"]);

    act(() => xhr.progress(400, 1000));
    expect(await within(dialog).findByText("Hochladen … 40 %")).toBeInTheDocument();
    expect(within(dialog).getByRole("progressbar", { name: "Hochladen … 40 %" })).toHaveAttribute("aria-valuenow", "40");
    act(() => xhr.progress(1000, 1000));
    expect(await within(dialog).findByText("Importiere … Der Server prüft und schreibt die Daten.")).toBeInTheDocument();

    const calls = listCalls;
    act(() =>
      xhr.respond(200, {
        world: { ...de231, villages: 1, players: 0, allies: 0 },
        imported: { villages: 1, players: 0, allies: 0, config: true, unitInfo: false },
        durationMs: 1234,
      }),
    );
    expect(await screen.findByText("DE231: 1 Dorf, 0 Spieler und 0 Stämme importiert (1,2 s).")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(listCalls).toBeGreaterThan(calls));
  });

  it("shows a refused import's German message in the dialog and keeps the chosen files for another try", async () => {
    const user = userEvent.setup();
    setup();
    renderApp("/worlds");
    await user.click(within(await row("DE230")).getByRole("button", { name: "Dateien importieren" }));
    const dialog = await screen.findByRole("dialog", { name: "Dateien importieren – DE230" });
    await user.upload(within(dialog).getByLabelText("Weltdateien", { selector: "input" }), [file("village.txt"), file("player.txt"), file("ally.txt")]);
    await user.click(within(dialog).getByRole("button", { name: "Importieren" }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => (FakeXhr.sent[0] as FakeXhr).respond(400, { error: { code: "bad_request", message: "player.txt, Zeile 3: Es werden 6 Felder erwartet, gefunden 2." } }));

    expect(await within(dialog).findByText("Import abgelehnt – die bisherigen Daten bleiben erhalten")).toBeInTheDocument();
    expect(within(dialog).getByText("player.txt, Zeile 3: Es werden 6 Felder erwartet, gefunden 2.")).toBeInTheDocument();
    // The chosen files are still there.
    expect(within(dialog).getByText(/village\.txt/, { selector: "button, button *" })).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Importieren" }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect((FakeXhr.sent[1] as FakeXhr).fileNames()).toEqual(["village.txt", "player.txt", "ally.txt"]);
  });

  it("names missing and unknown files before sending anything", async () => {
    const user = userEvent.setup();
    setup();
    renderApp("/worlds");
    await user.click(within(await row("DE230")).getByRole("button", { name: "Dateien importieren" }));
    const dialog = await screen.findByRole("dialog", { name: "Dateien importieren – DE230" });
    await user.click(within(dialog).getByRole("button", { name: "Importieren" }));
    expect(within(dialog).getByText("Es fehlen noch: village.txt, player.txt, ally.txt.")).toBeInTheDocument();
    await user.upload(within(dialog).getByLabelText("Weltdateien", { selector: "input" }), [file("village.txt"), file("notizen.txt")]);
    expect(await within(dialog).findByText("Unbekannte Dateien: notizen.txt. Es fehlen noch: player.txt, ally.txt.")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Importieren" })).toBeDisabled();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it("syncs a world now and turns a world's sync off", async () => {
    const user = userEvent.setup();
    setup();
    renderApp("/worlds");
    await user.click(within(await row("DE230")).getByRole("button", { name: "Jetzt abgleichen" }));
    expect(await screen.findByText("DE230 ist abgeglichen: 38.219 Dörfer.")).toBeInTheDocument();

    await user.click(within(await row("DE231")).getByRole("button", { name: "Jetzt abgleichen" }));
    expect(await screen.findByText("Der Abgleich von DE231 ist fehlgeschlagen.")).toBeInTheDocument();

    await user.click(within(await row("DE230")).getByRole("switch", { name: "Abgleich mit dem Spiel für DE230" }));
    await waitFor(() => expect(patched).toEqual([{ syncEnabled: false }]));
    expect(await screen.findByText("DE230 wird nicht mehr mit dem Spiel abgeglichen.")).toBeInTheDocument();
    await waitFor(async () => expect(within(await row("DE230")).getByRole("switch")).not.toBeChecked());
    expect(within(await row("DE230")).getByRole("button", { name: "Jetzt abgleichen" })).toBeDisabled();
  });

  it("corrects a world's server time zone, refusing an unknown one in German, and goes back to the market's", async () => {
    const user = userEvent.setup();
    setup({
      "PATCH /api/worlds/1": ({ body }) => {
        patched.push(body);
        const zone = (body as { timeZone: string | null }).timeZone;
        worlds = worlds.map((w) => (w.id === 1 ? { ...w, timeZone: zone ?? w.timeZoneDefault } : w));
        return json(200, { world: worlds[0] });
      },
    });
    renderApp("/worlds");
    expect(within(await row("DE230")).getByTestId("world-time-zone")).toHaveTextContent("Europe/Berlin");
    await user.click(within(await row("DE230")).getByRole("button", { name: "Zeitzone von DE230 ändern" }));
    const dialog = await screen.findByRole("dialog", { name: "Zeitzone – DE230" });
    expect(within(dialog).getByRole("button", { name: "Markt-Zeitzone" })).toBeDisabled();
    const input = within(dialog).getByRole("combobox", { name: "Zeitzone der Serverzeit" });
    await user.clear(input);
    await user.type(input, "Mars/Olympus");
    await user.click(within(dialog).getByRole("button", { name: "Speichern" }));
    expect(await within(dialog).findByText("Unbekannte Zeitzone, z. B. Europe/Berlin oder Europe/London.")).toBeInTheDocument();
    expect(patched).toEqual([]);

    await user.clear(input);
    await user.type(input, "Europe/London");
    await user.click(within(dialog).getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(patched).toEqual([{ timeZone: "Europe/London" }]));
    expect(await screen.findByText("DE230 läuft jetzt auf Europe/London.")).toBeInTheDocument();
    await waitFor(async () => expect(within(await row("DE230")).getByTestId("world-time-zone")).toHaveTextContent("Europe/London"));

    await user.click(within(await row("DE230")).getByRole("button", { name: "Zeitzone von DE230 ändern" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Zeitzone – DE230" })).getByRole("button", { name: "Markt-Zeitzone" }));
    await waitFor(() => expect(patched).toEqual([{ timeZone: "Europe/London" }, { timeZone: null }]));
    await waitFor(async () => expect(within(await row("DE230")).getByTestId("world-time-zone")).toHaveTextContent("Europe/Berlin"));
  });
});
