// The planner preview's map: the answer's attacks turned once into an
// SVG scene fitted to the villages involved — one path per attack type (a segment per attack, so
// thousands of lines stay a handful of elements), the attacker and target villages, the targets the
// planner could not serve — plus the geometry to find the line under the pointer.
import type { AttackType, PlannerResponse } from "@dsbot/protocol";
import { attackTypeColors, attackTypes, parseCoord } from "@dsbot/protocol";

/** Fields around the villages at least, and this share of the larger side. */
const MARGIN_MIN = 2;
const MARGIN_SHARE = 0.06;
/** Fields the view spans at least (one village alone is not a zoom to infinity). */
const SPAN_MIN = 12;
/** Width / height kept inside these bounds, so a column of villages does not become a sliver. */
const ASPECT_MIN = 1.25;
const ASPECT_MAX = 2.4;
/** The game's continents are 100 × 100 fields. */
export const CONTINENT_SIZE = 100;

export interface ViewBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PreviewTypeLayer {
  type: AttackType;
  color: string;
  /** Attacks of this type (one segment each in `d`). */
  count: number;
  d: string;
}

export interface PreviewMapScene {
  viewBox: ViewBox;
  /** Attack types in `attackTypes` order (later ones drawn on top), only those with attacks. */
  layers: readonly PreviewTypeLayer[];
  /** Zero-length subpaths, one per village: drawn as dots by round line caps. */
  attackers: { count: number; d: string };
  targets: { count: number; d: string };
  unserved: { count: number; d: string };
  /** Continent borders inside the view (one path). */
  grid: string;
  /** x0, y0, x1, y1 (village centres) per drawn attack, in `lines` order. */
  segments: Float32Array;
  /** The attack (index in the answer) of each segment. */
  lines: Uint32Array;
}

const key = (x: number, y: number) => y * 1000 + x;

function parse(text: string): { x: number; y: number } | null {
  const parsed = parseCoord(text);
  return parsed.ok ? parsed.value : null;
}

/** A village's dot: its centre as a zero-length subpath. */
const dot = (x: number, y: number) => `M${x + 0.5} ${y + 0.5}h0`;

/** The box around [minX, maxX] × [minY, maxY] with margin, minimum span and aspect bounds. */
export function fitViewBox(minX: number, minY: number, maxX: number, maxY: number): ViewBox {
  const margin = Math.max(MARGIN_MIN, MARGIN_SHARE * Math.max(maxX - minX, maxY - minY));
  let width = Math.max(SPAN_MIN, maxX - minX + 2 * margin);
  let height = Math.max(SPAN_MIN, maxY - minY + 2 * margin);
  if (width / height < ASPECT_MIN) width = height * ASPECT_MIN;
  if (width / height > ASPECT_MAX) height = width / ASPECT_MAX;
  return { x: (minX + maxX) / 2 - width / 2, y: (minY + maxY) / 2 - height / 2, width, height };
}

function continentGrid(view: ViewBox): string {
  const parts: string[] = [];
  const right = view.x + view.width;
  const bottom = view.y + view.height;
  for (let x = Math.ceil(view.x / CONTINENT_SIZE) * CONTINENT_SIZE; x <= right; x += CONTINENT_SIZE) parts.push(`M${x} ${view.y}V${bottom}`);
  for (let y = Math.ceil(view.y / CONTINENT_SIZE) * CONTINENT_SIZE; y <= bottom; y += CONTINENT_SIZE) parts.push(`M${view.x} ${y}H${right}`);
  return parts.join("");
}

/** The scene of a planner answer; null when it names no village at all. */
export function buildPreviewScene(result: Pick<PlannerResponse, "attacks" | "unserved">): PreviewMapScene | null {
  const typeIndex = new Map(attackTypes.map((type, k) => [type, k]));
  const paths: string[][] = attackTypes.map(() => []);
  const attackers = new Map<number, string>();
  const targets = new Map<number, string>();
  const unserved = new Map<number, string>();
  const segments = new Float32Array(result.attacks.length * 4);
  const lines = new Uint32Array(result.attacks.length);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const extend = (x: number, y: number) => {
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  };
  let drawn = 0;
  result.attacks.forEach((attack, index) => {
    const from = parse(attack.from);
    const to = parse(attack.to);
    if (!from || !to) return;
    const x0 = from.x + 0.5;
    const y0 = from.y + 0.5;
    const x1 = to.x + 0.5;
    const y1 = to.y + 0.5;
    paths[typeIndex.get(attack.type) ?? 0]!.push(`M${x0} ${y0}L${x1} ${y1}`);
    segments[drawn * 4] = x0;
    segments[drawn * 4 + 1] = y0;
    segments[drawn * 4 + 2] = x1;
    segments[drawn * 4 + 3] = y1;
    lines[drawn++] = index;
    attackers.set(key(from.x, from.y), dot(from.x, from.y));
    targets.set(key(to.x, to.y), dot(to.x, to.y));
    extend(from.x, from.y);
    extend(to.x, to.y);
  });
  for (const demand of result.unserved) {
    const target = parse(demand.target);
    if (!target || demand.planned >= demand.requested) continue;
    const k = key(target.x, target.y);
    unserved.set(k, dot(target.x, target.y));
    targets.set(k, dot(target.x, target.y));
    extend(target.x, target.y);
  }
  if (minX === Infinity) return null;
  const viewBox = fitViewBox(minX + 0.5, minY + 0.5, maxX + 0.5, maxY + 0.5);
  const layers: PreviewTypeLayer[] = [];
  attackTypes.forEach((type, k) => {
    const parts = paths[k]!;
    if (parts.length > 0) layers.push({ type, color: attackTypeColors[type], count: parts.length, d: parts.join("") });
  });
  const layer = (map: Map<number, string>) => ({ count: map.size, d: [...map.values()].join("") });
  return {
    viewBox,
    layers,
    attackers: layer(attackers),
    targets: layer(targets),
    unserved: layer(unserved),
    grid: continentGrid(viewBox),
    segments: segments.subarray(0, drawn * 4),
    lines: lines.subarray(0, drawn),
  };
}

/** The segment nearest to (x, y) within maxDistance (view units), or -1; the later one wins a tie (drawn on top). */
export function nearestSegment(segments: Float32Array, x: number, y: number, maxDistance: number): number {
  let best = -1;
  let bestSquared = maxDistance * maxDistance;
  for (let i = 0; i + 3 < segments.length; i += 4) {
    const x0 = segments[i]!;
    const y0 = segments[i + 1]!;
    const dx = segments[i + 2]! - x0;
    const dy = segments[i + 3]! - y0;
    const lengthSquared = dx * dx + dy * dy;
    const t = lengthSquared === 0 ? 0 : Math.min(1, Math.max(0, ((x - x0) * dx + (y - y0) * dy) / lengthSquared));
    const ex = x0 + t * dx - x;
    const ey = y0 + t * dy - y;
    const squared = ex * ex + ey * ey;
    if (squared <= bestSquared) {
      bestSquared = squared;
      best = i / 4;
    }
  }
  return best;
}

/**
 * The view point under a client point for an SVG of `rect` showing `view` with the default
 * preserveAspectRatio (xMidYMid meet), and the view units per CSS pixel.
 */
export function clientToView(rect: { left: number; top: number; width: number; height: number }, view: ViewBox, clientX: number, clientY: number) {
  const scale = Math.min(rect.width / view.width, rect.height / view.height);
  if (!(scale > 0)) return null;
  const offsetX = (rect.width - view.width * scale) / 2;
  const offsetY = (rect.height - view.height * scale) / 2;
  return {
    x: view.x + (clientX - rect.left - offsetX) / scale,
    y: view.y + (clientY - rect.top - offsetY) / scale,
    unitsPerPixel: 1 / scale,
  };
}
