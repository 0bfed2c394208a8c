// Targets handed to a plan page in the navigation state (the Koordinaten Filter's way in): the planner
// opens with them when the user may edit the plan, never on a read-only plan; the state is dropped.
import { configure, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AppProviders } from "@/app/providers";
import { routeTree } from "@/app/router";
import { plannerHandoffState } from "@/lib/planner-handoff";
import { planOffensive } from "../test-fixtures";
import { mockPlanPage, setupPlanPageTests } from "../test-setup";

configure({ asyncUtilTimeout: 5000 });

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

describe("Planer from the navigation state", { timeout: 20_000 }, () => {
  it("opens the planner with the handed targets on a plan the user may edit", async () => {
    mockPlanPage();
    const router = renderWithState(plannerHandoffState("500|500\n501|499"));
    const planner = await screen.findByRole("dialog", { name: "Angriffe planen" });
    expect(within(planner).getByRole("textbox", { name: "Ziele" })).toHaveValue("500|500\n501|499");
    await waitFor(() => expect(router.state.location.state).toBeNull());
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
