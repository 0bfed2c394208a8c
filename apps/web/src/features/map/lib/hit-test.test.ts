import { describe, expect, it } from "vitest";
import { villageAtPoint } from "./hit-test";
import { buildSpatialIndex } from "./spatial-index";
import { worldToScreen } from "./view";

const xs = Uint16Array.of(500, 505);
const ys = Uint16Array.of(500, 500);
const source = {
  villages: { x: xs, y: ys },
  index: buildSpatialIndex(xs, ys, 2),
  indexAt: (x: number, y: number) => (y === 500 ? [500, 505].indexOf(x) : -1),
};
const size = { width: 400, height: 300 };

describe("hit test", () => {
  it("zoomed in, answers the village whose field is under the point, and nothing beside it", () => {
    const view = { cx: 502, cy: 500, scale: 20 };
    const inside = worldToScreen(view, size, 500.9, 500.1);
    expect(villageAtPoint(source, view, size, inside.x, inside.y)).toBe(0);
    const beside = worldToScreen(view, size, 501.2, 500.5);
    expect(villageAtPoint(source, view, size, beside.x, beside.y)).toBe(-1);
  });

  it("zoomed out, answers the nearest village within a few pixels", () => {
    const view = { cx: 502, cy: 500, scale: 2 };
    // 2 fields right of village 1's middle = 4 px: within the 6 px radius.
    const near = worldToScreen(view, size, 507.5, 500.5);
    expect(villageAtPoint(source, view, size, near.x, near.y)).toBe(1);
    const far = worldToScreen(view, size, 502.5, 510);
    expect(villageAtPoint(source, view, size, far.x, far.y)).toBe(-1);
  });
});
