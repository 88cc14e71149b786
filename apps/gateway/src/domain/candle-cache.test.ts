import { describe, expect, it } from 'vitest';
import type { Candle } from './candle.js';
import { ClosedCandleCache, SETTLE_MS } from './candle-cache.js';

const MIN = 60_000;
const bars = (from: number, to: number): Candle[] => {
  const out: Candle[] = [];
  for (let t = from; t <= to; t += MIN)
    out.push({ timestamp: t, open: 1, high: 1, low: 1, close: 1, volume: 1 });
  return out;
};

describe('closed-candle cache', () => {
  it('serves a fetched closed range again and reports nothing missing', () => {
    const cache = new ClosedCandleCache();
    cache.store('k', { from: 0, to: 99 * MIN }, MIN, bars(0, 99 * MIN), 1_000 * MIN);
    const hit = cache.lookup('k', 10 * MIN, 20 * MIN, MIN);
    expect(hit.missing).toEqual([]);
    expect(hit.hits).toHaveLength(11);
    expect(hit.fetchedAt).toBe(1_000 * MIN);
  });

  it('never stores the bar still forming when the data was obtained', () => {
    const cache = new ClosedCandleCache();
    const fetchedAt = 50 * MIN + 30_000; // bar 50 is forming
    cache.store('k', { from: 0, to: 50 * MIN }, MIN, bars(0, 50 * MIN), fetchedAt);
    const hit = cache.lookup('k', 0, 50 * MIN, MIN);
    expect(hit.hits.at(-1)!.timestamp).toBe(49 * MIN);
    expect(hit.missing).toEqual([{ from: 50 * MIN, to: 50 * MIN }]);
  });

  it('waits a settling delay after a bar closes before freezing it', () => {
    const cache = new ClosedCandleCache();
    cache.store('k', { from: 0, to: 9 * MIN }, MIN, bars(0, 9 * MIN), 10 * MIN + SETTLE_MS - 1);
    expect(cache.lookup('k', 0, 9 * MIN, MIN).missing).toEqual([{ from: 9 * MIN, to: 9 * MIN }]);
  });

  it('remembers bars the venue did not have, and reports uncovered gaps in order', () => {
    const cache = new ClosedCandleCache();
    cache.store('k', { from: 10 * MIN, to: 19 * MIN }, MIN, bars(10 * MIN, 14 * MIN), 1_000 * MIN);
    cache.store('k', { from: 30 * MIN, to: 39 * MIN }, MIN, bars(30 * MIN, 39 * MIN), 900 * MIN);
    const hit = cache.lookup('k', 0, 49 * MIN, MIN);
    expect(hit.hits).toHaveLength(15);
    expect(hit.missing).toEqual([
      { from: 0, to: 9 * MIN },
      { from: 20 * MIN, to: 29 * MIN },
      { from: 40 * MIN, to: 49 * MIN },
    ]);
    expect(hit.fetchedAt).toBe(900 * MIN);
  });

  it('evicts least recently used series beyond its bound', () => {
    const cache = new ClosedCandleCache(150);
    cache.store('a', { from: 0, to: 99 * MIN }, MIN, bars(0, 99 * MIN), 1_000 * MIN);
    cache.store('b', { from: 0, to: 99 * MIN }, MIN, bars(0, 99 * MIN), 1_000 * MIN);
    expect(cache.size).toBeLessThanOrEqual(150);
    expect(cache.lookup('a', 0, 99 * MIN, MIN).hits).toHaveLength(0);
    expect(cache.lookup('b', 0, 99 * MIN, MIN).hits).toHaveLength(100);
  });
});
