// Raubzug's settings on the page: the measure switch and the longest run change the split, the options
// unlocked world-wide and the units kept home apply to every village, and a village's override (its own
// options, or left out) to that village only — each against the protocol's optimiser as the oracle.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "@/test/render-app";
import { SCAVENGE_STORAGE_KEY } from "../stores/scavenge-store";
import { kalle1, kalle2, mockScavengePage, oracleSplit, setupScavengeTests, shownSplit, totalOf, troopRow, villageRow, worldKey } from "../test-setup";

setupScavengeTests();

const defUnits = { spear: 3000, sword: 2000, heavy: 200 };
const offUnits = { axe: 4000, light: 1500 };
const all = [1, 2, 3, 4] as const;

describe("Raubzug settings", { timeout: 30_000 }, () => {
  it("splits per run within the longest run once switched to 'pro Lauf', and per hour again when switched back", async () => {
    const user = userEvent.setup();
    mockScavengePage({ rows: [kalle1, kalle2, troopRow(3, "Kleines Dorf", { spear: 50 })] });
    renderApp("/scavenge");
    const perHour = oracleSplit(defUnits, [...all], "hour").split;
    expect(shownSplit(await villageRow(1))).toEqual(perHour);
    expect(screen.queryByRole("textbox", { name: "Höchstdauer (Std:Min)" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: "pro Lauf" }));
    const twoHours = oracleSplit(defUnits, [...all], "run", 7_200).split;
    expect(twoHours).not.toEqual(perHour);
    await waitFor(async () => expect(shownSplit(await villageRow(1))).toEqual(twoHours));
    // A small army goes all on the best option that is back in time; per hour it took several.
    expect(shownSplit(await villageRow(3))).toEqual({ 4: { spear: 50 } });
    const duration = screen.getByRole("textbox", { name: "Höchstdauer (Std:Min)" });
    expect(duration).toHaveValue("2:00");

    await user.clear(duration);
    await user.type(duration, "1:00");
    const oneHour = oracleSplit(defUnits, [...all], "run", 3_600);
    expect(oneHour.split).not.toEqual(twoHours);
    await waitFor(async () => expect(shownSplit(await villageRow(1))).toEqual(oneHour.split));
    for (const squad of oneHour.plan.squads) expect(squad.seconds).toBeLessThanOrEqual(3_600);
    expect(JSON.parse(window.localStorage.getItem(SCAVENGE_STORAGE_KEY) ?? "{}").state.settings).toMatchObject({ measure: "run", maxMinutes: 60 });

    // No duration: said at the field, the split stays.
    await user.clear(duration);
    await user.type(duration, "1:75");
    expect(await screen.findByText("Bitte als Std:Min angeben, z. B. 2:30 (höchstens 99:59).")).toBeInTheDocument();
    expect(shownSplit(await villageRow(1))).toEqual(oneHour.split);

    await user.click(screen.getByRole("radio", { name: "pro Stunde" }));
    await waitFor(async () => expect(shownSplit(await villageRow(1))).toEqual(perHour));
    expect(shownSplit(await villageRow(3))).toEqual(oracleSplit({ spear: 50 }, [...all], "hour").split);
    expect(Object.keys(shownSplit(await villageRow(3)))).toEqual(["2", "3", "4"]);
  });

  it("applies the options unlocked world-wide and the units kept home to every village", async () => {
    const user = userEvent.setup();
    mockScavengePage();
    renderApp("/scavenge");
    await villageRow(1);
    await user.click(screen.getByRole("checkbox", { name: "Tolle Sammler" }));
    await waitFor(async () => expect(shownSplit(await villageRow(1))).toEqual(oracleSplit(defUnits, [1, 2, 3], "hour").split));
    expect(shownSplit(await villageRow(2))).toEqual(oracleSplit(offUnits, [1, 2, 3], "hour").split);
    expect((await villageRow(2)).querySelector('[data-option="4"][data-locked]')).not.toBeNull();

    await user.type(screen.getByRole("textbox", { name: "Speerträger" }), "1000");
    await user.clear(screen.getByRole("textbox", { name: "Anteil im Dorf (%)" }));
    await user.type(screen.getByRole("textbox", { name: "Anteil im Dorf (%)" }), "50");
    // Spears: 1,000 or half of 3,000, the larger; the rest: half.
    await waitFor(async () => expect(shownSplit(await villageRow(1))).toEqual(oracleSplit({ spear: 1500, sword: 1000, heavy: 100 }, [1, 2, 3], "hour").split));
    expect(shownSplit(await villageRow(2))).toEqual(oracleSplit({ axe: 2000, light: 750 }, [1, 2, 3], "hour").split);
  });

  it("plans a village by its override — its own options, or not at all — and leaves the others alone", async () => {
    const user = userEvent.setup();
    mockScavengePage();
    renderApp("/scavenge");
    const def = oracleSplit(defUnits, [...all], "hour");
    const off = oracleSplit(offUnits, [...all], "hour");
    await villageRow(1);
    expect(totalOf("scavenge-total-hour")).toBe(Math.round(def.plan.perHour + off.plan.perHour));

    await user.click(within(await villageRow(1)).getByRole("button", { name: "Kalles Dorf 1 anpassen" }));
    const dialog = await screen.findByRole("dialog", { name: "Raubzug in Kalles Dorf 1" });
    expect(within(dialog).getByTestId("scavenge-units-at-home")).toHaveTextContent("3.000");
    await user.click(within(dialog).getByRole("checkbox", { name: "Eigene Sammler für dieses Dorf" }));
    await user.click(within(dialog).getByRole("checkbox", { name: "Kluge Sammler" }));
    await user.click(within(dialog).getByRole("checkbox", { name: "Tolle Sammler" }));
    const own = oracleSplit(defUnits, [1, 2], "hour");
    await waitFor(async () => expect(shownSplit(await villageRow(1))).toEqual(own.split));
    expect(shownSplit(await villageRow(2))).toEqual(off.split);
    expect(within(await villageRow(1)).getByText("Angepasst")).toBeInTheDocument();
    await waitFor(() => expect(totalOf("scavenge-total-hour")).toBe(Math.round(own.plan.perHour + off.plan.perHour)));
    expect(JSON.parse(window.localStorage.getItem(SCAVENGE_STORAGE_KEY) ?? "{}").state.overrides).toEqual({ [worldKey]: { "1": { options: [1, 2] } } });

    await user.click(within(dialog).getByRole("switch", { name: "Dieses Dorf nicht planen" }));
    await waitFor(async () => expect(within(await villageRow(1)).getByText("Ausgeschlossen")).toBeInTheDocument());
    expect(shownSplit(await villageRow(1))).toEqual({});
    expect(totalOf("scavenge-total-hour")).toBe(Math.round(off.plan.perHour));
    expect(screen.getByText("1 von 2 Dörfern sammeln")).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Wie alle Dörfer" }));
    await waitFor(async () => expect(shownSplit(await villageRow(1))).toEqual(def.split));
    await user.click(within(dialog).getByRole("button", { name: "Fertig" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(totalOf("scavenge-total-hour")).toBe(Math.round(def.plan.perHour + off.plan.perHour));
  });
});
