// A seeded random pick: the same seed and the same list always give the same subset, in list order.
import { seededRandom } from "@dsbot/protocol";

/** min(count, n) entries chosen at random by the seed, kept in their original order. */
export function pickRandom<T>(items: readonly T[], count: number, seed: number): T[] {
  const n = items.length;
  const k = Math.max(0, Math.min(Math.floor(count), n));
  if (k === n) return [...items];
  const random = seededRandom(seed);
  const indices = Array.from({ length: n }, (_, i) => i);
  // Partial Fisher–Yates: the first k slots become a uniform random k-subset.
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(random() * (n - i));
    [indices[i], indices[j]] = [indices[j] as number, indices[i] as number];
  }
  return indices
    .slice(0, k)
    .sort((a, b) => a - b)
    .map((i) => items[i] as T);
}

/** A fresh seed for "Neu würfeln" (any 32-bit value but the current one). */
export function nextSeed(current: number, random: () => number = Math.random): number {
  const seed = Math.floor(random() * 4294967296) >>> 0;
  return seed === current ? (seed + 1) >>> 0 : seed;
}
