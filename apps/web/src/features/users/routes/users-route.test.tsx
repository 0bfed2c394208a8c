import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { queryClient } from "@/lib/query-client";
import { useSession } from "@/lib/session";
import { adminUser, plainUser } from "@/test/fixtures";
import { json, mockFetch } from "@/test/fetch-mock";
import { renderApp, signIn } from "@/test/render-app";

let listCalls: URLSearchParams[] = [];
let deleted: string[] = [];

beforeEach(() => {
  listCalls = [];
  deleted = [];
  mockFetch({
    "GET /api/client-config": () => json(200, { apiBases: {}, version: "0.1.0" }),
    "GET /api/auth/me": () => json(200, { user: adminUser }),
    "GET /api/users": ({ url }) => {
      listCalls.push(url.searchParams);
      return json(200, { users: [adminUser, plainUser], totals: 2 });
    },
    "DELETE /api/users/2": ({ url }) => {
      deleted.push(url.pathname);
      return new Response(null, { status: 204 });
    },
  });
  signIn(adminUser);
});

afterEach(() => useSession.setState({ token: null, user: null }));

// Whole-route renders can take over 5 s on a loaded machine.
describe("Benutzer list", { timeout: 60_000 }, () => {
  it("renders the users with German columns and dates DD.MM.YY HH:mm", async () => {
    renderApp("/users");
    const table = await screen.findByRole("table", { name: "Benutzerliste" });
    for (const header of ["Benutzername", "Rolle", "Welt", "Erstellt"]) {
      expect(within(table).getByRole("columnheader", { name: header })).toBeInTheDocument();
    }
    expect(await within(table).findByRole("link", { name: "demo" })).toHaveAttribute("href", "/users/2");
    expect(within(table).getByText("Administrator")).toBeInTheDocument();
    expect(within(table).getAllByText(/^\d{2}\.\d{2}\.\d{2} \d{2}:\d{2}$/)).toHaveLength(2);
    expect(screen.getByText("1–2 von 2")).toBeInTheDocument();
  });

  it("sends the search once typing has stopped and sorts on header click", async () => {
    const user = userEvent.setup();
    renderApp("/users");
    await screen.findByRole("link", { name: "demo" });
    await user.type(screen.getByRole("textbox", { name: "Suche" }), "dem");
    await waitFor(() => expect(listCalls.at(-1)?.get("searchVal")).toBe("dem"));
    expect(listCalls.some((p) => p.get("searchVal") === "d" || p.get("searchVal") === "de")).toBe(false);

    await user.click(screen.getByRole("button", { name: "Benutzername" }));
    await waitFor(() => expect(listCalls.at(-1)?.get("sortBy")).toBe("-username"));
    await waitFor(() => expect(screen.getByRole("columnheader", { name: "Benutzername" })).toHaveAttribute("aria-sort", "descending"));
  });

  it("deletes a user only after 'Löschen bestätigen'", async () => {
    const user = userEvent.setup();
    renderApp("/users");
    await user.click(await screen.findByRole("button", { name: "demo löschen" }));
    const dialog = await screen.findByRole("dialog", { name: "Löschen bestätigen" });
    expect(dialog).toHaveTextContent("Möchtest du diesen Benutzer wirklich löschen?");
    await user.click(within(dialog).getByRole("button", { name: "Löschen" }));
    await waitFor(() => expect(deleted).toEqual(["/api/users/2"]));
    expect(await screen.findByText("Der Benutzer wurde gelöscht.")).toBeInTheDocument();
  });
});

describe("Benutzer anlegen", { timeout: 60_000 }, () => {
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

  function setupCreate(worlds: unknown[]) {
    const created: unknown[] = [];
    mockFetch({
      "GET /api/client-config": () => json(200, { apiBases: {}, version: "0.1.0" }),
      "GET /api/auth/me": () => json(200, { user: adminUser }),
      "GET /api/users": () => json(200, { users: [adminUser], totals: 1 }),
      "GET /api/worlds": () => json(200, { worlds }),
      "POST /api/users": ({ body }) => {
        created.push(body);
        return json(201, { user: { ...plainUser, id: 3, username: "neu" } });
      },
    });
    return created;
  }

  afterEach(() => queryClient.clear());

  it("picks a world the server knows instead of typing one, and sends it", async () => {
    const created = setupCreate([knownWorld("de230", 38219), knownWorld("de232", 0)]);
    const user = userEvent.setup();
    renderApp("/users");
    await user.click(await screen.findByRole("button", { name: "Benutzer anlegen" }));
    const dialog = await screen.findByRole("dialog", { name: "Benutzer anlegen" });
    const select = await within(dialog).findByRole("combobox", { name: "Welt" });
    await waitFor(() => expect(select).toHaveValue("DE230 · die-staemme.de – 38.219 Dörfer"));
    expect(within(dialog).queryByRole("combobox", { name: /^Server/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: "Welt fehlt? Unter „Welten“ hinzufügen" })).toHaveAttribute("href", "/worlds");
    await user.click(select);
    await user.click(within(await screen.findByRole("listbox")).getByRole("option", { name: "DE232 · die-staemme.de – noch keine Daten" }));
    await user.type(within(dialog).getByRole("textbox", { name: /^Benutzername/ }), "neu");
    await user.type(within(dialog).getByLabelText("Passwort", { exact: false, selector: "input" }), "langes-passwort-1");
    await user.click(within(dialog).getByRole("button", { name: "Speichern" }));
    await waitFor(() =>
      expect(created).toEqual([{ username: "neu", password: "langes-passwort-1", role: "user", world: { server: "die-staemme.de", world: "de232" } }]),
    );
  });

  it("sends an admin without any known world to 'Welten' first", async () => {
    setupCreate([]);
    const user = userEvent.setup();
    renderApp("/users");
    await user.click(await screen.findByRole("button", { name: "Benutzer anlegen" }));
    const dialog = await screen.findByRole("dialog", { name: "Benutzer anlegen" });
    expect(await within(dialog).findByText("Der Server kennt noch keine Welt.")).toBeInTheDocument();
    expect(within(dialog).getByText("Füge zuerst unter „Welten“ die Welt hinzu, auf der gespielt wird.")).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: "Zu den Welten" })).toHaveAttribute("href", "/worlds");
    expect(within(dialog).getByRole("button", { name: "Speichern" })).toBeDisabled();
  });
});
