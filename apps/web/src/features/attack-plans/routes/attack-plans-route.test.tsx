import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { queryClient } from "@/lib/query-client";
import { useSession } from "@/lib/session";
import { json, mockFetch, type FetchHandler } from "@/test/fetch-mock";
import { adminUser } from "@/test/fixtures";
import { renderApp, signIn } from "@/test/render-app";
import { makePlan, planOffensive } from "../test-fixtures";

let listCalls: URLSearchParams[] = [];

function setup(extra: Record<string, FetchHandler> = {}, plans = [planOffensive, makePlan({ id: 8, name: "Leer", access: "read", ownerName: "demo" })]) {
  listCalls = [];
  return mockFetch({
    "GET /api/client-config": () => json(200, { apiBases: {}, version: "0.1.0" }),
    "GET /api/auth/me": () => json(200, { user: adminUser }),
    "GET /api/dsbot": () => json(200, { dsbots: [], totals: 0 }),
    "GET /api/attack-plans": ({ url }) => {
      listCalls.push(url.searchParams);
      return json(200, { attackPlans: plans, totals: plans.length });
    },
    ...extra,
  });
}

beforeEach(() => signIn(adminUser));

afterEach(() => {
  useSession.setState({ token: null, user: null });
  queryClient.clear();
});

describe("Angriffspläne", { timeout: 60_000 }, () => {
  it("lists the plans: name linking to the plan, world, German status counts, next send with countdown, owner and access", async () => {
    setup();
    renderApp("/attack-plans");
    expect(await screen.findByRole("heading", { name: "Angriffspläne" })).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Angriffspläne" });
    expect(await within(table).findByRole("link", { name: "Offensive K55" })).toHaveAttribute("href", "/attack-plans/7");
    const row = within(table).getByRole("link", { name: "Offensive K55" }).closest("tr") as HTMLElement;
    expect(within(row).getByText("DE230")).toBeInTheDocument();
    expect(within(row).getByText("Geplant: 3").closest("[data-status]")).toHaveAttribute("data-status", "planned");
    expect(within(row).getByText("Fällig: 1")).toBeInTheDocument();
    expect(within(row).getByText("Gesendet: 2")).toBeInTheDocument();
    expect(within(row).getByText("Fehlgeschlagen: 1")).toBeInTheDocument();
    expect(within(row).queryByText(/Abgelaufen/)).not.toBeInTheDocument();
    expect(within(row).getByTestId("plan-countdown").textContent).toMatch(/^(0:59:\d\d|1:00:00)$/);
    expect(within(row).getByText("Besitzer")).toBeInTheDocument();
    const other = within(table).getByRole("link", { name: "Leer" }).closest("tr") as HTMLElement;
    expect(within(other).getByText("keine offenen")).toBeInTheDocument();
    expect(within(other).getByText("Nur ansehen")).toBeInTheDocument();
    // A read-only plan offers neither rename nor delete.
    expect(within(other).queryByRole("button", { name: "Leer löschen" })).not.toBeInTheDocument();
    expect(listCalls[0]?.get("sortBy")).toBe("-updatedAt");
  });

  it("shows the empty state with a create button", async () => {
    setup({}, []);
    renderApp("/attack-plans");
    expect(await screen.findByText("Noch keine Angriffspläne vorhanden.")).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "Angriffsplan anlegen" }).length).toBeGreaterThan(0);
  });

  it("shows the error state with a retry", async () => {
    setup({ "GET /api/attack-plans": () => json(500, { error: { code: "internal", message: "Kaputt." } }) });
    renderApp("/attack-plans");
    expect(await screen.findByText("Die Daten konnten nicht geladen werden.")).toBeInTheDocument();
    expect(screen.getByText("Kaputt.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Erneut versuchen" })).toBeInTheDocument();
  });

  it("creates a plan on the user's world and opens it", async () => {
    const user = userEvent.setup();
    const created: unknown[] = [];
    setup({
      "POST /api/attack-plans": ({ body }) => {
        created.push(body);
        return json(201, { attackPlan: makePlan({ id: 9, name: "Neu" }) });
      },
      "GET /api/attack-plans/9": () => json(200, { attackPlan: makePlan({ id: 9, name: "Neu" }) }),
      "GET /api/attack-plans/9/attacks": () => json(200, { attacks: [], totals: 0 }),
    });
    const { router } = renderApp("/attack-plans");
    await screen.findByRole("link", { name: "Offensive K55" });
    await user.click(screen.getByRole("button", { name: "Angriffsplan anlegen" }));
    const dialog = await screen.findByRole("dialog", { name: "Angriffsplan anlegen" });
    expect(within(dialog).getByRole("textbox", { name: "Welt" })).toHaveValue("de230");
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Neu");
    await user.click(within(dialog).getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(created).toEqual([{ name: "Neu", world: { server: "die-staemme.de", world: "de230" } }]));
    await waitFor(() => expect(router.state.location.pathname).toBe("/attack-plans/9"));
    expect(await screen.findByText("Der Angriffsplan „Neu“ wurde angelegt.")).toBeInTheDocument();
  });

  it("renames a plan", async () => {
    const user = userEvent.setup();
    const patched: unknown[] = [];
    setup({
      "PATCH /api/attack-plans/7": ({ body }) => {
        patched.push(body);
        return json(200, { attackPlan: { ...planOffensive, name: "Umbenannt" } });
      },
    });
    renderApp("/attack-plans");
    await user.click(await screen.findByRole("button", { name: "Offensive K55 umbenennen" }));
    const dialog = await screen.findByRole("dialog", { name: "Angriffsplan umbenennen" });
    const name = within(dialog).getByRole("textbox", { name: "Name" });
    expect(name).toHaveValue("Offensive K55");
    await user.clear(name);
    await user.type(name, "Umbenannt");
    await user.click(within(dialog).getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(patched).toEqual([{ name: "Umbenannt" }]));
  });

  it("deletes a plan only after 'Löschen bestätigen'", async () => {
    const user = userEvent.setup();
    let deleted = 0;
    setup({
      "DELETE /api/attack-plans/7": () => {
        deleted++;
        return new Response(null, { status: 204 });
      },
    });
    renderApp("/attack-plans");
    await user.click(await screen.findByRole("button", { name: "Offensive K55 löschen" }));
    let dialog = await screen.findByRole("dialog", { name: "Löschen bestätigen" });
    await user.click(within(dialog).getByRole("button", { name: "Abbrechen" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Löschen bestätigen" })).not.toBeInTheDocument());
    expect(deleted).toBe(0);
    await user.click(screen.getByRole("button", { name: "Offensive K55 löschen" }));
    dialog = await screen.findByRole("dialog", { name: "Löschen bestätigen" });
    expect(dialog).toHaveTextContent("Offensive K55");
    await user.click(within(dialog).getByRole("button", { name: "Löschen" }));
    await waitFor(() => expect(deleted).toBe(1));
    expect(await screen.findByText("Der Angriffsplan wurde gelöscht.")).toBeInTheDocument();
  });
});
