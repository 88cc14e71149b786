import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from './memory.store.js';

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

  it('takes a released request out of the log, so it frees its slot at once', async () => {
    const store = new MemoryRateLimitStore();
    const first = await store.hit('k', rule, 0);
    for (const t of [1, 2]) await store.hit('k', rule, t);
    expect((await store.hit('k', rule, 3)).allowed).toBe(false);
    await first.release?.();
    expect((await store.hit('k', rule, 4)).allowed).toBe(true);
    expect((await store.hit('k', rule, 5)).allowed).toBe(false);
  });
});
