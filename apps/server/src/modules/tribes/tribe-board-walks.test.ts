// The kept walks of Stammes-Eingänge: a walk is handed out only under its own fingerprint and until
// its first command lands; the oldest go first when there are too many.
import { describe, expect, it } from "vitest";
import type { BoardWalk } from "./tribe-board-walks.js";
import { BoardWalkCache, boardFingerprint, FingerprintCache, summaryOf } from "./tribe-board-walks.js";

const walk = (arrivals: number[]): BoardWalk => ({
  ids: Int32Array.from(arrivals, (_, i) => i + 1),
  seen: Int32Array.from(arrivals, () => 1),
  arrivals: Float64Array.from(arrivals),
  kinds: arrivals.map((_, i) => (i === 0 ? "noble" : "attack")),
});

describe("BoardWalkCache", () => {
  it("hands a walk out under its fingerprint only, and not once its first command has landed", () => {
    const cache = new BoardWalkCache();
    const kept = walk([1_000, 2_000]);
    cache.store("1|", "f1", kept);
    expect(cache.lookup("1|", "f1", 500)).toBe(kept);
    expect(cache.lookup("1|", "f2", 500)).toBeUndefined();
    // A miss forgets the entry: the right fingerprint does not bring it back.
    expect(cache.lookup("1|", "f1", 500)).toBeUndefined();
    cache.store("1|", "f1", kept);
    expect(cache.lookup("1|", "f1", 1_000)).toBeUndefined();
  });

  it("drops the least recently used walks beyond its limits", () => {
    const cache = new BoardWalkCache(2, 10);
    cache.store("a", "f", walk([10]));
    cache.store("b", "f", walk([10]));
    expect(cache.lookup("a", "f", 0)).toBeDefined(); // used: b is now the oldest
    cache.store("c", "f", walk([10])); // three entries: b goes
    expect(cache.lookup("b", "f", 0)).toBeUndefined();
    cache.store("d", "f", walk(Array.from({ length: 9 }, () => 10))); // a, c, d: a goes; c 1 + d 9 rows fit
    expect(cache.lookup("a", "f", 0)).toBeUndefined();
    expect(cache.lookup("c", "f", 0)).toBeDefined(); // used: d is now the oldest
    cache.store("g", "f", walk(Array.from({ length: 5 }, () => 10))); // d, c, g: d goes
    expect(cache.lookup("d", "f", 0)).toBeUndefined();
    expect(cache.lookup("c", "f", 0)).toBeDefined();
    // A walk over the row limit is not kept at all.
    cache.store("e", "f", walk(Array.from({ length: 11 }, () => 10)));
    expect(cache.lookup("e", "f", 0)).toBeUndefined();
  });

  it("builds a value once for reads that ask for it at the same time, and again for another fingerprint", async () => {
    const cache = new FingerprintCache<string>(10, 10);
    let builds = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const build = (value: string) => async () => {
      builds += 1;
      await gate;
      return { value, weight: 1, validUntil: Infinity };
    };
    const reads = [cache.obtain("p", "f1", 0, build("a")), cache.obtain("p", "f1", 0, build("b")), cache.obtain("p", "f2", 0, build("c"))];
    release();
    expect(await Promise.all(reads)).toEqual(["a", "a", "c"]);
    expect(builds).toBe(2);
    // Kept: the next read builds nothing; a failed build is not kept.
    expect(await cache.obtain("p", "f2", 0, build("d"))).toBe("c");
    await expect(cache.obtain("q", "f", 0, () => Promise.reject(new Error("kaputt")))).rejects.toThrow("kaputt");
    expect(await cache.obtain("q", "f", 0, build("e"))).toBe("e");
    expect(builds).toBe(3);
  });

  it("tells scopes and versions apart in the fingerprint, and sums up a walk", () => {
    expect(boardFingerprint(["b:1", "u:2"], "b:1=3")).not.toBe(boardFingerprint(["b:1", "u:2", "u:3"], "b:1=3"));
    expect(boardFingerprint(["b:1"], "b:1=3")).not.toBe(boardFingerprint(["b:1"], "b:1=4"));
    expect(summaryOf(walk([5, 7]))).toEqual({ count: 2, nobles: 1, nextArrival: 5 });
    expect(summaryOf(walk([]))).toEqual({ count: 0, nobles: 0, nextArrival: null });
  });
});
