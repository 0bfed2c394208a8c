// The lines of an attack plan over the map: built once per answer of
// GET /api/attack-plans/{id}/lines into one Float32Array of village centres, grouped by colour and
// faintness, so a frame only walks numbers: one path and one stroke per group, lines whose bounding
// box misses the visible rect skipped, and no allocation per frame.
import type { AttackPlanLinesResponse, AttackType } from "@dsbot/protocol";
import { attackTypeColors, attackTypes, isOpenAttackStatus } from "@dsbot/protocol";
import type { MapView, ViewSize } from "./view";

/** From this many CSS pixels per field on, each line gets an arrowhead at its target. */
export const ARROW_FROM_SCALE = 4;
/** Sent, failed and expired attacks are drawn this faint; open ones (planned, due) in full. */
export const FAINT_ALPHA = 0.25;

export interface OverlayGroup {
  type: AttackType;
  color: string;
  faint: boolean;
  /** Lines [start, end) of the overlay's coords. */
  start: number;
  end: number;
}

export interface PlanOverlay {
  /** Lines in all. */
  count: number;
  /** x0, y0, x1, y1 per line: the centres of start and target village (world units), in group order. */
  coords: Float32Array;
  /** Faint groups first, so open attacks lie on top; empty groups are left out. */
  groups: readonly OverlayGroup[];
  /** Attacks per type (every status). */
  counts: Readonly<Record<AttackType, number>>;
}

/** The overlay of one lines answer (columns of unequal length are cut to the shortest). */
export function buildPlanOverlay(lines: AttackPlanLinesResponse): PlanOverlay {
  const count = Math.min(Math.floor(lines.coords.length / 4), lines.types.length, lines.statuses.length);
  const typeIndex = new Map(attackTypes.map((type, k) => [type, k]));
  const groupCount = attackTypes.length * 2;
  // Group g = faint ? type : types + type (faint groups first).
  const groupOf = new Uint8Array(count);
  const sizes = new Uint32Array(groupCount);
  const counts = Object.fromEntries(attackTypes.map((type) => [type, 0])) as Record<AttackType, number>;
  for (let i = 0; i < count; i++) {
    const type = lines.types[i]!;
    const k = typeIndex.get(type) ?? 0;
    const g = isOpenAttackStatus(lines.statuses[i]!) ? attackTypes.length + k : k;
    groupOf[i] = g;
    sizes[g] = sizes[g]! + 1;
    counts[type]++;
  }
  const starts = new Uint32Array(groupCount);
  for (let g = 1; g < groupCount; g++) starts[g] = starts[g - 1]! + sizes[g - 1]!;
  const groups: OverlayGroup[] = [];
  for (let g = 0; g < groupCount; g++) {
    if (sizes[g] === 0) continue;
    const type = attackTypes[g % attackTypes.length]!;
    groups.push({ type, color: attackTypeColors[type], faint: g < attackTypes.length, start: starts[g]!, end: starts[g]! + sizes[g]! });
  }
  const coords = new Float32Array(count * 4);
  const next = starts.slice();
  for (let i = 0; i < count; i++) {
    const g = groupOf[i]!;
    const at = next[g]! * 4;
    next[g] = next[g]! + 1;
    for (let c = 0; c < 4; c++) coords[at + c] = lines.coords[i * 4 + c]! + 0.5;
  }
  return { count, coords, groups, counts };
}

/**
 * Strokes the overlay's lines whose bounding box meets the visible rect (device pixel of world x:
 * ox + x · px), with an arrowhead at the target from ARROW_FROM_SCALE on; returns the lines drawn.
 */
export function drawPlanOverlay(
  ctx: CanvasRenderingContext2D,
  overlay: PlanOverlay,
  view: MapView,
  size: ViewSize,
  ox: number,
  oy: number,
  px: number,
  dpr: number,
): number {
  const halfW = size.width / 2 / view.scale;
  const halfH = size.height / 2 / view.scale;
  const left = view.cx - halfW;
  const right = view.cx + halfW;
  const top = view.cy - halfH;
  const bottom = view.cy + halfH;
  const arrows = view.scale >= ARROW_FROM_SCALE;
  const arrowLength = Math.min(12 * dpr, Math.max(6 * dpr, px * 0.7));
  const arrowHalf = arrowLength * 0.45;
  const c = overlay.coords;
  let drawn = 0;
  ctx.lineWidth = (arrows ? 1.5 : 1) * dpr;
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  const groups = overlay.groups;
  for (let g = 0; g < groups.length; g++) {
    const group = groups[g]!;
    let inGroup = 0;
    ctx.beginPath();
    for (let i = group.start; i < group.end; i++) {
      const x0 = c[i * 4]!;
      const y0 = c[i * 4 + 1]!;
      const x1 = c[i * 4 + 2]!;
      const y1 = c[i * 4 + 3]!;
      if ((x0 < x1 ? x1 : x0) < left || (x0 < x1 ? x0 : x1) > right || (y0 < y1 ? y1 : y0) < top || (y0 < y1 ? y0 : y1) > bottom) continue;
      const sx0 = ox + x0 * px;
      const sy0 = oy + y0 * px;
      const sx1 = ox + x1 * px;
      const sy1 = oy + y1 * px;
      ctx.moveTo(sx0, sy0);
      ctx.lineTo(sx1, sy1);
      if (arrows) {
        const dx = sx1 - sx0;
        const dy = sy1 - sy0;
        const length = Math.sqrt(dx * dx + dy * dy);
        if (length > 0) {
          // Unit direction (ux, uy); the arrow's base lies arrowLength back from the tip.
          const ux = dx / length;
          const uy = dy / length;
          const bx = sx1 - ux * arrowLength;
          const by = sy1 - uy * arrowLength;
          ctx.moveTo(bx - uy * arrowHalf, by + ux * arrowHalf);
          ctx.lineTo(sx1, sy1);
          ctx.lineTo(bx + uy * arrowHalf, by - ux * arrowHalf);
        }
      }
      inGroup++;
    }
    if (inGroup === 0) continue;
    ctx.strokeStyle = group.color;
    ctx.globalAlpha = group.faint ? FAINT_ALPHA : 1;
    ctx.stroke();
    drawn += inGroup;
  }
  ctx.globalAlpha = 1;
  ctx.lineCap = "butt";
  ctx.lineJoin = "miter";
  return drawn;
}
