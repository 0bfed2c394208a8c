// The search dialog's code loads with its first opening; Ctrl+K works before that and toggles once.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useSession } from "@/lib/session";
import { plainUser } from "@/test/fixtures";
import { renderUi } from "@/test/render-ui";
import { useSearchDialog } from "../stores/search-dialog-store";
import { SearchDialogHost } from "./search-dialog-host";

beforeEach(() => {
  useSession.setState({ token: "t", user: plainUser });
});
afterEach(() => {
  act(() => useSearchDialog.getState().close());
  useSession.setState({ token: null, user: null });
});

describe("SearchDialogHost", () => {
  it("renders nothing until the dialog is first opened", () => {
    renderUi(<SearchDialogHost />);
    expect(screen.queryByRole("combobox", { name: "Suche" })).not.toBeInTheDocument();
    expect(useSearchDialog.getState().opened).toBe(false);
  });

  it("Ctrl+K before the dialog is loaded opens it; the next Ctrl+K closes it (one listener at a time)", async () => {
    renderUi(<SearchDialogHost />);
    fireEvent.keyDown(document.documentElement, { key: "k", ctrlKey: true });
    expect(useSearchDialog.getState().opened).toBe(true);
    const input = await screen.findByRole("combobox", { name: "Suche" });
    fireEvent.keyDown(input, { key: "k", ctrlKey: true });
    expect(useSearchDialog.getState().opened).toBe(false);
    fireEvent.keyDown(document.documentElement, { key: "k", ctrlKey: true });
    expect(useSearchDialog.getState().opened).toBe(true);
  });

  it("opening through the store (the header button) loads and shows the dialog", async () => {
    renderUi(<SearchDialogHost />);
    act(() => useSearchDialog.getState().open());
    expect(await screen.findByRole("combobox", { name: "Suche" })).toBeInTheDocument();
    act(() => useSearchDialog.getState().close());
    await waitFor(() => expect(screen.queryByRole("combobox", { name: "Suche" })).not.toBeInTheDocument());
  });
});
