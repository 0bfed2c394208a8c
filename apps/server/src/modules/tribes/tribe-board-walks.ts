// Stammes-Eingänge merges up to 10,000 reports per tribe into one row per command (tribe-board-scopes.ts);
// done on every request that walk held the page far over its budget (bench/tribe-board.mjs). So its answer —
// the row ids in arrival order with their kind, arrival and number of reports — is kept per tribe and
// member filter under a fingerprint: the members' and their bots' scopes with their versions in
// incoming_versions (raised by a trigger on every write of incomings). A member joining or leaving, a
// bot added or deleted, a scan, a paste or a tag changes it, so an entry is exact on every instance;
// it also ends when its first command lands. Kind and time filters and the page run on the kept rows.
import { hash } from "node:crypto";
import type { IncomingKind, IncomingSummary } from "@dsbot/protocol";

export interface BoardWalk {
  ids: Int32Array;
  seen: Int32Array;
  arrivals: Float64Array;
  kinds: readonly IncomingKind[];
}

/** Kept walks at most (LRU), and rows in all of them together. */
export const BOARD_WALKS_MAX = 500;
export const BOARD_WALK_ROWS_MAX = 2_000_000;

/** One fingerprint of the scopes (`b:<bot>`, `u:<user>`) and their versions as the database lists them. */
export function boardFingerprint(scopes: readonly string[], versions: string): string {
  return hash("sha1", `${scopes.join(",")}#${versions}`, "hex");
}

export function summaryOf(walk: BoardWalk): IncomingSummary {
  let nobles = 0;
  for (const kind of walk.kinds) if (kind === "noble") nobles += 1;
  return { count: walk.ids.length, nobles, nextArrival: walk.ids.length > 0 ? (walk.arrivals[0] ?? null) : null };
}

/**
 * Values kept per key under a fingerprint, each until a time of its own, the least recently used
 * dropped beyond `maxEntries` or `maxWeight` (a value heavier than that is not kept).
 */
export class FingerprintCache<T> {
  private readonly entries = new Map<string, { fingerprint: string; value: T; weight: number; validUntil: number }>();
  private readonly pending = new Map<string, { fingerprint: string; value: Promise<T> }>();
  private weight = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxWeight: number,
  ) {}

  /** The value kept under this key if its fingerprint still holds and its time has not come. */
  lookup(key: string, fingerprint: string, now: number): T | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.remove(key);
    if (hit.fingerprint !== fingerprint || now >= hit.validUntil) return undefined;
    // Most recently used last: the oldest entry is the first to go.
    this.put(key, hit);
    return hit.value;
  }

  /**
   * The value kept under this key and fingerprint, or the one being built for them (the hundred reads
   * of one page after a change build it once), or built now by `build` and kept.
   */
  obtain(key: string, fingerprint: string, now: number, build: () => Promise<{ value: T; weight: number; validUntil: number }>): Promise<T> {
    const hit = this.lookup(key, fingerprint, now);
    if (hit !== undefined) return Promise.resolve(hit);
    const running = this.pending.get(key);
    if (running?.fingerprint === fingerprint) return running.value;
    const value = build()
      .then((built) => {
        this.store(key, fingerprint, built.value, built.weight, built.validUntil);
        return built.value;
      })
      .finally(() => {
        if (this.pending.get(key)?.value === value) this.pending.delete(key);
      });
    this.pending.set(key, { fingerprint, value });
    return value;
  }

  store(key: string, fingerprint: string, value: T, weight: number, validUntil: number): void {
    this.remove(key);
    if (weight > this.maxWeight) return;
    this.put(key, { fingerprint, value, weight, validUntil });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.weight <= this.maxWeight) break;
      this.remove(oldest);
    }
  }

  private put(key: string, entry: { fingerprint: string; value: T; weight: number; validUntil: number }): void {
    this.entries.set(key, entry);
    this.weight += entry.weight;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
  }
}

/** The first arrival of a walk: from then on it is stale. */
export const walkValidUntil = (walk: BoardWalk): number => (walk.ids.length > 0 ? (walk.arrivals[0] ?? Infinity) : Infinity);

/** Walks by tribe and member filter, weighed by their rows. */
export class BoardWalkCache {
  private readonly kept: FingerprintCache<BoardWalk>;

  constructor(maxEntries = BOARD_WALKS_MAX, maxRows = BOARD_WALK_ROWS_MAX) {
    this.kept = new FingerprintCache(maxEntries, maxRows);
  }

  lookup(key: string, fingerprint: string, now: number): BoardWalk | undefined {
    return this.kept.lookup(key, fingerprint, now);
  }

  store(key: string, fingerprint: string, walk: BoardWalk): void {
    this.kept.store(key, fingerprint, walk, walk.ids.length, walkValidUntil(walk));
  }

  obtain(key: string, fingerprint: string, now: number, build: () => Promise<BoardWalk>): Promise<BoardWalk> {
    return this.kept.obtain(key, fingerprint, now, async () => {
      const walk = await build();
      return { value: walk, weight: walk.ids.length, validUntil: walkValidUntil(walk) };
    });
  }
}
