// The order in which the planner offers attacker villages to a target. "nearest": a spatial grid walked
// ring by ring from the target, emitting villages by exact distance (ties in input order) without
// sorting all villages per target. "random": a seeded shuffle per target, of which only the prefix in
// use is drawn.
import type { Coord } from "../game/coords.js";
import { seededRandom } from "../random.js";

/** A seed for stream `index` derived from the plan's seed (murmur3's finaliser). */
export function deriveSeed(seed: number, index: number): number {
  let h = (seed ^ Math.imul(index + 1, 0x9e3779b9)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/** Heap keys pack distance² · 2^21 + index (of a village or a cell) into one float (exact below 2^53): order by distance, then index. */
export const MAX_CANDIDATES = 1 << 21;

/** Villages bucketed into square cells of `size` fields (about four per cell). */
export class VillageGrid {
  private readonly minX: number;
  private readonly minY: number;
  private readonly size: number;
  private readonly cols: number;
  private readonly rows: number;
  private readonly cellStart: Int32Array;
  private readonly items: Int32Array;
  private readonly heap: Float64Array;
  /** Cells waiting to be opened by distance, and the search that last queued each. */
  private readonly cellHeap: Float64Array;
  private readonly stamps: Int32Array;
  private search = 0;

  constructor(
    private readonly xs: Int32Array,
    private readonly ys: Int32Array,
  ) {
    const n = xs.length;
    if (n >= MAX_CANDIDATES) throw new RangeError(`Höchstens ${MAX_CANDIDATES - 1} Angreiferdörfer.`);
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let i = 0; i < n; i++) {
      minX = Math.min(minX, xs[i] as number);
      maxX = Math.max(maxX, xs[i] as number);
      minY = Math.min(minY, ys[i] as number);
      maxY = Math.max(maxY, ys[i] as number);
    }
    if (n === 0) minX = minY = maxX = maxY = 0;
    this.minX = minX;
    this.minY = minY;
    const area = (maxX - minX + 1) * (maxY - minY + 1);
    this.size = Math.max(1, Math.round(Math.sqrt((area * 4) / Math.max(1, n))));
    this.cols = Math.floor((maxX - minX) / this.size) + 1;
    this.rows = Math.floor((maxY - minY) / this.size) + 1;
    // Counting sort of the villages by cell (CSR layout); within a cell in input order.
    this.cellStart = new Int32Array(this.cols * this.rows + 1);
    const cellOf = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const cell = this.cell(xs[i] as number, ys[i] as number);
      cellOf[i] = cell;
      this.cellStart[cell + 1]!++;
    }
    for (let c = 0; c < this.cols * this.rows; c++) this.cellStart[c + 1]! += this.cellStart[c] as number;
    const fill = this.cellStart.slice(0, -1);
    this.items = new Int32Array(n);
    for (let i = 0; i < n; i++) this.items[fill[cellOf[i] as number]!++] = i;
    this.heap = new Float64Array(n);
    this.cellHeap = new Float64Array(this.cols * this.rows);
    this.stamps = new Int32Array(this.cols * this.rows);
  }

  private cell(x: number, y: number): number {
    return Math.floor((y - this.minY) / this.size) * this.cols + Math.floor((x - this.minX) / this.size);
  }

  /**
   * Offers the villages not `skip`ped to `visit` nearest first (ties by index) until `visit` answers
   * true. Cells are opened best first by their distance from the target, spreading from the cell
   * nearest to it (a neighbour is never nearer than the cell it is reached from along the way); a
   * village is offered once every unopened cell is farther. So a search only opens the cells nearer
   * than its answer, also for a target far off the villages.
   */
  nearest(target: Coord, skip: (i: number) => boolean, visit: (i: number) => boolean): void {
    const { size, cols, rows, cellHeap, stamps } = this;
    const stamp = (this.search = this.search === 0x7fffffff ? 1 : this.search + 1);
    if (stamp === 1) stamps.fill(0);
    let heapSize = 0;
    let cellCount = 0;
    const open = (x: number, y: number) => {
      if (x < 0 || y < 0 || x >= cols || y >= rows) return;
      const c = y * cols + x;
      if (stamps[c] === stamp) return;
      stamps[c] = stamp;
      const x0 = this.minX + x * size;
      const y0 = this.minY + y * size;
      cellCount = heapPush(cellHeap, cellCount, rectDistance2(target, x0, x0 + size - 1, y0, y0 + size - 1) * MAX_CANDIDATES + c);
    };
    open(clamp(Math.floor((target.x - this.minX) / size), 0, cols - 1), clamp(Math.floor((target.y - this.minY) / size), 0, rows - 1));
    for (;;) {
      // Villages strictly nearer than every unopened cell can go (a tie waits: the cell may hold a lower index).
      const limit = cellCount > 0 ? Math.floor((cellHeap[0] as number) / MAX_CANDIDATES) * MAX_CANDIDATES : Infinity;
      while (heapSize > 0 && (this.heap[0] as number) < limit) {
        const key = this.heap[0] as number;
        heapSize = heapPop(this.heap, heapSize);
        if (visit(key % MAX_CANDIDATES)) return;
      }
      if (cellCount === 0) return;
      const c = (cellHeap[0] as number) % MAX_CANDIDATES;
      cellCount = heapPop(cellHeap, cellCount);
      for (let k = this.cellStart[c] as number, end = this.cellStart[c + 1] as number; k < end; k++) {
        const i = this.items[k] as number;
        if (skip(i)) continue;
        const dx = (this.xs[i] as number) - target.x;
        const dy = (this.ys[i] as number) - target.y;
        heapSize = heapPush(this.heap, heapSize, (dx * dx + dy * dy) * MAX_CANDIDATES + i);
      }
      const x = c % cols;
      const y = (c - x) / cols;
      open(x - 1, y);
      open(x + 1, y);
      open(x, y - 1);
      open(x, y + 1);
    }
  }
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Squared distance from `t` to the nearest field of the rectangle [x0, x1] × [y0, y1]. */
function rectDistance2(t: Coord, x0: number, x1: number, y0: number, y1: number): number {
  const dx = Math.max(x0 - t.x, 0, t.x - x1);
  const dy = Math.max(y0 - t.y, 0, t.y - y1);
  return dx * dx + dy * dy;
}

function heapPush(heap: Float64Array, size: number, key: number): number {
  let i = size;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    const p = heap[parent] as number;
    if (p <= key) break;
    heap[i] = p;
    i = parent;
  }
  heap[i] = key;
  return size + 1;
}

function heapPop(heap: Float64Array, size: number): number {
  const last = heap[size - 1] as number;
  const n = size - 1;
  let i = 0;
  for (;;) {
    let child = 2 * i + 1;
    if (child >= n) break;
    if (child + 1 < n && (heap[child + 1] as number) < (heap[child] as number)) child++;
    if ((heap[child] as number) >= last) break;
    heap[i] = heap[child] as number;
    i = child;
  }
  if (n > 0) heap[i] = last;
  return n;
}

/** One target's seeded shuffle of the villages; `at(pos)` is the village index or -1 past the end. */
export class ShuffledStream {
  private order: Int32Array = new Int32Array(0);
  private full = false;

  constructor(
    private readonly n: number,
    private readonly initial: number,
    private readonly seed: number,
    /** Scratch of length n shared by all streams (they extend one at a time). */
    private readonly scratch: Int32Array,
  ) {}

  at(pos: number): number {
    while (pos >= this.order.length && !this.full) this.extend();
    return pos < this.order.length ? (this.order[pos] as number) : -1;
  }

  /** The first `length` of a seeded Fisher–Yates shuffle: a longer prefix starts with the shorter one. */
  private extend(): void {
    const { n, scratch } = this;
    const length = Math.min(n, Math.max(this.initial, this.order.length * 4));
    for (let i = 0; i < n; i++) scratch[i] = i;
    const random = seededRandom(this.seed);
    for (let i = 0; i < length; i++) {
      const j = i + Math.floor(random() * (n - i));
      const swap = scratch[i] as number;
      scratch[i] = scratch[j] as number;
      scratch[j] = swap;
    }
    this.order = scratch.slice(0, length);
    this.full = length === n;
  }
}
