import type { PoolSpec } from './budget.js';

/**
 * Where budget buckets live: this process's memory, or Redis (redis-state.ts) so every instance spends
 * one budget. Both run the same reservation rule, `reserveUnits`.
 */
export interface BucketStore {
  /**
   * Takes `cost` units from bucket `key`. The level may go below `floor` (into debt) by at most what
   * refills in `maxWaitMs`: the answer is how long to wait before sending. Beyond that nothing is taken
   * and the answer is how long until it would fit.
   */
  reserve(
    key: string,
    pool: PoolSpec,
    cost: number,
    floor: number,
    maxWaitMs: number,
  ): Promise<{ waitMs: number } | { retryAfterMs: number }>;
  /** Sets the bucket so that nothing passes for `ms` (the venue said to wait). */
  drain(key: string, pool: PoolSpec, ms: number): Promise<void>;
}

export interface BucketState {
  level: number;
  at: number;
}

/**
 * The reservation rule, a token bucket that hands out waits instead of polling: waiters queue in arrival
 * order, and a burst of callers costs one state change each. Mirrored in Lua in redis-state.ts.
 */
export function reserveUnits(
  state: BucketState | undefined,
  pool: PoolSpec,
  now: number,
  cost: number,
  floor: number,
  maxWaitMs: number,
): { state: BucketState; waitMs: number; granted: boolean } {
  const perMs = pool.refillPerSecond / 1000;
  const level = state
    ? Math.min(pool.capacity, state.level + Math.max(0, now - state.at) * perMs)
    : pool.capacity;
  const after = level - cost;
  const waitMs = after >= floor ? 0 : (floor - after) / perMs;
  if (waitMs > maxWaitMs) return { state: { level, at: now }, waitMs, granted: false };
  return { state: { level: after, at: now }, waitMs, granted: true };
}

/** The bucket after the venue said to wait `ms`: in debt by what refills in that time. */
export function drainedState(
  state: BucketState | undefined,
  pool: PoolSpec,
  now: number,
  ms: number,
): BucketState {
  const { state: refilled } = reserveUnits(state, pool, now, 0, Number.NEGATIVE_INFINITY, 0);
  return { level: Math.min(refilled.level, -(pool.refillPerSecond / 1000) * ms), at: now };
}

/**
 * One process's buckets. Keys are few (upstream × environment × host × pool), so no eviction. Real time,
 * not the gateway's injectable clock: a test that pins the clock must not freeze the refill.
 */
export class MemoryBucketStore implements BucketStore {
  readonly #buckets = new Map<string, BucketState>();

  constructor(private readonly now: () => number = Date.now) {}

  async reserve(key: string, pool: PoolSpec, cost: number, floor: number, maxWaitMs: number) {
    const result = reserveUnits(this.#buckets.get(key), pool, this.now(), cost, floor, maxWaitMs);
    this.#buckets.set(key, result.state);
    return result.granted ? { waitMs: result.waitMs } : { retryAfterMs: result.waitMs };
  }

  async drain(key: string, pool: PoolSpec, ms: number): Promise<void> {
    this.#buckets.set(key, drainedState(this.#buckets.get(key), pool, this.now(), ms));
  }
}
