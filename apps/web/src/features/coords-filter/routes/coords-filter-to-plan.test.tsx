// From the Koordinaten Filter to an attack plan's planner: the button only with a valid result, the
// dialog with the user's editable plans of the filter's world (or a new one), and the plan page that
// opens its planner with the filtered coordinates as targets, once.
import type { AttackPlan, AttackPlanCreate } from "@dsbot/protocol";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { queryClient } from "@/lib/query-client";
import { useSession } from "@/lib/session";
import { json, mockFetch } from "@/test/fetch-mock";
import { plainUser } from "@/test/fixtures";
import { renderApp, signIn } from "@/test/render-app";
import { makePlan } from "../../attack-plans/test-fixtures";
import { defaultCoordsFilterSettings } from "../lib/filter-settings";
import { useCoordsFilterStore } from "../stores/coords-filter-store";

const world = plainUser.world;
const plans: AttackPlan[] = [
  makePlan({ id: 7, name: "Offensive K55", world, access: "owner", ownerName: plainUser.username, total: 12 }),
  makePlan({ id: 8, name: "Geteilter Plan", world, access: "edit", ownerName: "kalle", total: 1 }),
  makePlan({ id: 9, name: "Nur zum Ansehen", world, access: "read", ownerName: "kalle" }),
  makePlan({ id: 10, name: "Andere Welt", world: { server: "die-staemme.de", world: "de230" }, access: "owner" }),
];

function setup(listed: AttackPlan[] = plans) {
  const created: AttackPlanCreate[] = [];
  const planRoutes = (plan: AttackPlan) => ({
    [`GET /api/attack-plans/${plan.id}`]: () => json(200, { attackPlan: plan }),
    [`GET /api/attack-plans/${plan.id}/attacks`]: () => json(200, { attacks: [], totals: 0 }),
  });
  const newPlan = makePlan({ id: 11, name: "Neue Offensive", world });
  mockFetch({
    "GET /api/client-config": () => json(200, { apiBases: {}, version: "0.1.0" }),
    "GET /api/auth/me": () => json(200, { user: plainUser }),
    // No world data: every coordinate stays in the result.
    "GET /api/worlds": () => json(200, { worlds: [] }),
    "GET /api/dsbot": () => json(200, { dsbots: [], totals: 0 }),
    "GET /api/attack-plans": () => json(200, { attackPlans: listed, totals: listed.length }),
    "POST /api/attack-plans": ({ body }) => {
      created.push(body as AttackPlanCreate);
      return json(201, { attackPlan: newPlan });
    },
    ...planRoutes(plans[0]!),
    ...planRoutes(newPlan),
  });
  signIn(plainUser);
  return { created };
}

const planButton = () => screen.getByRole("button", { name: "Als Ziele zum Angriffsplan hinzufügen" });

async function openFilterWith(text: string) {
  const user = userEvent.setup();
  const view = renderApp("/coords-filter");
  await screen.findByText("Noch keine Koordinaten.");
  await user.click(screen.getByRole("textbox", { name: "Text mit Koordinaten" }));
  await user.paste(text);
  await screen.findByRole("textbox", { name: "Gefilterte Koordinaten" });
  return { user, router: view.router };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(planButton());
  return screen.findByRole("dialog", { name: "Zum Angriffsplan hinzufügen" });
}

afterEach(() => {
  useSession.setState({ token: null, user: null });
  useCoordsFilterStore.setState({ text: "", settings: { ...defaultCoordsFilterSettings } });
  queryClient.clear();
});

describe("Koordinaten Filter → Angriffsplan", { timeout: 30_000 }, () => {
  it("offers the planner only for a valid result with at least one coordinate", async () => {
    setup();
    const user = userEvent.setup();
    renderApp("/coords-filter");
    await screen.findByText("Noch keine Koordinaten.");
    expect(planButton()).toBeDisabled();
    await user.click(screen.getByRole("textbox", { name: "Text mit Koordinaten" }));
    await user.paste("Ziele: kein einziges");
    expect(await screen.findByText("Im Text steht keine Koordinate.")).toBeInTheDocument();
    expect(planButton()).toBeDisabled();
    await user.paste(" 500|500 und 501|499");
    await screen.findByRole("textbox", { name: "Gefilterte Koordinaten" });
    expect(planButton()).toBeEnabled();
    await user.type(screen.getByRole("textbox", { name: "Mittelpunkt" }), "5000|1");
    expect(await screen.findByText("Bitte korrigiere die markierten Eingaben.")).toBeInTheDocument();
    expect(planButton()).toBeDisabled();
  });

  it("lists only the plans of the filter's world the user may edit", async () => {
    setup();
    const { user } = await openFilterWith("500|500 501|499");
    const dialog = await openDialog(user);
    expect(within(dialog).getByText(/^2 Koordinaten kommen als Ziele in den Planer .* auf DE231/)).toBeInTheDocument();
    const list = await within(dialog).findByRole("list", { name: "Angriffspläne" });
    expect(within(list).getAllByRole("button").map((b) => b.textContent)).toEqual(["Offensive K5512 Angriffe", "Geteilter Plan1 Angriff · von kalle"]);
    expect(within(dialog).queryByText("Nur zum Ansehen")).not.toBeInTheDocument();
    expect(within(dialog).queryByText("Andere Welt")).not.toBeInTheDocument();
  });

  it("opens the chosen plan's planner with the coordinates as targets, once", async () => {
    setup();
    const { user, router } = await openFilterWith("[coord]500|500[/coord], 501|499 und nochmal 500|500");
    const dialog = await openDialog(user);
    await user.click(await within(dialog).findByRole("button", { name: /^Offensive K55/ }));

    const planner = await screen.findByRole("dialog", { name: "Angriffe planen" });
    expect(router.state.location.pathname).toBe("/attack-plans/7");
    expect(within(planner).getByRole("textbox", { name: "Ziele" })).toHaveValue("500|500\n501|499");
    // The hand-over is used up: a reload or "back" to this entry does not open the planner again.
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(router.state.location.pathname).toBe("/attack-plans/7");

    await user.click(within(planner).getByRole("button", { name: "Abbrechen" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Angriffe planen" })).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: "Planer" }));
    const again = await screen.findByRole("dialog", { name: "Angriffe planen" });
    expect(within(again).getByRole("textbox", { name: "Ziele" })).toHaveValue("");
  });

  it("without a plan on the world: says so, links to the plans and creates one that opens with the targets", async () => {
    const { created } = setup([plans[3]!]);
    const { user, router } = await openFilterWith("510|490");
    const dialog = await openDialog(user);
    expect(await within(dialog).findByText("Noch kein Angriffsplan auf dieser Welt.")).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: "Zu den Angriffsplänen" })).toHaveAttribute("href", "/attack-plans");

    await user.click(within(dialog).getByRole("button", { name: "Anlegen und öffnen" }));
    expect(await within(dialog).findByText("Eingabe erforderlich")).toBeInTheDocument();
    await user.type(within(dialog).getByRole("textbox", { name: "Neuer Plan" }), "Neue Offensive");
    await user.click(within(dialog).getByRole("button", { name: "Anlegen und öffnen" }));

    const planner = await screen.findByRole("dialog", { name: "Angriffe planen" });
    expect(created).toEqual([{ name: "Neue Offensive", world }]);
    expect(router.state.location.pathname).toBe("/attack-plans/11");
    expect(within(planner).getByRole("textbox", { name: "Ziele" })).toHaveValue("510|490");
    expect(await screen.findByText("Der Angriffsplan „Neue Offensive“ wurde angelegt.")).toBeInTheDocument();
  });
});
