// A uniform grid over the world for drawing and hit testing only what is near: villages bucketed by
// cell in one typed array (counting sort), so a query touches the cells of a rectangle and nothing else.
import type { WorldRect } from "./view";
import { WORLD_SIZE } from "./view";

export interface SpatialIndex {
  /** Fields per cell side. */
  cellSize: number;
  /** Cells per row and column. */
  cells: number;
  /** Village indexes of cell c are items[starts[c]] … items[starts[c + 1] - 1]. */
  starts: Uint32Array;
  items: Uint32Array;
}

export const DEFAULT_CELL_SIZE = 20;

export function buildSpatialIndex(xs: ArrayLike<number>, ys: ArrayLike<number>, count: number, cellSize = DEFAULT_CELL_SIZE): SpatialIndex {
  const cells = Math.ceil(WORLD_SIZE / cellSize);
  const cellOf = (i: number) => {
    const cx = Math.min(cells - 1, Math.floor((xs[i] ?? 0) / cellSize));
    const cy = Math.min(cells - 1, Math.floor((ys[i] ?? 0) / cellSize));
    return cy * cells + cx;
  };
  const starts = new Uint32Array(cells * cells + 1);
  for (let i = 0; i < count; i++) starts[cellOf(i) + 1]! += 1;
  for (let c = 1; c < starts.length; c++) starts[c]! += starts[c - 1]!;
  const fill = starts.slice(0, cells * cells);
  const items = new Uint32Array(count);
  for (let i = 0; i < count; i++) items[fill[cellOf(i)]!++] = i;
  return { cellSize, cells, starts, items };
}

/** The range of cells overlapping a world rectangle, clamped to the grid (empty when outside). */
export function cellRange(index: SpatialIndex, rect: WorldRect) {
  const last = index.cells - 1;
  const clamp = (v: number) => Math.min(last, Math.max(0, Math.floor(v / index.cellSize)));
  return { cx0: clamp(rect.x0), cy0: clamp(rect.y0), cx1: clamp(rect.x1), cy1: clamp(rect.y1) };
}

/**
 * Calls `visit(i)` for every village i whose field overlaps the rectangle (x + 1 > x0 and x < x1),
 * ascending by cell. Returns how many were visited.
 */
export function forEachInRect(index: SpatialIndex, xs: ArrayLike<number>, ys: ArrayLike<number>, rect: WorldRect, visit: (i: number) => void): number {
  if (rect.x1 <= 0 || rect.y1 <= 0 || rect.x0 >= WORLD_SIZE || rect.y0 >= WORLD_SIZE) return 0;
  const { cx0, cy0, cx1, cy1 } = cellRange(index, rect);
  const { starts, items, cells } = index;
  let visited = 0;
  for (let cy = cy0; cy <= cy1; cy++) {
    for (let cx = cx0; cx <= cx1; cx++) {
      const cell = cy * cells + cx;
      for (let k = starts[cell]!, end = starts[cell + 1]!; k < end; k++) {
        const i = items[k]!;
        const x = xs[i]!;
        const y = ys[i]!;
        if (x + 1 > rect.x0 && x < rect.x1 && y + 1 > rect.y0 && y < rect.y1) {
          visit(i);
          visited++;
        }
      }
    }
  }
  return visited;
}

/** The village whose field centre lies nearest to (wx, wy) within `radius` fields, or -1. */
export function nearestVillage(index: SpatialIndex, xs: ArrayLike<number>, ys: ArrayLike<number>, wx: number, wy: number, radius: number): number {
  let best = -1;
  let bestDistance = radius * radius;
  forEachInRect(index, xs, ys, { x0: wx - radius - 0.5, y0: wy - radius - 0.5, x1: wx + radius + 0.5, y1: wy + radius + 0.5 }, (i) => {
    const dx = xs[i]! + 0.5 - wx;
    const dy = ys[i]! + 0.5 - wy;
    const d = dx * dx + dy * dy;
    if (d <= bestDistance) {
      bestDistance = d;
      best = i;
    }
  });
  return best;
}
