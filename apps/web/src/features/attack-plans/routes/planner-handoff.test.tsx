// Targets handed to a plan page in the navigation state (the Koordinaten Filter's way in): the planner
// opens with them when the user may edit the plan, never on a read-only plan; the state is dropped.
import { plannerMessages } from "@dsbot/protocol";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AppProviders } from "@/app/providers";
import { routeTree } from "@/app/router";
import { plannerHandoffState } from "@/lib/planner-handoff";
import { makeBot } from "@/test/bot-fixtures";
import { json } from "@/test/fetch-mock";
import { planOffensive } from "../test-fixtures";
import { mockPlanPage, setupPlanPageTests } from "../test-setup";

setupPlanPageTests();

function renderWithState(state: unknown) {
  const router = createMemoryRouter(routeTree, { initialEntries: [{ pathname: "/attack-plans/7", state }] });
  render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe("Planer from the navigation state", { timeout: 60_000 }, () => {
  it("opens the planner with the handed targets on a plan the user may edit", async () => {
    mockPlanPage();
    const router = renderWithState(plannerHandoffState("500|500\n501|499"));
    const planner = await screen.findByRole("dialog", { name: "Angriffe planen" });
    expect(within(planner).getByRole("textbox", { name: "Ziele" })).toHaveValue("500|500\n501|499");
    await waitFor(() => expect(router.state.location.state).toBeNull());
  });

  it("'Verteidigen' opens the support planner with one support per target from every bot on the plan's world, arriving by the deadline", async () => {
    const sent: Record<string, unknown>[] = [];
    mockPlanPage({
      routes: {
        "POST /api/attack-plans/7/planner": ({ body }) => {
          sent.push(body as Record<string, unknown>);
          return json(200, { attacks: [], unserved: [{ target: "500|500", type: "support", requested: 2, planned: 0, reason: plannerMessages.late }], unknownCoords: [], saved: 0 });
        },
        "GET /api/dsbot": () =>
          json(200, {
            dsbots: [makeBot({ id: 1, dsPlayer: { name: "Kalle" }, status: "online" }), makeBot({ id: 2, dsPlayer: { name: "Zora" }, status: "offline" }), makeBot({ id: 3, dsPlayer: { name: "Woanders" }, world: { server: "die-staemme.de", world: "de199" } })],
            totals: 3,
          }),
      },
    });
    const arriveBy = Math.floor(Date.now() / 1000) * 1000 + 2 * 3_600_000 + 678;
    renderWithState(plannerHandoffState("500|500", { arriveBy }));
    // Supports in their own words: no "Angriff" to read, no attack types or window start to set.
    const planner = await screen.findByRole("dialog", { name: "Unterstützung planen" });
    expect(within(planner).getByRole("textbox", { name: "Ziele" })).toHaveValue("500|500");
    // The deadline to the millisecond, in the plan's server time.
    expect(within(planner).getByRole<HTMLInputElement>("textbox", { name: "Ankunft spätestens" }).value).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d:678$/);
    expect(within(planner).queryByRole("textbox", { name: "Ankunft frühestens" })).not.toBeInTheDocument();
    expect(within(planner).queryByRole("button", { name: "Angriff 0" })).not.toBeInTheDocument();
    expect(within(planner).getByText("Truppen je Unterstützung")).toBeInTheDocument();
    expect(within(planner).queryByText(/Angriff|Angreifer/)).not.toBeInTheDocument();
    // Both bots of the plan's world with their status, not the one elsewhere; the one not running is named.
    // Both are chosen by an effect once the bots have loaded, a render after their options show.
    expect(await within(planner).findByTestId("defend-idle-bots")).toHaveTextContent("Zora läuft gerade nicht");
    expect(within(planner).getAllByText("Zora (Offline)").length).toBeGreaterThan(0);
    expect(within(planner).getAllByText("Kalle (Online)").length).toBeGreaterThan(0);
    fireEvent.click(within(planner).getByRole("button", { name: "Vorschau" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      attackers: { kind: "bots", dsbotIds: [1, 2] },
      targets: "500|500",
      defend: true,
      settings: { counts: { support: 1 }, window: { to: arriveBy } },
    });
    expect((sent[0] as { settings: { counts: Record<string, number> } }).settings.counts.attack ?? 0).toBe(0);
    // What it could not plan is said of the bots, not of an arrival window.
    const unserved = await within(planner).findByRole("list", { name: "Nicht genug Unterstützung" });
    expect(unserved).toHaveTextContent("500|500 · Unterstützung: 0 von 2 – Die übrigen Bots haben kein Dorf, dessen Unterstützung mit einer Minute Vorlauf noch rechtzeitig ankommt.");
    expect(within(planner).getByText("Keine Unterstützung geplant.")).toBeInTheDocument();
  });

  it("ignores them on a read-only plan and drops them all the same", async () => {
    mockPlanPage({ plan: { ...planOffensive, access: "read" } });
    const router = renderWithState(plannerHandoffState("500|500"));
    expect(await screen.findByText(/nur ansehen/i)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(screen.queryByRole("dialog", { name: "Angriffe planen" })).not.toBeInTheDocument();
  });

  it("ignores other state", async () => {
    mockPlanPage();
    renderWithState({ plannerTargets: "   " });
    expect(await screen.findByRole("heading", { name: "Offensive K55" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Angriffe planen" })).not.toBeInTheDocument();
  });
});
