// The attack form's arrival in the repeated autumn hour (27.10.2030 in Europe/Berlin: 03:00 CEST becomes
// 02:00 CET, so 02:30 comes twice): the form asks right by the field which one is meant, refuses to save
// until the player answers, and keeps the occurrence of an attack it edits.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { json } from "@/test/fetch-mock";
import { renderApp } from "@/test/render-app";
import { makeAttack } from "../test-fixtures";
import { mockPlanPage, setupPlanPageTests } from "../test-setup";
import { attackFormValues, toAttackBody } from "./attack-form-schema";

const stats = { buildTime: 1, pop: 1, attack: 1, defense: 1, defenseCavalry: 1, defenseArcher: 1, carry: 1 };
const worldDe230 = {
  id: 1,
  server: "die-staemme.de",
  world: "de230",
  villages: 10,
  players: 2,
  allies: 1,
  dataVersion: 1,
  lastImportAt: null,
  lastSyncAt: null,
  lastSyncError: null,
  syncEnabled: false,
  syncing: false,
  config: null,
  units: { axe: { ...stats, speed: 18 }, ram: { ...stats, speed: 30 } },
};

const FIRST = Date.UTC(2030, 9, 27, 0, 30, 0, 123); // 02:30:00:123 CEST
const SECOND = Date.UTC(2030, 9, 27, 1, 30, 0, 123); // 02:30:00:123 CET

setupPlanPageTests();

function mockAttackCreation(): unknown[] {
  const created: unknown[] = [];
  mockPlanPage({
    routes: {
      "GET /api/worlds": () => json(200, { worlds: [worldDe230] }),
      "GET /api/attack-plans/7/villages": ({ url }) => {
        const coords = url.searchParams.get("coords");
        if (coords === "500|500") return json(200, { village: { id: 5, name: "Heimat", coordinates: "500|500", player: { id: 11, name: "Kalle" } } });
        return json(200, { village: { id: 6, name: "Ziel", coordinates: "503|504", player: null } });
      },
      "POST /api/attack-plans/7/attacks": ({ body }) => {
        created.push(body);
        return json(201, { attack: makeAttack({ id: 9 }) });
      },
    },
  });
  return created;
}

describe("Ankunftszeit in the repeated autumn hour", { timeout: 45_000 }, () => {
  it("asks which 02:30 is meant, refuses to save until answered and sends the instant chosen", async () => {
    const created = mockAttackCreation();
    const user = userEvent.setup();
    renderApp("/attack-plans/7");
    await screen.findByRole("table", { name: "Angriffe" });
    await user.click(await screen.findByRole("button", { name: "Angriff hinzufügen" }));
    const dialog = await screen.findByRole("dialog", { name: "Angriff hinzufügen" });
    await user.type(within(dialog).getByRole("textbox", { name: "Startdorf" }), "500|500");
    await user.type(within(dialog).getByRole("textbox", { name: "Zieldorf" }), "503|504");
    await user.type(within(dialog).getByRole("textbox", { name: "Rammbock" }), "10");
    const arrival = within(dialog).getByRole("textbox", { name: "Ankunftszeit" });
    await user.clear(arrival);
    await user.type(arrival, "27.10.2030 02:30:00:123");

    const choice = await within(dialog).findByTestId("repeated-hour-choice");
    expect(choice).toHaveTextContent("27.10.30 02:30:00:123 gibt es zweimal (Umstellung auf Winterzeit). Welche ist gemeint?");
    const first = within(choice).getByRole("radio", { name: "erste (Sommerzeit, UTC+2)" });
    const second = within(choice).getByRole("radio", { name: "zweite (Winterzeit, UTC+1)" });
    expect(first).not.toBeChecked();
    expect(second).not.toBeChecked();
    // Nothing is guessed: no send time, and saving names the question at the field.
    expect(within(dialog).getByTestId("attack-send-preview")).toHaveTextContent("Abschickzeit: –");
    await user.click(within(dialog).getByRole("button", { name: "Speichern" }));
    expect(await within(dialog).findByText(/^„27\.10\.30 02:30:00:123“ gibt es in Europe\/Berlin zweimal/)).toBeInTheDocument();
    expect(created).toEqual([]);

    // The second 02:30 (winter time): 2:30:00 of rams leave at 01:00 summer time.
    await user.click(second);
    expect(second).toBeChecked();
    await waitFor(() => expect(within(dialog).queryByText(/gibt es in Europe\/Berlin zweimal/)).not.toBeInTheDocument());
    await waitFor(() => expect(within(dialog).getByTestId("attack-send-preview")).toHaveTextContent("Abschickzeit: 27.10.30 01:00:00:123"));
    await user.click(first);
    await waitFor(() => expect(within(dialog).getByTestId("attack-send-preview")).toHaveTextContent("Abschickzeit: 27.10.30 00:00:00:123"));
    await user.click(second);
    await user.click(within(dialog).getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(created).toEqual([expect.objectContaining({ arrival: SECOND, units: { ram: 10 } })]));
  });

  it("shows no question for an ordinary time", async () => {
    mockAttackCreation();
    const user = userEvent.setup();
    renderApp("/attack-plans/7");
    await user.click(await screen.findByRole("button", { name: "Angriff hinzufügen" }));
    const dialog = await screen.findByRole("dialog", { name: "Angriff hinzufügen" });
    const arrival = within(dialog).getByRole("textbox", { name: "Ankunftszeit" });
    await user.clear(arrival);
    await user.type(arrival, "27.10.2030 03:30:00:123");
    expect(within(dialog).queryByTestId("repeated-hour-choice")).not.toBeInTheDocument();
  });

  it("keeps the occurrence of an attack it edits, so saving unchanged moves nothing", () => {
    for (const [arrivalTime, repeatedHour] of [
      [FIRST, "first"],
      [SECOND, "second"],
    ] as const) {
      const values = attackFormValues(makeAttack({ id: 1, arrivalTime }), "Europe/Berlin");
      expect(values).toMatchObject({ arrival: "27.10.2030 02:30:00:123", repeatedHour });
      expect(toAttackBody(values, "Europe/Berlin").arrival).toBe(arrivalTime);
    }
  });
});
