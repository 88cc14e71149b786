import { AppError } from '@app/kit';
import { describe, expect, it } from 'vitest';
import { UpstreamCache } from './upstream-cache.js';

function cache(clock: { now: number }, maxEntries = 10) {
  return new UpstreamCache({ scope: 'venue:test', maxEntries, clock: () => clock.now });
}

const loader = () => {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    load:
      (value: string, obtainedAt = 1) =>
      async () => {
        calls += 1;
        return { value, obtainedAt };
      },
  };
};

describe('UpstreamCache', () => {
  it('answers fresh entries with their own obtained time, and refetches after the TTL', async () => {
    const clock = { now: 0 };
    const c = cache(clock);
    const l = loader();
    expect(await c.get('k', { ttlMs: 100 }, l.load('a', 5))).toEqual({
      value: 'a',
      obtainedAt: 5,
      stale: false,
    });
    clock.now = 99;
    expect(await c.get('k', { ttlMs: 100 }, l.load('b', 6))).toEqual({
      value: 'a',
      obtainedAt: 5,
      stale: false,
    });
    clock.now = 100;
    expect(await c.get('k', { ttlMs: 100 }, l.load('b', 6))).toMatchObject({ value: 'b', obtainedAt: 6 });
    expect(l.calls).toBe(2);
  });

  it('hands out a fresh entry without a load, counting it a hit; nothing for an expired or absent key', async () => {
    const clock = { now: 0 };
    const counted: string[] = [];
    const c = new UpstreamCache({
      scope: 'venue:test',
      maxEntries: 10,
      clock: () => clock.now,
      metrics: {
        hit: () => counted.push('hit'),
        miss: () => counted.push('miss'),
        stale: () => counted.push('stale'),
      },
    });
    expect(c.fresh('k')).toBeUndefined();
    await c.get('k', { ttlMs: 100 }, loader().load('a', 5));
    clock.now = 99;
    expect(c.fresh('k')).toEqual({ value: 'a', obtainedAt: 5, stale: false });
    clock.now = 100;
    expect(c.fresh('k')).toBeUndefined();
    expect(counted).toEqual(['miss', 'hit']);
  });

  it('makes one call for concurrent misses of one key', async () => {
    const c = cache({ now: 0 });
    let calls = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const load = async () => {
      calls += 1;
      await gate;
      return { value: calls, obtainedAt: 1 };
    };
    const answers = Promise.all(Array.from({ length: 50 }, () => c.get('k', { ttlMs: 100 }, load)));
    release();
    expect((await answers).every((answer) => answer.value === 1)).toBe(true);
    expect(calls).toBe(1);
  });

  it('serves an expired entry marked stale while the upstream fails, within the window only', async () => {
    const clock = { now: 0 };
    const c = cache(clock);
    const policy = { ttlMs: 100, staleIfErrorMs: 1_000 };
    await c.get('k', policy, async () => ({ value: 'old', obtainedAt: 7 }));
    const down = async (): Promise<never> => {
      throw new AppError(502, 'UPSTREAM_UNAVAILABLE', 'down');
    };
    clock.now = 500;
    expect(await c.get('k', policy, down)).toEqual({ value: 'old', obtainedAt: 7, stale: true });
    clock.now = 1_100;
    await expect(c.get('k', policy, down)).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
  });

  it("does not stand in for the caller's own mistake", async () => {
    const clock = { now: 0 };
    const c = cache(clock);
    const policy = { ttlMs: 1, staleIfErrorMs: 1_000 };
    await c.get('k', policy, async () => ({ value: 'old', obtainedAt: 7 }));
    clock.now = 10;
    const unknown = async (): Promise<never> => {
      throw new AppError(404, 'UNKNOWN_INSTRUMENT', 'no such thing');
    };
    await expect(c.get('k', policy, unknown)).rejects.toMatchObject({ status: 404 });
  });

  it('keeps at most maxEntries, the least recently stored going first', async () => {
    const c = cache({ now: 0 }, 2);
    const l = loader();
    for (const key of ['a', 'b', 'c']) await c.get(key, { ttlMs: 100 }, l.load(key));
    expect(c.size).toBe(2);
    await c.get('a', { ttlMs: 100 }, l.load('a2'));
    expect(l.calls).toBe(4);
  });
});
