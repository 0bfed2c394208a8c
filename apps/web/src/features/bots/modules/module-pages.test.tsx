// The safer module pages: the Offplaner Scanner's plans by name, the Umbenenner's preview, the
// Rekrutierer's class defaults, a VP-Builder that cannot be switched on, and the question before
// unsaved changes are lost.
import { moduleDefaults, vpbuilderMessages } from "@dsbot/protocol";
import { configure, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, Link, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "@/app/providers";
import { json, mockFetch } from "@/test/fetch-mock";
import { renderUi } from "@/test/render-ui";
import { BotVillagesProvider } from "./bot-villages";
import { ModuleForm, withDefaults } from "./module-form";

// Whole forms render slowly on a loaded machine (the default wait is 1 s).
configure({ asyncUtilTimeout: 15_000 });
afterEach(() => vi.unstubAllGlobals());

const villages = [
  { id: 11, name: "Alpha", coordinates: "500|500" },
  { id: 12, name: "Beta", coordinates: "512|487" },
];

const pills = () => [...document.querySelectorAll(".mantine-Pill-label")].map((pill) => pill.textContent);

describe("Offplaner Scanner: plans by name", { timeout: 60_000 }, () => {
  it("shows the chosen plans by name, names the ones it cannot add and unknown ids honestly, and picks by name", async () => {
    mockFetch({
      "GET /api/dsbot/4/villages": () => json(200, { villages }),
      "GET /api/dsbot/4/scanner-plans": () =>
        json(200, {
          plans: [
            { id: 3, name: "Fremdwelt", ownerName: "anna", selectable: false, note: "otherWorld" },
            { id: 5, name: "Off auf K55", ownerName: "anna", selectable: true, note: null },
            { id: 6, name: "Tag X", ownerName: "anna", selectable: true, note: null },
          ],
        }),
    });
    const user = userEvent.setup();
    const onSave = vi.fn(async () => undefined);
    renderUi(
      <BotVillagesProvider botId={4}>
        <ModuleForm name="attack-planner-scanner" initial={{ ...withDefaults("attack-planner-scanner", undefined), attackPlanIds: [5, 3, 99] }} onSave={onSave} />
      </BotVillagesProvider>,
    );
    const picker = await screen.findByRole("combobox", { name: "Angriffspläne" });
    await waitFor(() => expect(pills()).toEqual(["Off auf K55", "Fremdwelt (andere Welt als der Bot)", "Plan #99 (gelöscht oder kein Zugriff)"]));
    await user.click(picker);
    await user.click(await screen.findByRole("option", { name: "Tag X" }));
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ attackPlanIds: [5, 3, 99, 6] })));
  });
});

describe("Umbenenner: preview", { timeout: 60_000 }, () => {
  it("shows the villages' new names and the incomings' tags by the pattern in the form, as it is typed", async () => {
    // 13:30:00 UTC = 14:30:00 on the world's clock (Europe/Berlin).
    const arrival = Date.UTC(2026, 0, 5, 13, 30, 0, 0);
    mockFetch({
      "GET /api/dsbot/4/villages": () => json(200, { villages }),
      "GET /api/dsbot/4/renamer-preview": () =>
        json(200, {
          incomings: [
            {
              id: 1,
              origin: { coordinates: "505|500", name: "Feindesdorf", playerName: "Feind" },
              target: { coordinates: "500|500", name: "Alpha" },
              arrivalTime: arrival,
              likelyUnits: ["spear", "axe"],
              label: "Angriff",
            },
          ],
          more: 2,
          timeZone: "Europe/Berlin",
        }),
    });
    const user = userEvent.setup();
    renderUi(
      <BotVillagesProvider botId={4}>
        <ModuleForm name="renamer" initial={withDefaults("renamer", undefined)} onSave={vi.fn()} />
      </BotVillagesProvider>,
    );
    await screen.findByRole("table", { name: "Vorschau der Dorfnamen" });
    const rows = () =>
      within(screen.getByRole("table", { name: "Vorschau der Dorfnamen" }))
        .getAllByRole("row")
        .slice(1)
        .map((row) => row.textContent);
    // The running number depends on the game's order: shown as a mask, with its start.
    expect(rows()).toEqual(["Alpha (500|500)K55 ###", "Beta (512|487)K45 ###"]);
    expect(screen.getByText("„###“ steht für die laufende Nummer ab 001: Der Bot zählt in der Reihenfolge der Dörfer im Spiel.")).toBeInTheDocument();

    const incomingRow = async () => within(await screen.findByRole("table", { name: "Vorschau der Angriffsmarkierungen" })).getAllByRole("row")[1];
    expect(await incomingRow()).toHaveTextContent("Feindesdorf (505|500) → Alpha (500|500)AngriffSpeerträger/Axtkämpfer 14:30:00:000");
    expect(screen.getByText("… und 2 weitere")).toBeInTheDocument();

    // A pattern without a number: Alpha is already so named, Beta gets its new name.
    const pattern = screen.getByRole("textbox", { name: "Dorfname-Muster" });
    await user.clear(pattern);
    await user.type(pattern, "Alpha");
    await waitFor(() => expect(rows()).toEqual(["Beta (512|487)Alpha"]));
    expect(screen.getByText("1 Dorf heißt schon so.")).toBeInTheDocument();
    const tag = screen.getByRole("textbox", { name: "Muster für Angriffe" });
    await user.clear(tag);
    await user.click(tag);
    await user.paste("{unit}!");
    expect(await incomingRow()).toHaveTextContent("Speerträger/Axtkämpfer!");
  });

  it("says so when no incoming attack is known", async () => {
    mockFetch({
      "GET /api/dsbot/5/villages": () => json(200, { villages }),
      "GET /api/dsbot/5/renamer-preview": () => json(200, { incomings: [], more: 0, timeZone: "Europe/Berlin" }),
    });
    renderUi(
      <BotVillagesProvider botId={5}>
        <ModuleForm name="renamer" initial={withDefaults("renamer", undefined)} onSave={vi.fn()} />
      </BotVillagesProvider>,
    );
    expect(await screen.findByText("Keine eingehenden Angriffe bekannt. Das Auge meldet sie, solange der Bot läuft.")).toBeInTheDocument();
  });
});

describe("Rekrutierer: defaults by the village's class", { timeout: 60_000 }, () => {
  it("starts with offensive units for Off villages and spears and swords for Def villages", async () => {
    renderUi(<ModuleForm name="recruiter" initial={withDefaults("recruiter", undefined)} onSave={vi.fn()} />);
    const classes = await screen.findAllByRole("combobox", { name: "Für Dörfer der Klasse (ohne Dorf)" });
    expect(classes.map((c) => (c as HTMLInputElement).value)).toEqual(["Off", "Def"]);
    const axes = screen.getAllByRole("textbox", { name: "Axtkämpfer" }).map((i) => (i as HTMLInputElement).value);
    const spears = screen.getAllByRole("textbox", { name: "Speerträger" }).map((i) => (i as HTMLInputElement).value);
    expect(axes).toEqual(["2000", ""]);
    expect(spears).toEqual(["", "2000"]);
  });
});

describe("VP-Builder on a world without packages", { timeout: 60_000 }, () => {
  it("shows the switch off and disabled, with the reason", async () => {
    renderUi(<ModuleForm name="vpbuilder" initial={withDefaults("vpbuilder", undefined)} onSave={vi.fn()} unavailable={vpbuilderMessages.noPackages} />);
    const toggle = await screen.findByRole("switch", { name: "Modul aktiv" });
    expect(toggle).toBeDisabled();
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(vpbuilderMessages.noPackages);
  });
});

describe("unsaved changes", { timeout: 60_000 }, () => {
  function renderWithLink() {
    const router = createMemoryRouter(
      [
        {
          path: "/",
          element: (
            <>
              <ModuleForm name="relogin" initial={moduleDefaults("relogin")} onSave={vi.fn(async () => undefined)} />
              <Link to="/anderswo">Anderswo</Link>
            </>
          ),
        },
        { path: "/anderswo", element: <p>Andere Seite</p> },
      ],
      { initialEntries: ["/"] },
    );
    render(
      <AppProviders env="test">
        <RouterProvider router={router} />
      </AppProviders>,
    );
    return router;
  }

  it("asks before leaving with unsaved changes: stay keeps them, discard leaves", async () => {
    const user = userEvent.setup();
    const router = renderWithLink();
    const input = await screen.findByRole("textbox", { name: "Maximale Versuche" });
    await user.clear(input);
    await user.type(input, "7");

    await user.click(screen.getByRole("link", { name: "Anderswo" }));
    const dialog = await screen.findByRole("dialog", { name: "Ungespeicherte Änderungen" });
    expect(dialog).toHaveTextContent("Du hast Änderungen, die noch nicht gespeichert sind. Wenn du die Seite verlässt, gehen sie verloren.");
    await user.click(within(dialog).getByRole("button", { name: "Weiter bearbeiten" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Ungespeicherte Änderungen" })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe("/");
    expect(screen.getByRole("textbox", { name: "Maximale Versuche" })).toHaveValue("7");

    await user.click(screen.getByRole("link", { name: "Anderswo" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Ungespeicherte Änderungen" })).getByRole("button", { name: "Verwerfen" }));
    expect(await screen.findByText("Andere Seite")).toBeInTheDocument();
  });

  it("leaves without asking when nothing changed, and asks the browser before unloading only with changes", async () => {
    const user = userEvent.setup();
    const router = renderWithLink();
    const input = await screen.findByRole("textbox", { name: "Maximale Versuche" });
    const unload = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.clear(input);
    await user.type(input, "7");
    await waitFor(() => expect(unload()).toBe(true));
    // Back to the saved value: nothing to lose.
    await user.clear(input);
    await user.type(input, "5");
    await waitFor(() => expect(unload()).toBe(false));
    await user.click(screen.getByRole("link", { name: "Anderswo" }));
    expect(await screen.findByText("Andere Seite")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/anderswo");
  });
});
