import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { PlannerResponse } from "@dsbot/protocol";
import { makeBot } from "@/test/bot-fixtures";
import { json } from "@/test/fetch-mock";
import { renderApp } from "@/test/render-app";
import { mockPlanPage, setupPlanPageTests } from "../test-setup";

const send = Date.UTC(2030, 11, 24, 15, 30, 0, 0);
const answer: PlannerResponse = {
  attacks: [
    { from: "500|500", to: "510|510", fromVillageId: 5, toVillageId: 6, attacker: "Kalle", defender: "Gegner", type: "attack", units: { axe: 6000, light: 2500, ram: 250 }, unit: "ram", sendTime: send, arrivalTime: send + 9_000_000, priority: 3 },
    { from: "501|500", to: "511|511", fromVillageId: 7, toVillageId: 8, attacker: "Kalle", defender: null, type: "attack", units: { axe: 6000, ram: 250 }, unit: "ram", sendTime: send + 1000, arrivalTime: send + 9_001_000, priority: 3 },
  ],
  unserved: [{ target: "512|512", type: "attack", requested: 1, planned: 0, reason: "Kein freies Dorf erreicht das Ziel noch im Ankunftsfenster." }],
  unknownCoords: ["999|999"],
  saved: 0,
};

setupPlanPageTests();

function setup(reply: PlannerResponse = answer) {
  const sent: Record<string, unknown>[] = [];
  const mock = mockPlanPage({
    routes: {
      "GET /api/dsbot": () =>
        json(200, {
          dsbots: [makeBot({ id: 1, dsPlayer: { name: "Kalle" } }), makeBot({ id: 2, dsPlayer: { name: "Woanders" }, world: { server: "die-staemme.de", world: "de199" } })],
          totals: 2,
        }),
      "POST /api/attack-plans/7/planner": ({ body }) => {
        const request = body as Record<string, unknown>;
        sent.push(request);
        return json(200, request.save ? { ...reply, saved: 2 } : reply);
      },
    },
  });
  return { sent, mock };
}

async function openPlanner() {
  const user = userEvent.setup();
  renderApp("/attack-plans/7");
  await screen.findByRole("table", { name: "Angriffe" });
  await user.click(await screen.findByRole("button", { name: "Planer" }));
  return { user, dialog: await screen.findByRole("dialog", { name: "Angriffe planen" }) };
}

describe("Planer", { timeout: 60_000 }, () => {
  it("says why nothing was planned and fits the template to the strongest scanned village", async () => {
    const { sent } = setup({
      attacks: [],
      unserved: [],
      unknownCoords: [],
      saved: 0,
      attackerVillages: { villages: 3, scanned: 3, able: { attack: 0 }, fitted: { attack: { axe: 180, ram: 4 } } },
    });
    const { user, dialog } = await openPlanner();
    await user.click(within(dialog).getByRole("combobox", { name: "Bots" }));
    await user.click(within(await screen.findByRole("listbox")).getByRole("option", { name: "Kalle" }));
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Ziele" }), { target: { value: "510|510" } });
    await user.click(within(dialog).getByRole("button", { name: "Vorschau" }));
    const summary = await within(dialog).findByTestId("planner-attackers");
    expect(summary).toHaveTextContent("3 Angreiferdörfer, davon 3 mit gescannten Truppen");
    expect(summary).toHaveTextContent("Kein Angreiferdorf hat genug Truppen für die Vorlage „Angriff“ (laut letztem Scan).");
    await user.click(within(summary).getByRole("button", { name: "Vorlagen an die gescannten Truppen anpassen" }));
    await user.click(within(dialog).getByRole("button", { name: "Vorschau" }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect((sent[1] as { settings: { templates: unknown } }).settings.templates).toEqual({ attack: { axe: 180, ram: 4 } });
  });

  it("previews the plan of the chosen bots against pasted targets: attacks, unserved targets with reasons, unknown coordinates", async () => {
    const { sent } = setup();
    const { user, dialog } = await openPlanner();
    await user.click(within(dialog).getByRole("combobox", { name: "Bots" }));
    const listbox = await screen.findByRole("listbox");
    expect(within(listbox).getAllByRole("option").map((o) => o.textContent)).toEqual(["Kalle"]);
    await user.click(within(listbox).getByRole("option", { name: "Kalle" }));
    expect(within(dialog).getByText(/Koordinaten Filters kannst du hier einfügen/)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Ziele" }), { target: { value: "[coord]510|510[/coord] 511|511 512|512 999|999" } });
    await user.click(within(dialog).getByRole("button", { name: "Vorschau" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const request = sent[0] as { attackers: unknown; targets: string; settings: Record<string, unknown>; save: boolean };
    expect(request.attackers).toEqual({ kind: "bots", dsbotIds: [1] });
    expect(request.targets).toBe("[coord]510|510[/coord] 511|511 512|512 999|999");
    expect(request.save).toBe(false);
    expect(request.settings).toMatchObject({
      counts: { attack: 1, conquer: 0, fake: 0, wallbreaker: 0, support: 0 },
      templates: { attack: { axe: 6000, light: 2500, ram: 250 } },
      algorithm: "nearest",
      seed: 1,
      avoidNightBonus: true,
      useFreundschaft: true,
    });
    const window = request.settings.window as { from: number; to: number };
    expect(window.to - window.from).toBe(2 * 3_600_000);

    const preview = await within(dialog).findByTestId("planner-preview");
    expect(preview).toHaveTextContent("2 Angriffe geplant");
    const map = within(preview).getByRole("img", { name: "Vorschau auf der Karte" });
    expect(map.querySelectorAll("path[data-type]")).toHaveLength(1);
    expect(within(preview).getByRole("list", { name: "Legende der Kartenvorschau" })).toHaveTextContent("Nicht bedient 1");
    const table = within(preview).getByRole("table", { name: "Vorschau der geplanten Angriffe" });
    expect(within(table).getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Von", "Nach", "Typ", "Einheiten", "Abschickzeit", "Ankunftszeit"]);
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    expect(table).toHaveTextContent("24.12.30 16:30:00");
    const unserved = within(preview).getByRole("list", { name: "Nicht bediente Ziele" });
    expect(unserved).toHaveTextContent("512|512 · Angriff: 0 von 1 – Kein freies Dorf erreicht das Ziel noch im Ankunftsfenster.");
    expect(within(preview).getByText("999|999")).toBeInTheDocument();
  });

  it("'Übernehmen' saves the plan, closes and refreshes the table", async () => {
    const { sent, mock } = setup();
    const { user, dialog } = await openPlanner();
    await user.click(within(dialog).getByRole("radio", { name: "Koordinaten" }));
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Angreiferdörfer" }), { target: { value: "500|500 501|500" } });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Ziele" }), { target: { value: "510|510" } });
    await user.click(within(dialog).getByRole("radio", { name: "Zufällig" }));
    await user.click(within(dialog).getByRole("button", { name: /^Adelung/ }));
    const nobles = await within(dialog).findByRole("textbox", { name: "Anzahl je Ziel: Adelung" });
    await user.clear(nobles);
    await user.type(nobles, "2");
    await user.click(within(dialog).getByRole("switch", { name: "Nachtbonus vermeiden" }));
    const calls = mock.attackCalls.length;
    await user.click(within(dialog).getByRole("button", { name: "Übernehmen" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ attackers: { kind: "coords", text: "500|500 501|500" }, targets: "510|510", save: true });
    expect(sent[0]?.settings).toMatchObject({
      algorithm: "random",
      avoidNightBonus: false,
      counts: { attack: 1, conquer: 2 },
      templates: { attack: { axe: 6000, light: 2500, ram: 250 }, conquer: { axe: 500, snob: 1 } },
    });
    expect(await screen.findByText("2 Angriffe übernommen.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Angriffe planen" })).not.toBeInTheDocument());
    await waitFor(() => expect(mock.attackCalls.length).toBeGreaterThan(calls));
  });

  it("checks the inputs first: targets required, times in the server format, end after start", async () => {
    const { sent } = setup();
    const { user, dialog } = await openPlanner();
    const from = within(dialog).getByRole("textbox", { name: "Ankunft frühestens" });
    fireEvent.change(from, { target: { value: "morgen" } });
    await user.click(within(dialog).getByRole("button", { name: "Vorschau" }));
    // No bot chosen and no targets.
    expect(await within(dialog).findAllByText("Eingabe erforderlich")).toHaveLength(2);
    expect(within(dialog).getByRole("textbox", { name: "Ziele" })).toHaveAttribute("aria-invalid", "true");
    expect(within(dialog).getByText(/Bitte gib die Zeit im Format/)).toBeInTheDocument();
    fireEvent.change(from, { target: { value: "24.12.2030 12:00:00" } });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Ankunft spätestens" }), { target: { value: "24.12.2030 11:00:00" } });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Ziele" }), { target: { value: "510|510" } });
    await user.click(within(dialog).getByRole("button", { name: "Vorschau" }));
    expect(await within(dialog).findByText("Das Ende des Ankunftsfensters muss nach dem Anfang liegen.")).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });
});
