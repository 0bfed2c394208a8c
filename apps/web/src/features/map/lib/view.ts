// The map's view transform: which world point sits at the canvas centre and how many CSS pixels one
// field takes. Pure functions; the controller keeps the current view and the canvas size.

/** A world field is 1 × 1; the village x|y covers [x, x+1) × [y, y+1). */
export const WORLD_SIZE = 1000;
export const MIN_SCALE = 0.25;
export const MAX_SCALE = 48;
export const DEFAULT_SCALE = 6;

export interface MapView {
  /** World coordinates at the centre of the canvas. */
  cx: number;
  cy: number;
  /** CSS pixels per field. */
  scale: number;
}

export interface ViewSize {
  /** CSS pixels. */
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** World rectangle [x0, x1) × [y0, y1). */
export interface WorldRect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/** Keeps the centre on the world and the scale in range. */
export function clampView(view: MapView): MapView {
  const clamp = (v: number) => Math.min(WORLD_SIZE, Math.max(0, v));
  return { cx: clamp(view.cx), cy: clamp(view.cy), scale: clampScale(view.scale) };
}

export function worldToScreen(view: MapView, size: ViewSize, wx: number, wy: number): Point {
  return { x: (wx - view.cx) * view.scale + size.width / 2, y: (wy - view.cy) * view.scale + size.height / 2 };
}

export function screenToWorld(view: MapView, size: ViewSize, sx: number, sy: number): Point {
  return { x: (sx - size.width / 2) / view.scale + view.cx, y: (sy - size.height / 2) / view.scale + view.cy };
}

/** Zooms by `factor` so that the world point under the screen point (sx, sy) stays under it. */
export function zoomAt(view: MapView, size: ViewSize, factor: number, sx: number, sy: number): MapView {
  const anchor = screenToWorld(view, size, sx, sy);
  const scale = clampScale(view.scale * factor);
  return clampView({
    scale,
    cx: anchor.x - (sx - size.width / 2) / scale,
    cy: anchor.y - (sy - size.height / 2) / scale,
  });
}

/** Moves the map with the pointer: dragging right by dx pixels shows what lies further left. */
export function panBy(view: MapView, dx: number, dy: number): MapView {
  return clampView({ ...view, cx: view.cx - dx / view.scale, cy: view.cy - dy / view.scale });
}

/** The world rectangle the canvas shows (may reach beyond the world). */
export function visibleRect(view: MapView, size: ViewSize): WorldRect {
  const halfW = size.width / 2 / view.scale;
  const halfH = size.height / 2 / view.scale;
  return { x0: view.cx - halfW, y0: view.cy - halfH, x1: view.cx + halfW, y1: view.cy + halfH };
}

/** A view showing the whole rectangle with `padding` fields around it, zoomed in no further than maxScale. */
export function fitRect(rect: WorldRect, size: ViewSize, padding = 3, maxScale = 12): MapView {
  const w = Math.max(1, rect.x1 - rect.x0 + 2 * padding);
  const h = Math.max(1, rect.y1 - rect.y0 + 2 * padding);
  const scale = Math.min(maxScale, size.width / w, size.height / h);
  return clampView({ cx: (rect.x0 + rect.x1) / 2, cy: (rect.y0 + rect.y1) / 2, scale });
}

/** The view centred on the field x|y (its middle) at the given scale. */
export function centerOn(x: number, y: number, scale: number): MapView {
  return clampView({ cx: x + 0.5, cy: y + 0.5, scale });
}
