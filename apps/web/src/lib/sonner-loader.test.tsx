// sonner loads with the first alert, not with the page (/login's bytes). Alerts raised
// while it loads are shown once it is there, in the order they were raised. One file, one module
// state: the tests run in order and the first ones see sonner not loaded yet.
import { act, screen } from "@testing-library/react";
import { afterAll, describe, expect, it, vi } from "vitest";
import { renderUi } from "@/test/render-ui";
import { alert, useAlertStore } from "./alerts";
import { loadedSonner, sonnerRequested } from "./sonner-loader";

afterAll(() => {
  act(() => {
    for (const { id } of useAlertStore.getState().alerts) alert.dismiss(id);
  });
});

/** The toasts on screen, newest first (sonner's order), as their texts. */
function shownToasts(): string[] {
  return [...document.querySelectorAll<HTMLElement>("[data-sonner-toast]")]
    .filter((item) => item.getAttribute("data-removed") !== "true")
    .sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index))
    .map((item) => item.querySelector("[data-alert-id]")?.textContent ?? "");
}

describe("sonner on demand", () => {
  it("is not loaded for a page without alerts, and no toaster is rendered", () => {
    renderUi(<p>Seite</p>);
    expect(screen.getByText("Seite")).toBeInTheDocument();
    expect(sonnerRequested()).toBe(false);
    expect(loadedSonner()).toBeNull();
    expect(document.querySelector("[data-sonner-toaster]")).toBeNull();
  });

  it("shows the alerts raised while it loaded, in their order; one dismissed meanwhile stays away", async () => {
    renderUi(<p>Seite</p>);
    act(() => {
      alert.info("Erste Meldung");
      alert.warning("Zweite Meldung");
      const gone = alert.info("Gleich wieder weg");
      alert.dismiss(gone);
      alert.success("Dritte Meldung");
    });
    expect(loadedSonner()).toBeNull();
    expect(useAlertStore.getState().alerts.map((a) => a.message)).toEqual(["Erste Meldung", "Zweite Meldung", "Dritte Meldung"]);

    expect(await screen.findByText("Dritte Meldung")).toBeInTheDocument();
    expect(loadedSonner()).not.toBeNull();
    expect(shownToasts()).toEqual(["Dritte Meldung", "Zweite Meldung", "Erste Meldung"]);
    expect(screen.queryByText("Gleich wieder weg")).not.toBeInTheDocument();
    const toaster = document.querySelector<HTMLElement>("[data-sonner-toaster]");
    expect(toaster?.style.getPropertyValue("--width")).toBe("356px");
    expect(toaster?.style.getPropertyValue("--gap")).toBe("14px");
  });

  it("once loaded, an alert goes to sonner at once", async () => {
    renderUi(<p>Seite</p>);
    const sonner = loadedSonner();
    if (!sonner) throw new Error("sonner not loaded");
    const error = vi.spyOn(sonner.toast, "error");
    act(() => {
      alert.danger("Sofort da");
    });
    expect(error).toHaveBeenCalledOnce();
    expect(await screen.findByText("Sofort da")).toBeInTheDocument();
  });
});
