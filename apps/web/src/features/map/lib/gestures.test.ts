import { afterEach, describe, expect, it, vi } from "vitest";
import { attachGestures, wheelZoomFactor } from "./gestures";

function pointer(el: HTMLElement, type: string, x: number, y: number, id = 1, pointerType = "mouse") {
  el.dispatchEvent(new PointerEvent(type, { clientX: x, clientY: y, pointerId: id, pointerType, button: 0, bubbles: true }));
}

function setup() {
  const el = document.createElement("div");
  document.body.append(el);
  // jsdom lays nothing out: the element sits at 0|0.
  const handlers = { pan: vi.fn(), zoom: vi.fn(), tap: vi.fn(), hover: vi.fn(), leave: vi.fn() };
  const detach = attachGestures(el, handlers);
  return { el, handlers, detach };
}

afterEach(() => document.body.replaceChildren());

describe("map gestures", () => {
  it("zooms in on wheel up and out on wheel down, lines counting as pixels", () => {
    expect(wheelZoomFactor(-100, 0)).toBeGreaterThan(1);
    expect(wheelZoomFactor(100, 0)).toBeLessThan(1);
    expect(wheelZoomFactor(-100, 0) * wheelZoomFactor(100, 0)).toBeCloseTo(1, 9);
    expect(wheelZoomFactor(3, 1)).toBeCloseTo(wheelZoomFactor(48, 0), 9);
  });

  it("turns a wheel event into a zoom around the cursor", () => {
    const { el, handlers } = setup();
    el.dispatchEvent(new WheelEvent("wheel", { deltaY: -120, clientX: 40, clientY: 30, cancelable: true }));
    expect(handlers.zoom).toHaveBeenCalledWith(wheelZoomFactor(-120, 0), 40, 30);
  });

  it("a press without movement is a tap; a drag pans and is no tap", () => {
    const { el, handlers } = setup();
    pointer(el, "pointerdown", 10, 10);
    pointer(el, "pointermove", 12, 11);
    pointer(el, "pointerup", 12, 11);
    expect(handlers.tap).toHaveBeenCalledWith(12, 11);
    expect(handlers.pan).not.toHaveBeenCalled();

    handlers.tap.mockClear();
    pointer(el, "pointerdown", 10, 10);
    pointer(el, "pointermove", 30, 10);
    pointer(el, "pointermove", 50, 20);
    pointer(el, "pointerup", 50, 20);
    expect(handlers.pan).toHaveBeenLastCalledWith(20, 10);
    expect(handlers.tap).not.toHaveBeenCalled();
  });

  it("pinches with two fingers: zoom by the distance ratio around their middle", () => {
    const { el, handlers } = setup();
    pointer(el, "pointerdown", 100, 100, 1, "touch");
    pointer(el, "pointerdown", 200, 100, 2, "touch");
    pointer(el, "pointermove", 250, 100, 2, "touch");
    expect(handlers.zoom).toHaveBeenCalledWith(1.5, 175, 100);
    pointer(el, "pointerup", 100, 100, 1, "touch");
    pointer(el, "pointerup", 250, 100, 2, "touch");
    expect(handlers.tap).not.toHaveBeenCalled();
  });

  it("reports mouse hover and leaving, and stops listening when detached", () => {
    const { el, handlers, detach } = setup();
    pointer(el, "pointermove", 5, 6);
    expect(handlers.hover).toHaveBeenCalledWith(5, 6);
    pointer(el, "pointerleave", 5, 6);
    expect(handlers.leave).toHaveBeenCalled();
    detach();
    pointer(el, "pointermove", 7, 8);
    expect(handlers.hover).toHaveBeenCalledTimes(1);
  });
});
