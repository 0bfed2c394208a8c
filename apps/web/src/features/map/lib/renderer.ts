// Draws the map onto a 2D canvas: background, villages, continent grid with K numbers, an attack plan's
// lines (plan-overlay.ts), highlights.
// Only what is visible is touched: far out, one drawImage of a 1-pixel-per-field bitmap of the whole
// world; closer in, the visible villages from the spatial index, one path and one fill per colour.
import type { VillageMap } from "@dsbot/protocol";
import { rgbaWord } from "./classify";
import type { PlanOverlay } from "./plan-overlay";
import { drawPlanOverlay } from "./plan-overlay";
import type { SpatialIndex } from "./spatial-index";
import { forEachInRect } from "./spatial-index";
import type { MapView, ViewSize } from "./view";
import { visibleRect, WORLD_SIZE } from "./view";

/** Below this many CSS pixels per field the bitmap is drawn instead of one square per village. */
export const BITMAP_BELOW_SCALE = 4;

export const mapTheme = {
  outside: "#0e0f11",
  world: "#1b2119",
  continentLine: "rgba(255, 255, 255, 0.28)",
  sectorLine: "rgba(255, 255, 255, 0.07)",
  label: "rgba(255, 255, 255, 0.55)",
  hovered: "rgba(255, 255, 255, 0.85)",
  selected: "#ffffff",
} as const;

const themeWords = { outside: rgbaWord(mapTheme.outside), world: rgbaWord(mapTheme.world) };

export interface MapScene {
  villages: Pick<VillageMap, "count" | "x" | "y">;
  /** Colour index per village (classify.ts). */
  colors: Uint8Array;
  palette: readonly string[];
  index: SpatialIndex;
  /** The whole world at one pixel per field (buildBitmap); null where no canvas exists (tests). */
  bitmap: CanvasImageSource | null;
  selected: number;
  hovered: number;
  /** The chosen attack plan's lines, drawn over the grid (none: no plan chosen or not loaded yet). */
  overlay?: PlanOverlay | null;
}

export interface DrawStats {
  mode: "bitmap" | "villages";
  /** Villages drawn one by one (0 in bitmap mode). */
  villages: number;
  /** Attack plan lines drawn (those meeting the visible rect). */
  lines: number;
}

/** Reusable buffers so a frame allocates nothing. */
export interface DrawScratch {
  /** The frame's pixels when every village is drawn on its own (device pixels, replaced on resize). */
  image: ImageData | null;
  /** Palette as little-endian RGBA words, cached per palette. */
  paletteWords: Uint32Array;
  palette: readonly string[] | null;
}

export function createScratch(): DrawScratch {
  return { image: null, paletteWords: new Uint32Array(0), palette: null };
}

/** RGBA pixels of the whole world, one per field: the far-out picture of the map. */
export function bitmapPixels(scene: Pick<MapScene, "villages" | "colors" | "palette">): Uint8ClampedArray<ArrayBuffer> {
  const pixels = new Uint8ClampedArray(WORLD_SIZE * WORLD_SIZE * 4);
  const words = new Uint32Array(pixels.buffer);
  const palette = scene.palette.map(rgbaWord);
  const { x, y, count } = scene.villages;
  for (let i = 0; i < count; i++) {
    const vx = x[i]!;
    const vy = y[i]!;
    if (vx < WORLD_SIZE && vy < WORLD_SIZE) words[vy * WORLD_SIZE + vx] = palette[scene.colors[i]!] ?? 0;
  }
  return pixels;
}

/** The far-out bitmap as a canvas (null without canvas support). */
export function buildBitmap(scene: Pick<MapScene, "villages" | "colors" | "palette">): HTMLCanvasElement | null {
  const canvas = document.createElement("canvas");
  canvas.width = WORLD_SIZE;
  canvas.height = WORLD_SIZE;
  const ctx = canvas.getContext("2d");
  if (!ctx) return null;
  ctx.putImageData(new ImageData(bitmapPixels(scene), WORLD_SIZE, WORLD_SIZE), 0, 0);
  return canvas;
}

export function drawMap(ctx: CanvasRenderingContext2D, size: ViewSize, dpr: number, view: MapView, scene: MapScene | null, scratch: DrawScratch | null): DrawStats {
  const width = Math.round(size.width * dpr);
  const height = Math.round(size.height * dpr);
  const px = view.scale * dpr;
  // Device pixel of world coordinate wx: ox + wx · px (likewise y).
  const ox = size.width * dpr * 0.5 - view.cx * px;
  const oy = size.height * dpr * 0.5 - view.cy * px;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  let stats: DrawStats = { mode: "bitmap", villages: 0, lines: 0 };
  if (scene && scratch && view.scale >= BITMAP_BELOW_SCALE && width > 0 && height > 0) {
    stats = { mode: "villages", villages: drawVillagePixels(ctx, view, size, scene, scratch, { ox, oy, px, width, height }), lines: 0 };
  } else {
    ctx.fillStyle = mapTheme.outside;
    ctx.fillRect(0, 0, width, height);
    ctx.fillStyle = mapTheme.world;
    ctx.fillRect(Math.round(ox), Math.round(oy), Math.round(WORLD_SIZE * px), Math.round(WORLD_SIZE * px));
    if (scene) stats = drawBitmap(ctx, view, size, scene, ox, oy, px);
  }
  drawGrid(ctx, view, size, ox, oy, px, dpr);
  if (scene?.overlay) stats.lines = drawPlanOverlay(ctx, scene.overlay, view, size, ox, oy, px, dpr);
  if (scene) drawHighlights(ctx, scene, ox, oy, px, dpr);
  return stats;
}

function drawBitmap(ctx: CanvasRenderingContext2D, view: MapView, size: ViewSize, scene: MapScene, ox: number, oy: number, px: number): DrawStats {
  if (!scene.bitmap) return { mode: "bitmap", villages: 0, lines: 0 };
  const rect = visibleRect(view, size);
  const x0 = Math.max(0, Math.floor(rect.x0));
  const y0 = Math.max(0, Math.floor(rect.y0));
  const x1 = Math.min(WORLD_SIZE, Math.ceil(rect.x1));
  const y1 = Math.min(WORLD_SIZE, Math.ceil(rect.y1));
  if (x1 <= x0 || y1 <= y0) return { mode: "bitmap", villages: 0, lines: 0 };
  // Shrinking averages neighbours (villages stay visible as a haze); enlarging keeps hard squares.
  ctx.imageSmoothingEnabled = view.scale < 1;
  ctx.drawImage(scene.bitmap, x0, y0, x1 - x0, y1 - y0, ox + x0 * px, oy + y0 * px, (x1 - x0) * px, (y1 - y0) * px);
  return { mode: "bitmap", villages: 0, lines: 0 };
}

interface Frame {
  ox: number;
  oy: number;
  px: number;
  width: number;
  height: number;
}

/** Fills the rectangle [x0, x1) × [y0, y1) of the pixel words, clipped to the frame. */
function fillWords(words: Uint32Array, frame: Frame, x0: number, y0: number, x1: number, y1: number, word: number) {
  const left = Math.max(0, x0);
  const right = Math.min(frame.width, x1);
  const top = Math.max(0, y0);
  const bottom = Math.min(frame.height, y1);
  if (right <= left) return;
  for (let y = top; y < bottom; y++) {
    const row = y * frame.width;
    if (right - left <= 8) for (let k = row + left, end = row + right; k < end; k++) words[k] = word;
    else words.fill(word, row + left, row + right);
  }
}

/**
 * Close in, every visible village is its own square: written straight into the frame's pixels and
 * put on the canvas at once. (A path per colour was the first version: fine to record, but in a
 * software-rasterised canvas painting 20,000 rectangles took 25 ms a frame; this takes a few.)
 */
function drawVillagePixels(ctx: CanvasRenderingContext2D, view: MapView, size: ViewSize, scene: MapScene, scratch: DrawScratch, frame: Frame): number {
  const { ox, oy, px, width, height } = frame;
  if (!scratch.image || scratch.image.width !== width || scratch.image.height !== height) scratch.image = ctx.createImageData(width, height);
  if (scratch.palette !== scene.palette) {
    scratch.paletteWords = Uint32Array.from(scene.palette, rgbaWord);
    scratch.palette = scene.palette;
  }
  const words = new Uint32Array(scratch.image.data.buffer);
  words.fill(themeWords.outside);
  const worldSide = Math.round(WORLD_SIZE * px);
  fillWords(words, frame, Math.round(ox), Math.round(oy), Math.round(ox) + worldSide, Math.round(oy) + worldSide, themeWords.world);

  const { x, y } = scene.villages;
  const colors = scene.colors;
  const palette = scratch.paletteWords;
  // A gap of about a seventh of a field between neighbours; squares snap to device pixels.
  const gap = Math.max(1, Math.round(px / 7));
  const side = Math.max(1, Math.round(px) - gap);
  const inset = Math.floor(gap / 2);
  const drawn = forEachInRect(scene.index, x, y, visibleRect(view, size), (i) => {
    const sx = Math.round(ox + x[i]! * px) + inset;
    const sy = Math.round(oy + y[i]! * px) + inset;
    fillWords(words, frame, sx, sy, sx + side, sy + side, palette[colors[i]!] ?? 0);
  });
  ctx.putImageData(scratch.image, 0, 0);
  return drawn;
}

function drawGrid(ctx: CanvasRenderingContext2D, view: MapView, size: ViewSize, ox: number, oy: number, px: number, dpr: number) {
  const rect = visibleRect(view, size);
  const lines = (step: number, style: string, width: number) => {
    const first = Math.max(0, Math.ceil(rect.x0 / step) * step);
    const firstY = Math.max(0, Math.ceil(rect.y0 / step) * step);
    const top = Math.round(oy + Math.max(0, rect.y0) * px);
    const bottom = Math.round(oy + Math.min(WORLD_SIZE, rect.y1) * px);
    const left = Math.round(ox + Math.max(0, rect.x0) * px);
    const right = Math.round(ox + Math.min(WORLD_SIZE, rect.x1) * px);
    ctx.beginPath();
    for (let gx = first; gx <= Math.min(WORLD_SIZE, rect.x1); gx += step) {
      const sx = Math.round(ox + gx * px) + 0.5;
      ctx.moveTo(sx, top);
      ctx.lineTo(sx, bottom);
    }
    for (let gy = firstY; gy <= Math.min(WORLD_SIZE, rect.y1); gy += step) {
      const sy = Math.round(oy + gy * px) + 0.5;
      ctx.moveTo(left, sy);
      ctx.lineTo(right, sy);
    }
    ctx.strokeStyle = style;
    ctx.lineWidth = width;
    ctx.stroke();
  };
  if (view.scale >= 3) lines(view.scale >= 12 ? 5 : 20, mapTheme.sectorLine, 1);
  lines(100, mapTheme.continentLine, Math.max(1, Math.round(dpr)));

  // K numbers in each continent's top-left corner, once the continent is wide enough for them.
  const continentPx = 100 * px;
  if (continentPx < 26 * dpr) return;
  const font = Math.round(Math.min(14, Math.max(9, continentPx / 9 / dpr)) * dpr);
  ctx.font = `600 ${font}px Inter, system-ui, sans-serif`;
  ctx.fillStyle = mapTheme.label;
  ctx.textBaseline = "top";
  const k0x = Math.max(0, Math.floor(rect.x0 / 100));
  const k1x = Math.min(9, Math.ceil(rect.x1 / 100) - 1);
  const k0y = Math.max(0, Math.floor(rect.y0 / 100));
  const k1y = Math.min(9, Math.ceil(rect.y1 / 100) - 1);
  // Pinned to the visible part of each continent, so every continent on screen shows its number.
  const left = Math.max(0, rect.x0);
  const top = Math.max(0, rect.y0);
  for (let ky = k0y; ky <= k1y; ky++) {
    for (let kx = k0x; kx <= k1x; kx++) {
      ctx.fillText(`K${ky}${kx}`, ox + Math.max(kx * 100, left) * px + 4 * dpr, oy + Math.max(ky * 100, top) * px + 4 * dpr);
    }
  }
}

function drawHighlights(ctx: CanvasRenderingContext2D, scene: MapScene, ox: number, oy: number, px: number, dpr: number) {
  const ring = (i: number, style: string) => {
    if (i < 0 || i >= scene.villages.count) return;
    // At least 10 CSS pixels, so a village stays findable when zoomed far out.
    const side = Math.max(px, 10 * dpr);
    const cx = ox + (scene.villages.x[i]! + 0.5) * px;
    const cy = oy + (scene.villages.y[i]! + 0.5) * px;
    ctx.strokeStyle = style;
    ctx.lineWidth = 2 * dpr;
    ctx.strokeRect(Math.round(cx - side / 2) - dpr, Math.round(cy - side / 2) - dpr, Math.round(side) + 2 * dpr, Math.round(side) + 2 * dpr);
  };
  if (scene.hovered !== scene.selected) ring(scene.hovered, mapTheme.hovered);
  ring(scene.selected, mapTheme.selected);
}
