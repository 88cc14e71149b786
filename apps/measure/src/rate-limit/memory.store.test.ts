import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from './memory.store.js';
import { ATTEMPT_LEASE_MS } from './rate-limit.store.js';

const rule = { limit: 3, windowMs: 60_000 };

describe('MemoryRateLimitStore', () => {
  it('allows `limit` requests in a window, then says when the oldest leaves it', async () => {
    const store = new MemoryRateLimitStore();
    expect(await store.hit('k', rule, 0)).toMatchObject({ allowed: true, remaining: 2, retryAfterMs: 0 });
    await store.hit('k', rule, 10_000);
    expect((await store.hit('k', rule, 20_000)).remaining).toBe(0);
    expect(await store.hit('k', rule, 30_000)).toEqual({
      allowed: false,
      remaining: 0,
      retryAfterMs: 30_000,
    });
  });

  it('slides: each counted request frees its slot exactly one window later', async () => {
    const store = new MemoryRateLimitStore();
    for (const t of [0, 10_000, 20_000]) await store.hit('k', rule, t);
    expect((await store.hit('k', rule, 59_999)).allowed).toBe(false);
    expect((await store.hit('k', rule, 60_000)).allowed).toBe(true);
    const refused = await store.hit('k', rule, 60_001);
    expect(refused).toEqual({ allowed: false, remaining: 0, retryAfterMs: 9_999 });
    expect((await store.hit('k', rule, 70_000)).allowed).toBe(true);
  });

  it('does not count refused requests, so a client that waits gets through', async () => {
    const store = new MemoryRateLimitStore();
    for (const t of [0, 1, 2]) await store.hit('k', rule, t);
    for (let t = 3; t < 60_000; t += 5_000) expect((await store.hit('k', rule, t)).allowed).toBe(false);
    expect((await store.hit('k', rule, 60_000)).allowed).toBe(true);
  });

  it('keeps keys apart', async () => {
    const store = new MemoryRateLimitStore();
    for (const t of [0, 1, 2]) await store.hit('a', rule, t);
    expect((await store.hit('a', rule, 3)).allowed).toBe(false);
    expect((await store.hit('b', rule, 3)).allowed).toBe(true);
  });

  it('stays within its key bound, dropping the least recently used key', async () => {
    const store = new MemoryRateLimitStore(100);
    for (let i = 0; i < 1_000; i++) await store.hit(`ip-${i}`, rule, 1_000);
    expect(store.size).toBeLessThanOrEqual(100);
    for (const t of [1, 2, 3]) await store.hit('busy', rule, 1_000 + t);
    for (let i = 0; i < 50; i++) await store.hit(`other-${i}`, rule, 1_010);
    expect((await store.hit('busy', rule, 1_020)).allowed).toBe(false);
  });

  it('sweeps keys whose whole log has expired', async () => {
    const store = new MemoryRateLimitStore();
    for (let i = 0; i < 10; i++) await store.hit(`ip-${i}`, rule, 0);
    for (let i = 0; i < 10; i++) await store.hit('later', rule, 120_000 + i);
    expect(store.size).toBe(1);
  });

  it('counts only failed attempts; attempts in flight hold their slots (busy), failures fill them (refused)', async () => {
    const store = new MemoryRateLimitStore();
    const go = async (t: number) => {
      const result = await store.attempt('k', rule, t);
      if (result.outcome !== 'go') throw new Error(`expected go, got ${result.outcome}`);
      return result.settle;
    };
    const [a, b, c] = [await go(0), await go(1), await go(2)];
    expect(await store.attempt('k', rule, 3)).toEqual({ outcome: 'busy' });
    await a(true);
    await b(false);
    const d = await go(4);
    await c(false);
    await d(false);
    expect(await store.attempt('k', rule, 5)).toEqual({ outcome: 'refused', retryAfterMs: 59_996 });
    // the oldest failure (arrived at 1) leaves the window
    expect((await store.attempt('k', rule, 60_001)).outcome).toBe('go');
  });

  it('counts an attempt never settled as a failure once its lease is over', async () => {
    const store = new MemoryRateLimitStore();
    for (const t of [0, 1, 2]) await store.attempt('k', rule, t);
    expect((await store.attempt('k', rule, ATTEMPT_LEASE_MS - 1)).outcome).toBe('busy');
    expect((await store.attempt('k', rule, ATTEMPT_LEASE_MS + 2)).outcome).toBe('refused');
  });
});
