// One seeded PRNG for everything that must be reproducible from a seed: the world generator, the
// sandbox, the planner's "zufällig" and the coordinate filter's random pick.

/** mulberry32: a small, fast 32-bit PRNG; the same seed gives the same sequence everywhere. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
