/**
 * Deterministic randomness for simulators. The frame derives one seed per
 * simulator and environment from the base seed, so the test and live
 * markets differ from each other but are the same on every run.
 */
export function deriveSeed(base: number, ...parts: string[]): number {
  // FNV-1a over the base seed and the parts.
  let hash = 0x811c9dc5;
  for (const char of `${base >>> 0}:${parts.join(':')}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a small, fast PRNG with a 32-bit state; returns floats in [0, 1). */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
