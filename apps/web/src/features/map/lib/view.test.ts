import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { centerOn, clampView, fitRect, MAX_SCALE, MIN_SCALE, panBy, screenToWorld, visibleRect, worldToScreen, zoomAt } from "./view";

const size = { width: 800, height: 600 };
const view = { cx: 500, cy: 500, scale: 10 };

describe("view transform", () => {
  it("puts the view centre in the middle of the canvas and one field at `scale` pixels", () => {
    expect(worldToScreen(view, size, 500, 500)).toEqual({ x: 400, y: 300 });
    expect(worldToScreen(view, size, 501, 502)).toEqual({ x: 410, y: 320 });
    expect(screenToWorld(view, size, 0, 0)).toEqual({ x: 460, y: 470 });
  });

  it("screenToWorld undoes worldToScreen", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1000, noNaN: true }), fc.double({ min: 0, max: 1000, noNaN: true }), fc.double({ min: MIN_SCALE, max: MAX_SCALE, noNaN: true }), (wx, wy, scale) => {
        const v = { cx: 321, cy: 654, scale };
        const s = worldToScreen(v, size, wx, wy);
        const back = screenToWorld(v, size, s.x, s.y);
        expect(back.x).toBeCloseTo(wx, 6);
        expect(back.y).toBeCloseTo(wy, 6);
      }),
    );
  });

  it("zooms around the cursor: the world point under it stays under it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 800 }), fc.integer({ min: 0, max: 600 }), fc.double({ min: 0.5, max: 2, noNaN: true }), (sx, sy, factor) => {
        const before = screenToWorld(view, size, sx, sy);
        const next = zoomAt(view, size, factor, sx, sy);
        const after = screenToWorld(next, size, sx, sy);
        expect(next.scale).toBeCloseTo(view.scale * factor, 9);
        expect(after.x).toBeCloseTo(before.x, 6);
        expect(after.y).toBeCloseTo(before.y, 6);
      }),
    );
  });

  it("keeps the scale within bounds when zooming far", () => {
    expect(zoomAt(view, size, 1000, 10, 10).scale).toBe(MAX_SCALE);
    expect(zoomAt(view, size, 0.0001, 10, 10).scale).toBe(MIN_SCALE);
  });

  it("pans with the pointer and never leaves the world", () => {
    expect(panBy(view, 50, -20)).toEqual({ cx: 495, cy: 502, scale: 10 });
    expect(panBy(view, 100_000, 0).cx).toBe(0);
    expect(clampView({ cx: -5, cy: 1200, scale: 0 })).toEqual({ cx: 0, cy: 1000, scale: MIN_SCALE });
  });

  it("names the visible world rectangle", () => {
    expect(visibleRect(view, size)).toEqual({ x0: 460, y0: 470, x1: 540, y1: 530 });
  });

  it("fits a rectangle with padding and centres on a field's middle", () => {
    const fitted = fitRect({ x0: 400, y0: 450, x1: 600, y1: 550 }, size, 0, 100);
    expect(fitted).toEqual({ cx: 500, cy: 500, scale: 4 });
    expect(fitRect({ x0: 500, y0: 500, x1: 501, y1: 501 }, size).scale).toBe(12);
    expect(centerOn(512, 487, 8)).toEqual({ cx: 512.5, cy: 487.5, scale: 8 });
  });
});
