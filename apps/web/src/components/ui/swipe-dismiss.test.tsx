import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { alert } from "@/lib/alerts";
import { renderUi } from "@/test/render-ui";
import { directionsFor, shouldDismissSwipe, sonnerDismissesSwipe } from "./swipe-dismiss";

const directions = directionsFor("bottom-right");

describe("swipe rule (20px or velocity 0.11)", () => {
  it("dismisses from 20px in an allowed direction", () => {
    expect(shouldDismissSwipe({ dx: 20, dy: 0, ms: 1000, directions })).toBe(true);
    expect(shouldDismissSwipe({ dx: 0, dy: 21, ms: 1000, directions })).toBe(true);
    expect(shouldDismissSwipe({ dx: 19, dy: 0, ms: 1000, directions })).toBe(false);
  });

  it("dismisses a fast flick below 20px", () => {
    expect(shouldDismissSwipe({ dx: 15, dy: 0, ms: 100, directions })).toBe(true);
    expect(shouldDismissSwipe({ dx: 15, dy: 0, ms: 200, directions })).toBe(false);
  });

  it("ignores swipes against the toaster's directions", () => {
    expect(shouldDismissSwipe({ dx: -40, dy: 0, ms: 1000, directions })).toBe(false);
    expect(shouldDismissSwipe({ dx: 0, dy: -40, ms: 1000, directions })).toBe(false);
  });

  it("leaves 45px and fast swipes to sonner itself", () => {
    expect(sonnerDismissesSwipe({ dx: 30, dy: 0, ms: 1000, directions })).toBe(false);
    expect(sonnerDismissesSwipe({ dx: 45, dy: 0, ms: 1000, directions })).toBe(true);
  });
});

describe("toaster wrapper", () => {
  it("dismisses a toast swiped 25px to the right (sonner alone needs 45px)", async () => {
    renderUi(<div />);
    act(() => {
      alert.info("Neue Tab-Anfrage!");
    });
    const message = await screen.findByText("Neue Tab-Anfrage!");
    const toast = message.closest("[data-sonner-toast]");
    expect(toast).not.toBeNull();
    const start = Date.now();
    fireEvent.pointerDown(message, { button: 0, clientX: 100, clientY: 100, pointerId: 1 });
    fireEvent.pointerMove(message, { clientX: 125, clientY: 100, pointerId: 1 });
    // Slow enough that neither sonner's nor our velocity rule applies.
    while (Date.now() - start < 300) await new Promise((r) => setTimeout(r, 50));
    fireEvent.pointerUp(message, { button: 0, clientX: 125, clientY: 100, pointerId: 1 });
    await waitFor(() => expect(screen.queryByText("Neue Tab-Anfrage!")).not.toBeInTheDocument());
  });

  it("keeps a toast that moved only 10px slowly", async () => {
    renderUi(<div />);
    act(() => {
      alert.success("Gespeichert");
    });
    const message = await screen.findByText("Gespeichert");
    const start = Date.now();
    fireEvent.pointerDown(message, { button: 0, clientX: 100, clientY: 100, pointerId: 1 });
    while (Date.now() - start < 300) await new Promise((r) => setTimeout(r, 50));
    fireEvent.pointerUp(message, { button: 0, clientX: 110, clientY: 100, pointerId: 1 });
    await new Promise((r) => setTimeout(r, 400));
    expect(screen.getByText("Gespeichert")).toBeInTheDocument();
  });
});
