import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { json } from "@/test/fetch-mock";
import { renderApp } from "@/test/render-app";
import { defaultBbCodeTemplate } from "@dsbot/protocol";
import { mockPlanPage, setupPlanPageTests } from "../test-setup";

setupPlanPageTests();

async function open(button: string, title: string) {
  const user = userEvent.setup();
  renderApp("/attack-plans/7");
  await screen.findByRole("table", { name: "Angriffe" });
  await user.click(await screen.findByRole("button", { name: button }));
  return { user, dialog: await screen.findByRole("dialog", { name: title }) };
}

describe("Importieren", { timeout: 60_000 }, () => {
  it("lists the server's line-numbered errors and keeps the text", async () => {
    const sent: unknown[] = [];
    mockPlanPage({
      routes: {
        "POST /api/attack-plans/7/import": ({ body }) => {
          sent.push(body);
          return json(400, {
            error: {
              code: "bad_request",
              message: "Der Import wurde abgebrochen, es wurde nichts übernommen.",
              issues: [
                { path: "text", message: "Zeile 1: erwartet 8 durch „&“ getrennte Felder, gefunden 2." },
                { path: "text", message: "Zeile 3: Unbekannte Einheit „foo“." },
              ],
            },
          });
        },
      },
    });
    const { user, dialog } = await open("Importieren", "Angriffe importieren");
    const text = within(dialog).getByRole("textbox", { name: "Angriffe" });
    fireEvent.change(text, { target: { value: "kaputt&x\nzeile2\nzeile3" } });
    await user.click(within(dialog).getByRole("button", { name: "Importieren" }));
    const issues = await within(dialog).findByRole("list", { name: /Der Import wurde abgebrochen/ });
    expect(within(issues).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Zeile 1: erwartet 8 durch „&“ getrennte Felder, gefunden 2.",
      "Zeile 3: Unbekannte Einheit „foo“.",
    ]);
    expect(text).toHaveValue("kaputt&x\nzeile2\nzeile3");
    expect(sent).toEqual([{ format: "dswb", text: "kaputt&x\nzeile2\nzeile3", replace: false }]);
  });

  it("imports a file's text as JSON, replacing after a confirm, and reports the count", async () => {
    const sent: unknown[] = [];
    mockPlanPage({
      routes: {
        "POST /api/attack-plans/7/import": ({ body }) => {
          sent.push(body);
          return json(200, { imported: 3 });
        },
      },
    });
    const { user, dialog } = await open("Importieren", "Angriffe importieren");
    const input = dialog.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['{"format":"dsbot-attack-plan"}'], "plan.json", { type: "application/json" }));
    await waitFor(() => expect(within(dialog).getByRole("textbox", { name: "Angriffe" })).toHaveValue('{"format":"dsbot-attack-plan"}'));
    await user.click(within(dialog).getByRole("switch", { name: /Vorhandene ersetzen/ }));
    await user.click(within(dialog).getByRole("button", { name: "Importieren" }));
    const confirmDialog = await screen.findByRole("dialog", { name: "Vorhandene ersetzen" });
    await user.click(within(confirmDialog).getByRole("button", { name: "Ersetzen" }));
    await waitFor(() => expect(sent).toEqual([{ format: "json", text: '{"format":"dsbot-attack-plan"}', replace: true }]));
    expect(await screen.findByText("3 Angriffe importiert")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Angriffe importieren" })).not.toBeInTheDocument());
  });

  it("asks once which occurrence a CSV's times in the repeated autumn hour mean and sends the answer", async () => {
    const sent: unknown[] = [];
    mockPlanPage({
      routes: {
        "POST /api/attack-plans/7/import": ({ body }) => {
          sent.push(body);
          return json(200, { imported: 1 });
        },
      },
    });
    const { user, dialog } = await open("Importieren", "Angriffe importieren");
    const csv = "Startdorf;Zieldorf;Typ;Ankunft;Speerträger\n500|500;503|504;Fake;27.10.30 02:30:00:000;1\n";
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Angriffe" }), { target: { value: csv } });
    // DS Workbench carries exact instants: no question until the format is CSV.
    expect(within(dialog).queryByTestId("repeated-hour-import-choice")).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("combobox", { name: "Format" }));
    await user.click(await screen.findByRole("option", { name: "CSV" }));
    const choice = await within(dialog).findByTestId("repeated-hour-import-choice");
    await user.click(within(choice).getByRole("radio", { name: "erste (Sommerzeit, UTC+2)" }));
    await user.click(within(dialog).getByRole("button", { name: "Importieren" }));
    await waitFor(() => expect(sent).toEqual([{ format: "csv", text: csv, replace: false, repeatedHour: "first" }]));
  });
});

describe("Exportieren", { timeout: 60_000 }, () => {
  it("exports BB-code with the default template (variables listed) and shows the text to copy", async () => {
    const sent: unknown[] = [];
    mockPlanPage({
      routes: {
        "POST /api/attack-plans/7/export": ({ body }) => {
          sent.push(body);
          return json(200, { text: "[b]Angriffsplan[/b]\nAnzahl der Befehle: 2", count: 2 });
        },
      },
    });
    const { user, dialog } = await open("Exportieren", "Angriffe exportieren");
    expect(within(dialog).getByRole("textbox", { name: "Vorlage" })).toHaveValue(defaultBbCodeTemplate);
    expect(within(dialog).getByRole("table", { name: "Variablen" })).toHaveTextContent("%PLACE%");
    await user.click(within(dialog).getByRole("button", { name: "Exportieren" }));
    await waitFor(() => expect(sent).toEqual([{ format: "bbcode", template: defaultBbCodeTemplate }]));
    expect(await within(dialog).findByRole("textbox", { name: "Ergebnis" })).toHaveValue("[b]Angriffsplan[/b]\nAnzahl der Befehle: 2");
    expect(within(dialog).getByText(/2 Angriffe exportiert/)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Kopieren" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Herunterladen" })).toBeInTheDocument();
  });

  it("exports the selected attacks or the current search in another format, without a template", async () => {
    const sent: unknown[] = [];
    mockPlanPage({
      routes: {
        "POST /api/attack-plans/7/export": ({ body }) => {
          sent.push(body);
          return json(200, { text: "a;b", count: 1 });
        },
      },
    });
    const user = userEvent.setup();
    renderApp("/attack-plans/7");
    const table = await screen.findByRole("table", { name: "Angriffe" });
    await user.click(await within(table).findByRole("checkbox", { name: "Angriff 500|502 → 510|512 auswählen" }));
    await user.click(screen.getByRole("button", { name: "Exportieren" }));
    const dialog = await screen.findByRole("dialog", { name: "Angriffe exportieren" });
    expect(within(dialog).getByRole("radio", { name: "Auswahl (1)" })).toBeChecked();
    await user.click(within(dialog).getByRole("combobox", { name: "Format" }));
    await user.click(await screen.findByRole("option", { name: "CSV" }));
    expect(within(dialog).queryByRole("textbox", { name: "Vorlage" })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Exportieren" }));
    await waitFor(() => expect(sent).toEqual([{ format: "csv", selection: { ids: [2] } }]));
    await user.click(within(dialog).getByRole("radio", { name: "Aktuelle Suche" }));
    await user.click(within(dialog).getByRole("button", { name: "Exportieren" }));
    await waitFor(() => expect(sent).toHaveLength(2));
    // The table's current filter: it opens on "Nur offene".
    expect(sent[1]).toEqual({ format: "csv", selection: { filter: { searchVal: "", statusFilter: ["planned", "due"] } } });
  });
});
