import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
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

describe("Benutzer list", () => {
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
    expect(screen.getByRole("columnheader", { name: "Benutzername" })).toHaveAttribute("aria-sort", "descending");
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
