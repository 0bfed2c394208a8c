import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderUi } from "@/test/render-ui";
import { confirm } from "./confirm-store";

async function ask(options: Parameters<typeof confirm>[0]) {
  let result: Promise<boolean> = Promise.resolve(false);
  act(() => {
    result = confirm(options);
  });
  return { result, dialog: await screen.findByRole("dialog", { name: options.title }) };
}

describe("confirm dialog", () => {
  it("resolves true on confirm, with the default labels 'Speichern' / 'Abbrechen'", async () => {
    const user = userEvent.setup();
    renderUi(<div />);
    const { result, dialog } = await ask({ title: "Änderung speichern", message: "Wirklich?" });
    expect(within(dialog).getByText("Wirklich?")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Abbrechen" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Speichern" }));
    await expect(result).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("resolves false on cancel", async () => {
    const user = userEvent.setup();
    renderUi(<div />);
    const { result, dialog } = await ask({ title: "Löschen bestätigen", confirmLabel: "Löschen", danger: true });
    await user.click(within(dialog).getByRole("button", { name: "Abbrechen" }));
    await expect(result).resolves.toBe(false);
  });

  it("resolves false when closed with Escape", async () => {
    const user = userEvent.setup();
    renderUi(<div />);
    const { result } = await ask({ title: "Logout bestätigen", confirmLabel: "Ausloggen", danger: true });
    await user.keyboard("{Escape}");
    await expect(result).resolves.toBe(false);
  });

  it("asked again right after a cancel, the dialog shows the new request and its confirm resolves it", async () => {
    const user = userEvent.setup();
    renderUi(<div />);
    const first = await ask({ title: "Löschen bestätigen", message: "Erste Frage", confirmLabel: "Löschen", danger: true });
    await user.click(within(first.dialog).getByRole("button", { name: "Abbrechen" }));
    await expect(first.result).resolves.toBe(false);
    const second = await ask({ title: "Löschen bestätigen", message: "Zweite Frage", confirmLabel: "Löschen", danger: true });
    expect(within(second.dialog).getByText("Zweite Frage")).toBeInTheDocument();
    await user.click(within(second.dialog).getByRole("button", { name: "Löschen" }));
    await expect(second.result).resolves.toBe(true);
  });
});
