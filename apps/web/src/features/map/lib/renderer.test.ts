import { attackTypeColors } from "@dsbot/protocol";
import { describe, expect, it, vi } from "vitest";
import { paletteOf, rgbaWord } from "./classify";
import { buildPlanOverlay } from "./plan-overlay";
import { bitmapPixels, createScratch, drawMap, mapTheme } from "./renderer";
import { buildSpatialIndex } from "./spatial-index";

const xs = Uint16Array.of(500, 501, 900);
const ys = Uint16Array.of(500, 500, 900);
const colors = Uint8Array.of(3, 1, 0);
const palette = paletteOf([]);
const scene = {
  villages: { count: 3, x: xs, y: ys },
  colors,
  palette,
  index: buildSpatialIndex(xs, ys, 3),
  bitmap: {} as CanvasImageSource,
  selected: -1,
  hovered: -1,
};

/** A 2D context that records what the renderer asks of it (no canvas in jsdom). */
function fakeContext() {
  const calls: string[] = [];
  const images: ImageData[] = [];
  const ctx = {
    strokeStyle: "",
    setTransform: vi.fn(),
    fillRect: vi.fn(),
    strokeRect: vi.fn(() => calls.push(`strokeRect ${ctx.strokeStyle}`)),
    beginPath: vi.fn(),
    moveTo: vi.fn(),
    lineTo: vi.fn(),
    stroke: vi.fn(() => calls.push(`stroke ${ctx.strokeStyle}`)),
    fillText: vi.fn((text: string) => calls.push(`text ${text}`)),
    drawImage: vi.fn((...args: unknown[]) => calls.push(`drawImage ${args.slice(1).join(",")}`)),
    createImageData: (w: number, h: number) => ({ width: w, height: h, data: new Uint8ClampedArray(w * h * 4) }) as ImageData,
    putImageData: vi.fn((image: ImageData) => images.push(image)),
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, calls, images, raw: ctx };
}

describe("map renderer", () => {
  it("paints the far-out bitmap one pixel per field in the village's colour", () => {
    const pixels = new Uint32Array(bitmapPixels(scene).buffer);
    expect(pixels[500 * 1000 + 500]).toBe(rgbaWord(palette[3]!));
    expect(pixels[500 * 1000 + 501]).toBe(rgbaWord(palette[1]!));
    expect(pixels[900 * 1000 + 900]).toBe(rgbaWord(palette[0]!));
    expect(pixels[0]).toBe(0);
  });

  it("far out, draws only the visible part of the bitmap", () => {
    const { ctx, calls } = fakeContext();
    const stats = drawMap(ctx, { width: 200, height: 100 }, 1, { cx: 500, cy: 500, scale: 2 }, scene, createScratch());
    expect(stats).toEqual({ mode: "bitmap", villages: 0, lines: 0 });
    // Source 450..550 × 475..525 of the bitmap onto the whole canvas.
    expect(calls).toContain("drawImage 450,475,100,50,0,0,200,100");
  });

  it("close in, writes each visible village as a square of its colour and skips the rest", () => {
    const { ctx, images } = fakeContext();
    // 10 px per field, field 500|500 starts at the canvas middle (100, 50).
    const stats = drawMap(ctx, { width: 200, height: 100 }, 1, { cx: 500, cy: 500, scale: 10 }, scene, createScratch());
    expect(stats).toEqual({ mode: "villages", villages: 2, lines: 0 });
    const words = new Uint32Array(images[0]!.data.buffer);
    const at = (x: number, y: number) => words[y * 200 + x];
    // A 9 px square and a 1 px gap to the next field.
    expect(at(100, 50)).toBe(rgbaWord(palette[3]!));
    expect(at(108, 58)).toBe(rgbaWord(palette[3]!));
    expect(at(109, 55)).toBe(rgbaWord(mapTheme.world));
    expect(at(100, 59)).toBe(rgbaWord(mapTheme.world));
    expect(at(110, 50)).toBe(rgbaWord(palette[1]!));
    expect(at(5, 5)).toBe(rgbaWord(mapTheme.world));
  });

  it("labels the continents on screen with their K numbers, the y digit first", () => {
    const { ctx, calls } = fakeContext();
    drawMap(ctx, { width: 400, height: 400 }, 1, { cx: 600, cy: 400, scale: 2 }, scene, createScratch());
    expect(calls.filter((c) => c.startsWith("text"))).toEqual(["text K35", "text K36", "text K45", "text K46"]);
  });

  it("draws an attack plan's visible lines over the grid and under the highlight rings", () => {
    const { ctx, calls, raw } = fakeContext();
    const overlay = buildPlanOverlay({
      coords: [500, 500, 501, 500, 900, 900, 910, 910],
      types: ["conquer", "fake"],
      statuses: ["planned", "planned"],
      sendTimes: [1, 2],
    });
    const stats = drawMap(ctx, { width: 200, height: 100 }, 1, { cx: 500, cy: 500, scale: 10 }, { ...scene, overlay, selected: 0 }, createScratch());
    expect(stats).toEqual({ mode: "villages", villages: 2, lines: 1 });
    const strokes = calls.filter((c) => c.startsWith("stroke"));
    expect(strokes).toEqual([`stroke ${mapTheme.sectorLine}`, `stroke ${mapTheme.continentLine}`, `stroke ${attackTypeColors.conquer}`, `strokeRect ${mapTheme.selected}`]);
    // The line from centre to centre (105, 55) → (115, 55), then its arrowhead (scale ≥ 4).
    expect(raw.moveTo).toHaveBeenCalledWith(105, 55);
    expect(raw.lineTo).toHaveBeenCalledWith(115, 55);
  });

  it("draws the grid even before the data is there", () => {
    const { ctx, raw } = fakeContext();
    expect(drawMap(ctx, { width: 100, height: 100 }, 2, { cx: 500, cy: 500, scale: 1 }, null, null)).toEqual({ mode: "bitmap", villages: 0, lines: 0 });
    expect(raw.stroke).toHaveBeenCalled();
  });
});
