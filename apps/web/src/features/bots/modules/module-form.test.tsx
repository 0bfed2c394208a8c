import { moduleDefaults, moduleNames, moduleRegistry } from "@dsbot/protocol";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { json, mockFetch } from "@/test/fetch-mock";
import { renderUi } from "@/test/render-ui";
import { BotVillagesProvider } from "./bot-villages";
import { ModuleForm, withDefaults } from "./module-form";

// Whole-route renders can take over a second on a loaded machine (the default wait is 1 s).
describe("generic module form", { timeout: 60_000 }, () => {
  it.each(moduleNames)("renders the %s schema with the enable switch and German labels", async (name) => {
    const view = renderUi(<ModuleForm name={name} initial={withDefaults(name, undefined)} onSave={vi.fn()} />);
    expect(await screen.findByRole("form", { name: moduleRegistry[name].label })).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Modul aktiv" })).not.toBeChecked();
    expect(screen.getByRole("button", { name: "Speichern" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Auf Standard zurücksetzen" })).toBeInTheDocument();
    view.unmount();
  });

  it("shows the schema's German message for an out-of-range number and does not save", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => undefined);
    renderUi(<ModuleForm name="command-scanner" initial={withDefaults("command-scanner", undefined)} onSave={onSave} />);
    const input = await screen.findByRole("textbox", { name: "Intervall (Sekunden)" });
    await user.clear(input);
    await user.type(input, "5");
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    expect(await screen.findByText("Mindestens 30")).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("picks villages by name and coordinates among the bot's villages, keeping ids it does not know", async () => {
    mockFetch({
      "GET /api/dsbot/4/villages": () =>
        json(200, { villages: [{ id: 11, name: "Alpha", coordinates: "500|500" }, { id: 12, name: "Beta", coordinates: "501|499" }] }),
    });
    const user = userEvent.setup();
    const onSave = vi.fn(async () => undefined);
    renderUi(
      <BotVillagesProvider botId={4}>
        <ModuleForm name="minter" initial={{ ...withDefaults("minter", undefined), villageIds: [12, 99] }} onSave={onSave} />
      </BotVillagesProvider>,
    );
    const picker = await screen.findByRole("combobox", { name: "Dörfer" });
    // The chosen villages as pills: the known one by name, the unknown id as "#99".
    const pills = () => [...document.querySelectorAll(".mantine-Pill-label")].map((pill) => pill.textContent);
    await waitFor(() => expect(pills()).toEqual(["Beta (501|499)", "#99"]));
    await user.click(picker);
    await user.type(picker, "500|");
    await user.click(await screen.findByRole("option", { name: "Alpha (500|500)" }));
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ villageIds: [12, 99, 11] })));
  });

  it("picks the builder's template by name among the user's templates", async () => {
    mockFetch({
      "GET /api/account-manager/templates": () =>
        json(200, { templates: [{ id: 5, name: "Offensivdorf", steps: 12, villages: 0, updatedAt: 0 }, { id: 6, name: "Wallbau", steps: 3, villages: 0, updatedAt: 0 }] }),
    });
    const user = userEvent.setup();
    const onSave = vi.fn(async () => undefined);
    renderUi(<ModuleForm name="builder" initial={withDefaults("builder", undefined)} onSave={onSave} />);
    const picker = await screen.findByRole("combobox", { name: "Standardvorlage" });
    await user.click(picker);
    await user.click(await screen.findByRole("option", { name: "Wallbau" }));
    await user.click(screen.getByRole("switch", { name: "Modul aktiv" }));
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ enabled: true, defaultTemplateId: 6 })));
  });

  it("saves the parsed values, including the enable switch", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => undefined);
    renderUi(<ModuleForm name="relogin" initial={withDefaults("relogin", undefined)} onSave={onSave} />);
    await user.click(await screen.findByRole("switch", { name: "Modul aktiv" }));
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ ...moduleDefaults("relogin"), enabled: true }));
  });

  it("resets to the defaults after confirmation", async () => {
    const user = userEvent.setup();
    renderUi(<ModuleForm name="relogin" initial={{ ...moduleDefaults("relogin"), maxTries: 50 }} onSave={vi.fn()} />);
    expect(await screen.findByRole("textbox", { name: "Maximale Versuche" })).toHaveValue("50");
    await user.click(screen.getByRole("button", { name: "Auf Standard zurücksetzen" }));
    await user.click(await screen.findByRole("button", { name: "Zurücksetzen" }));
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Maximale Versuche" })).toHaveValue("5"));
  });

  it("lists the renamer's placeholders under each pattern field and refuses an unknown one there", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => undefined);
    renderUi(<ModuleForm name="renamer" initial={withDefaults("renamer", undefined)} onSave={onSave} />);
    const village = await screen.findByRole("textbox", { name: "Dorfname-Muster" });
    const incoming = screen.getByRole("textbox", { name: "Muster für Angriffe" });
    expect(village).toHaveAccessibleDescription("Platzhalter: {K}, {x}, {y}, {nr}");
    expect(incoming).toHaveAccessibleDescription("Platzhalter: {unit}, {arrival}");

    await user.clear(incoming);
    await user.click(incoming);
    await user.paste("{unit} {x}");
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    const message = "Unbekannter Platzhalter: {x}. Erlaubt: {unit}, {arrival}";
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(incoming).toHaveAttribute("aria-invalid", "true");
    expect(incoming).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(village).not.toHaveAttribute("aria-invalid", "true");
    expect(onSave).not.toHaveBeenCalled();
  });

  it("shows the message of a bad value inside a record (unit template) on its own input", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => undefined);
    renderUi(<ModuleForm name="simplefarm" initial={withDefaults("simplefarm", undefined)} onSave={onSave} />);
    const inputs = await screen.findAllByRole("textbox", { name: "Leichte Kavallerie" });
    await user.clear(inputs[0]!);
    await user.type(inputs[0]!, "2000000");
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    expect(await screen.findByText("Höchstens 1000000")).toBeInTheDocument();
    expect(inputs[0]).toHaveAttribute("aria-invalid", "true");
    expect(onSave).not.toHaveBeenCalled();
  });

  it("saves Raubzug per run with units kept home, in German labels", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => undefined);
    renderUi(<ModuleForm name="scavenge" initial={withDefaults("scavenge", undefined)} onSave={onSave} />);
    const measure = await screen.findByRole("combobox", { name: "Ziel" });
    expect(measure).toHaveValue("Rohstoffe pro Stunde");
    await user.click(measure);
    await user.click(await screen.findByRole("option", { name: "Rohstoffe pro Lauf" }));
    const spears = screen.getAllByRole("textbox", { name: "Speerträger" });
    await user.clear(spears[0]!);
    await user.type(spears[0]!, "40");
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ measure: "run", maxMinutes: 120, keepHome: expect.objectContaining({ spear: 40 }) }));
  });
});
