import { describe, expect, it } from 'vitest';
import { drainedState, MemoryBucketStore, reserveUnits } from './bucket-store.js';

const pool = { capacity: 100, refillPerSecond: 10, writeReserve: 20 };

describe('reserveUnits', () => {
  it('grants from a full pool at once, then hands out waits in arrival order as it runs dry', () => {
    let state = reserveUnits(undefined, pool, 0, 100, 0, 5_000);
    expect([state.granted, state.waitMs, state.state.level]).toEqual([true, 0, 0]);
    state = reserveUnits(state.state, pool, 0, 10, 0, 5_000);
    expect([state.granted, state.waitMs]).toEqual([true, 1_000]);
    state = reserveUnits(state.state, pool, 0, 10, 0, 5_000);
    expect([state.granted, state.waitMs]).toEqual([true, 2_000]);
  });

  it('refuses what would wait past the bound, takes nothing, and says how long until it would fit', () => {
    const empty = { level: 0, at: 0 };
    const refused = reserveUnits(empty, pool, 0, 30, 0, 2_000);
    expect([refused.granted, refused.waitMs, refused.state.level]).toEqual([false, 3_000, 0]);
  });

  it('refills with time, never above capacity', () => {
    const later = reserveUnits({ level: 0, at: 0 }, pool, 60_000, 0, 0, 0);
    expect(later.state.level).toBe(100);
  });

  it('keeps the write reserve: a read waits where a write passes', () => {
    const state = { level: 25, at: 0 };
    expect(reserveUnits(state, pool, 0, 10, pool.writeReserve, 0).granted).toBe(false);
    expect(reserveUnits(state, pool, 0, 10, 0, 0)).toMatchObject({ granted: true, waitMs: 0 });
  });

  it("drains to a debt that takes the venue's retry time to repay", () => {
    const drained = drainedState({ level: 100, at: 0 }, pool, 0, 3_000);
    expect(drained.level).toBe(-30);
    expect(reserveUnits(drained, pool, 0, 1, 0, 10_000).waitMs).toBeCloseTo(3_100);
  });
});

describe('MemoryBucketStore', () => {
  it('answers a wait or a retry time per key', async () => {
    let now = 0;
    const store = new MemoryBucketStore(() => now);
    expect(await store.reserve('a', pool, 100, 0, 0)).toEqual({ waitMs: 0 });
    expect(await store.reserve('a', pool, 10, 0, 0)).toEqual({ retryAfterMs: 1_000 });
    expect(await store.reserve('b', pool, 10, 0, 0)).toEqual({ waitMs: 0 });
    now = 1_000;
    expect(await store.reserve('a', pool, 10, 0, 0)).toEqual({ waitMs: 0 });
  });
});
