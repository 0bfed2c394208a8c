// A pasted SOS text with arrivals in the repeated autumn hour: the dialog asks once which occurrence
// they mean and sends the answer with the text; other texts are sent without a choice.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderUi } from "@/test/render-ui";
import { PasteImportModal } from "./paste-import-modal";

const texts = { title: "SOS einfügen", label: "SOS-Anfrage", hint: "Aus dem Spiel kopieren.", submit: "Übernehmen", problems: (n: number) => `${n} Probleme` };

function open(onImport: (text: string, options: { repeatedHour?: "first" | "second" }) => Promise<string>) {
  renderUi(<PasteImportModal opened onClose={() => {}} texts={texts} onImport={onImport} onImported={() => {}} repeatedHourZone="Europe/Berlin" />);
  return screen.getByRole("textbox", { name: "SOS-Anfrage" });
}

describe("PasteImportModal in the repeated autumn hour", () => {
  it("asks once for all repeated times and sends the occurrence chosen", async () => {
    const user = userEvent.setup();
    const onImport = vi.fn(async () => "1 eingehender Angriff übernommen.");
    const field = open(onImport);
    fireEvent.change(field, { target: { value: "Ankunftszeit: 27.10.30 02:30:00:123\nAnkunftszeit: 27.10.30 02:45:00:000\nAnkunftszeit: 27.10.30 03:30:00:000" } });
    const choice = await screen.findByTestId("repeated-hour-import-choice");
    expect(choice).toHaveTextContent(
      "Der Text enthält Zeiten, die es wegen der Umstellung auf Winterzeit zweimal gibt (27.10.30 02:30:00:123, 27.10.30 02:45:00:000). Gemeint ist jeweils die:",
    );
    await user.click(screen.getByRole("radio", { name: "zweite (Winterzeit, UTC+1)" }));
    await user.click(screen.getByRole("button", { name: "Übernehmen" }));
    await waitFor(() => expect(onImport).toHaveBeenCalledWith(expect.stringContaining("02:30:00:123"), { repeatedHour: "second" }));
  });

  it("shows no question for a text without such times and sends none", async () => {
    const user = userEvent.setup();
    const onImport = vi.fn(async () => "1 eingehender Angriff übernommen.");
    const field = open(onImport);
    fireEvent.change(field, { target: { value: "Ankunftszeit: 27.10.30 03:30:00:000" } });
    await user.click(screen.getByRole("button", { name: "Übernehmen" }));
    await waitFor(() => expect(onImport).toHaveBeenCalledWith("Ankunftszeit: 27.10.30 03:30:00:000", {}));
    expect(screen.queryByTestId("repeated-hour-import-choice")).not.toBeInTheDocument();
  });
});
