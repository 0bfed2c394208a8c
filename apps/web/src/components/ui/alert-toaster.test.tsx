// The toaster's lifecycle and sizes on the page's fake clock: a click dismisses a
// toast, focus and hover hold its countdown, and at most 3 toasts of 356px with a 14px gap are shown.
import { act, fireEvent, screen } from "@testing-library/react";
import { toast as sonnerToast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { commonTexts } from "@/config/texts";
import { alert, useAlertStore } from "@/lib/alerts";
import { renderUi } from "@/test/render-ui";

/**
 * Moves the fake clock in 10 ms steps, each in its own act(): React renders what a timer or animation
 * frame changed only when act() ends, sonner starts further timers from those renders, and a
 * MutationObserver reports in a microtask.
 */
async function advance(ms: number): Promise<void> {
  for (let left = ms; left >= 0; left -= 10) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(Math.min(10, left));
    });
  }
}

/** Shows an info alert (5000 ms) and lets sonner render it. */
async function showAlert(message: string): Promise<HTMLElement> {
  act(() => {
    alert.info(message);
  });
  await advance(0);
  const item = screen.getByText(message).closest<HTMLElement>("[data-sonner-toast]");
  if (!item) throw new Error(`no toast for ${message}`);
  return item;
}

/** On screen and not on its way out (sonner keeps a closing toast 200 ms for its exit animation). */
function isShown(message: string): boolean {
  const item = screen.queryByText(message)?.closest("[data-sonner-toast]");
  return !!item && item.getAttribute("data-removed") !== "true";
}

function closeButtonOf(item: HTMLElement): HTMLElement {
  const button = item.querySelector<HTMLElement>(`button[aria-label="${commonTexts.closeToast}"]`);
  if (!button) throw new Error("no close button");
  return button;
}

beforeEach(() => {
  vi.useFakeTimers();
  renderUi(<button type="button">Weiter</button>);
});

afterEach(() => {
  act(() => {
    for (const { id } of useAlertStore.getState().alerts) alert.dismiss(id);
    sonnerToast.dismiss();
  });
  vi.useRealTimers();
});

describe("toast dismissal", () => {
  it("a click on the toast dismisses it", async () => {
    const item = await showAlert("Klick mich weg");
    const message = screen.getByText("Klick mich weg");
    fireEvent.pointerDown(message, { button: 0, clientX: 100, clientY: 100, pointerId: 1 });
    fireEvent.pointerUp(message, { button: 0, clientX: 100, clientY: 100, pointerId: 1 });
    fireEvent.click(message);
    await advance(50);
    expect(item).toHaveAttribute("data-removed", "true");
    await advance(300);
    expect(screen.queryByText("Klick mich weg")).not.toBeInTheDocument();
  });

  it("a click on the toast's padding (outside its text) dismisses it too", async () => {
    const item = await showAlert("Am Rand geklickt");
    fireEvent.click(item);
    await advance(300);
    expect(screen.queryByText("Am Rand geklickt")).not.toBeInTheDocument();
  });

  it("a slow 10px drag is neither a swipe nor a click: the toast stays", async () => {
    await showAlert("Nur verschoben");
    const message = screen.getByText("Nur verschoben");
    fireEvent.pointerDown(message, { button: 0, clientX: 100, clientY: 100, pointerId: 1 });
    await advance(300);
    fireEvent.pointerMove(message, { clientX: 110, clientY: 100, pointerId: 1 });
    fireEvent.pointerUp(message, { button: 0, clientX: 110, clientY: 100, pointerId: 1 });
    fireEvent.click(message);
    await advance(300);
    expect(isShown("Nur verschoben")).toBe(true);
  });

  it("the close button keeps its own meaning and closes only its toast", async () => {
    const first = await showAlert("Erste Meldung");
    await showAlert("Zweite Meldung");
    fireEvent.click(closeButtonOf(first));
    await advance(300);
    expect(screen.queryByText("Erste Meldung")).not.toBeInTheDocument();
    expect(isShown("Zweite Meldung")).toBe(true);
  });
});

describe("toast countdown (paused while hovered, focused or interacting)", () => {
  it("an alert closes after its 5000 ms", async () => {
    await showAlert("Läuft ab");
    await advance(4900);
    expect(isShown("Läuft ab")).toBe(true);
    await advance(200);
    expect(isShown("Läuft ab")).toBe(false);
    await advance(300);
    expect(screen.queryByText("Läuft ab")).not.toBeInTheDocument();
  });

  it("focus pauses: after 5000 ms with focus inside it is still shown; after blur it closes after the rest of its time", async () => {
    const item = await showAlert("Fokus hält");
    await advance(1000);
    act(() => closeButtonOf(item).focus());
    await advance(5000);
    expect(isShown("Fokus hält")).toBe(true);

    act(() => screen.getByRole("button", { name: "Weiter" }).focus());
    await advance(3900);
    expect(isShown("Fokus hält")).toBe(true);
    await advance(200);
    expect(isShown("Fokus hält")).toBe(false);
  });

  it("focus on the toast itself (the first tab stop in it) pauses it as well", async () => {
    const item = await showAlert("Toast fokussiert");
    act(() => item.focus());
    await advance(8000);
    expect(isShown("Toast fokussiert")).toBe(true);
    act(() => item.blur());
    await advance(5100);
    expect(isShown("Toast fokussiert")).toBe(false);
  });

  it("hover pauses: after 6000 ms under the pointer it is still shown; after leaving it closes after the rest", async () => {
    const item = await showAlert("Maus drüber");
    await advance(1000);
    fireEvent.mouseMove(item);
    await advance(6000);
    expect(isShown("Maus drüber")).toBe(true);
    const outside = screen.getByRole("button", { name: "Weiter" });
    fireEvent.mouseOut(item, { relatedTarget: outside });
    fireEvent.mouseOver(outside, { relatedTarget: item });
    fireEvent.mouseMove(outside);
    await advance(3900);
    expect(isShown("Maus drüber")).toBe(true);
    await advance(200);
    expect(isShown("Maus drüber")).toBe(false);
  });

  it("a toast clicked away under the pointer does not keep holding the others once the pointer moves on", async () => {
    const first = await showAlert("Weggeklickt");
    await showAlert("Läuft weiter");
    await advance(1000);
    fireEvent.mouseMove(first);
    fireEvent.click(first);
    await advance(300);
    expect(screen.queryByText("Weggeklickt")).not.toBeInTheDocument();
    // The pointer now rests on the page: no mouseleave comes from the removed toast.
    fireEvent.mouseMove(screen.getByRole("button", { name: "Weiter" }));
    await advance(3900);
    expect(isShown("Läuft weiter")).toBe(true);
    await advance(200);
    expect(isShown("Läuft weiter")).toBe(false);
  });

  it("a focused toast that is closed does not keep holding the others", async () => {
    const first = await showAlert("Wird geschlossen");
    await showAlert("Läuft weiter");
    await advance(1000);
    const close = closeButtonOf(first);
    act(() => close.focus());
    fireEvent.click(close);
    await advance(300);
    expect(screen.queryByText("Wird geschlossen")).not.toBeInTheDocument();
    await advance(4000);
    expect(isShown("Läuft weiter")).toBe(false);
  });
});

describe("toaster sizes", () => {
  it("is 356px wide with a 14px gap and shows 3 toasts at once", async () => {
    for (const n of [1, 2, 3, 4]) await showAlert(`Meldung ${n}`);
    const list = document.querySelector<HTMLElement>("[data-sonner-toaster]");
    expect(list?.style.getPropertyValue("--width")).toBe("356px");
    expect(list?.style.getPropertyValue("--gap")).toBe("14px");
    expect(document.querySelectorAll('[data-sonner-toast][data-visible="true"]')).toHaveLength(3);
    expect(screen.getByText("Meldung 1").closest("[data-sonner-toast]")).toHaveAttribute("data-visible", "false");
  });

  it("a toast without its own duration closes after 4000 ms", async () => {
    act(() => {
      sonnerToast("Ohne eigene Dauer");
    });
    await advance(0);
    await advance(3900);
    expect(isShown("Ohne eigene Dauer")).toBe(true);
    await advance(200);
    expect(isShown("Ohne eigene Dauer")).toBe(false);
  });
});
