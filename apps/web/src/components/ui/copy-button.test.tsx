import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { useAlertStore } from "@/lib/alerts";
import { renderUi } from "@/test/render-ui";
import { CopyButton } from "./copy-button";

describe("CopyButton", () => {
  it("copies the value and confirms with the spec's success alert", async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    renderUi(<CopyButton value="12|34" />);
    await user.click(screen.getByRole("button", { name: "Kopieren" }));
    expect(writeText).toHaveBeenCalledWith("12|34");
    const text = "Der Wert wurde in die Zwischenablage kopiert.";
    await waitFor(() => expect(useAlertStore.getState().alerts).toEqual([expect.objectContaining({ variant: "success", message: text })]));
    const toast = await screen.findByText(text);
    expect(toast).toHaveAttribute("data-variant", "success");
    expect(toast.closest("[data-sonner-toast]")).toHaveAttribute("data-type", "success");
  });
});
