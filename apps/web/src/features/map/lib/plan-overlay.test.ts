import type { AttackPlanLinesResponse } from "@dsbot/protocol";
import { attackTypeColors } from "@dsbot/protocol";
import { describe, expect, it } from "vitest";
import { buildPlanOverlay, drawPlanOverlay, FAINT_ALPHA } from "./plan-overlay";
import type { MapView, ViewSize } from "./view";

const lines: AttackPlanLinesResponse = {
  coords: [
    500, 500, 510, 500, // attack, planned
    501, 501, 501, 520, // attack, sent (faint)
    300, 300, 310, 310, // conquer, due: off screen below
    505, 505, 490, 495, // support, expired (faint)
  ],
  types: ["attack", "attack", "conquer", "support"],
  statuses: ["planned", "sent", "due", "expired"],
  sendTimes: [1, 2, 3, 4],
};

type Op = [string, ...unknown[]];
type Point = [string, number, number];

/** A 2D context that records paths and what each stroke used (no canvas in jsdom). */
function recordingContext() {
  const ops: Op[] = [];
  const ctx = {
    strokeStyle: "",
    globalAlpha: 1,
    lineWidth: 1,
    lineCap: "butt",
    lineJoin: "miter",
    beginPath: () => ops.push(["beginPath"]),
    moveTo: (x: number, y: number) => ops.push(["moveTo", x, y]),
    lineTo: (x: number, y: number) => ops.push(["lineTo", x, y]),
    stroke: () => ops.push(["stroke", ctx.strokeStyle, ctx.globalAlpha]),
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, ops, raw: ctx };
}

/** Draw as drawMap does: device pixel of world x = ox + x · px. */
function draw(view: MapView, size: ViewSize, overlay = buildPlanOverlay(lines)) {
  const { ctx, ops, raw } = recordingContext();
  const px = view.scale;
  const ox = size.width / 2 - view.cx * px;
  const oy = size.height / 2 - view.cy * px;
  const drawn = drawPlanOverlay(ctx, overlay, view, size, ox, oy, px, 1);
  return { drawn, ops, raw };
}

describe("attack plan overlay", () => {
  it("groups the lines faint first and keeps the village centres in one Float32Array", () => {
    const overlay = buildPlanOverlay(lines);
    expect(overlay.count).toBe(4);
    expect(overlay.coords).toBeInstanceOf(Float32Array);
    expect(overlay.groups.map((g) => [g.type, g.faint, g.end - g.start])).toEqual([
      ["attack", true, 1],
      ["support", true, 1],
      ["attack", false, 1],
      ["conquer", false, 1],
    ]);
    expect(overlay.groups[0]!.color).toBe(attackTypeColors.attack);
    // The sent attack comes first: centres of 501|501 and 501|520.
    expect([...overlay.coords.subarray(0, 4)]).toEqual([501.5, 501.5, 501.5, 520.5]);
    expect(overlay.counts).toEqual({ attack: 2, conquer: 1, fake: 0, wallbreaker: 0, support: 1, fake_support: 0 });
  });

  it("far out, draws every visible line centre to centre, one stroke per colour, sent ones faint", () => {
    // 2 px per field around 500|500 on 400 × 200: fields 400..600 × 450..550 are visible.
    const { drawn, ops, raw } = draw({ cx: 500, cy: 500, scale: 2 }, { width: 400, height: 200 });
    expect(drawn).toBe(3);
    const paths = ops.filter((op) => op[0] === "moveTo" || op[0] === "lineTo");
    // No arrowheads below 4 px per field: one moveTo and one lineTo per line.
    expect(paths).toHaveLength(6);
    // The planned attack 500|500 → 510|500: centre 500.5 → x = 200 + 0.5·2.
    expect(ops).toContainEqual(["moveTo", 201, 101]);
    expect(ops).toContainEqual(["lineTo", 221, 101]);
    expect(ops.filter((op) => op[0] === "stroke")).toEqual([
      ["stroke", attackTypeColors.attack, FAINT_ALPHA],
      ["stroke", attackTypeColors.support, FAINT_ALPHA],
      ["stroke", attackTypeColors.attack, 1],
    ]);
    expect(raw.globalAlpha).toBe(1);
  });

  it("close in, adds an arrowhead at the target and skips lines whose box misses the screen", () => {
    // 10 px per field around 505|500 on 200 × 100: fields 495..515 × 495..505.
    const { drawn, ops } = draw({ cx: 505, cy: 500, scale: 10 }, { width: 200, height: 100 });
    // The sent one reaches 520 downwards (its box meets the view); the conquer is far away.
    expect(drawn).toBe(3);
    const moves = ops.filter((op) => op[0] === "moveTo");
    const lineTos = ops.filter((op) => op[0] === "lineTo");
    expect(moves).toHaveLength(6);
    expect(lineTos).toHaveLength(9);
    // The planned attack 500|500 → 510|500 from (55, 55) to (155, 55), then its arrowhead: 7 px long
    // (0.7 of a field), its wings 7 px back from the tip at the target centre.
    const at = ops.findIndex((op) => op[0] === "moveTo" && op[1] === 55 && op[2] === 55);
    const [line, wingA, tip, wingB] = ops.slice(at + 1, at + 5) as [Point, Point, Point, Point];
    expect(line).toEqual(["lineTo", 155, 55]);
    expect(wingA[0]).toBe("moveTo");
    expect(wingA[1]).toBeCloseTo(148);
    expect(wingA[2]).toBeCloseTo(58.15);
    expect(tip).toEqual(["lineTo", 155, 55]);
    expect(wingB[1]).toBeCloseTo(148);
    expect(wingB[2]).toBeCloseTo(51.85);
  });

  it("draws nothing for an empty plan", () => {
    const empty = buildPlanOverlay({ coords: [], types: [], statuses: [], sendTimes: [] });
    const { drawn, ops } = draw({ cx: 500, cy: 500, scale: 2 }, { width: 400, height: 200 }, empty);
    expect(drawn).toBe(0);
    expect(ops).toEqual([]);
  });
});
