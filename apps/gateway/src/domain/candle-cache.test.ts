import { describe, expect, it } from 'vitest';
import type { Candle } from './candle.js';
import {
  CHUNK_BARS,
  CHUNK_BYTES,
  ClosedCandleCache,
  SEGMENT_BYTES,
  SERIES_BYTES,
  SETTLE_MS,
} from './candle-cache.js';
import { CandleGrid } from './candle-columns.js';

const MIN = 60_000;
/** One chunk of 1m bars spans this long. */
const CHUNK = CHUNK_BARS * MIN;
const LATER = 100 * CHUNK;

const bars = (from: number, to: number, price = 1): Candle[] => {
  const out: Candle[] = [];
  for (let t = from; t <= to; t += MIN)
    out.push({
      timestamp: t,
      open: price,
      high: price + 1,
      low: price - 1,
      close: price + t / MIN,
      volume: 2,
    });
  return out;
};

/** What the cache has of [first, last]: its bars as candles and the missing ranges. */
function read(cache: ClosedCandleCache, key: string, first: number, last: number) {
  const grid = new CandleGrid(first, MIN, (last - first) / MIN + 1);
  const { missing, fetchedAt } = cache.read(key, first, last, MIN, grid);
  return { hits: grid.toCandles(), missing, fetchedAt };
}

describe('closed-candle cache', () => {
  it('serves a fetched closed range again, the same numbers, and reports nothing missing', () => {
    const cache = new ClosedCandleCache();
    const stored = bars(0, 99 * MIN, 7.25);
    cache.store('k', { from: 0, to: 99 * MIN }, MIN, stored, 1_000 * MIN);
    const hit = read(cache, 'k', 10 * MIN, 20 * MIN);
    expect(hit.missing).toEqual([]);
    expect(hit.hits).toEqual(stored.slice(10, 21));
    expect(hit.fetchedAt).toBe(1_000 * MIN);
  });

  it('serves ranges across chunk boundaries, bars stored in any order', () => {
    const cache = new ClosedCandleCache();
    const stored = bars(CHUNK - 50 * MIN, 2 * CHUNK + 50 * MIN);
    cache.store('k', { from: CHUNK - 50 * MIN, to: 2 * CHUNK + 50 * MIN }, MIN, [...stored].reverse(), LATER);
    const hit = read(cache, 'k', CHUNK - 60 * MIN, 2 * CHUNK + 60 * MIN);
    expect(hit.hits).toEqual(stored);
    expect(hit.missing).toEqual([
      { from: CHUNK - 60 * MIN, to: CHUNK - 51 * MIN },
      { from: 2 * CHUNK + 51 * MIN, to: 2 * CHUNK + 60 * MIN },
    ]);
  });

  it('never stores the bar still forming when the data was obtained', () => {
    const cache = new ClosedCandleCache();
    const fetchedAt = 50 * MIN + 30_000; // bar 50 is forming
    cache.store('k', { from: 0, to: 50 * MIN }, MIN, bars(0, 50 * MIN), fetchedAt);
    const hit = read(cache, 'k', 0, 50 * MIN);
    expect(hit.hits.at(-1)!.timestamp).toBe(49 * MIN);
    expect(hit.missing).toEqual([{ from: 50 * MIN, to: 50 * MIN }]);
  });

  it('waits a settling delay after a bar closes before freezing it', () => {
    const cache = new ClosedCandleCache();
    cache.store('k', { from: 0, to: 9 * MIN }, MIN, bars(0, 9 * MIN), 10 * MIN + SETTLE_MS - 1);
    expect(read(cache, 'k', 0, 9 * MIN).missing).toEqual([{ from: 9 * MIN, to: 9 * MIN }]);
  });

  it('remembers bars the venue did not have, and reports uncovered gaps in order', () => {
    const cache = new ClosedCandleCache();
    cache.store('k', { from: 10 * MIN, to: 19 * MIN }, MIN, bars(10 * MIN, 14 * MIN), 1_000 * MIN);
    cache.store('k', { from: 30 * MIN, to: 39 * MIN }, MIN, bars(30 * MIN, 39 * MIN), 900 * MIN);
    const hit = read(cache, 'k', 0, 49 * MIN);
    expect(hit.hits).toHaveLength(15);
    expect(hit.missing).toEqual([
      { from: 0, to: 9 * MIN },
      { from: 20 * MIN, to: 29 * MIN },
      { from: 40 * MIN, to: 49 * MIN },
    ]);
    expect(hit.fetchedAt).toBe(900 * MIN);
  });

  it('a window fetched again replaces what was there: a bar the venue no longer has is gone', () => {
    const cache = new ClosedCandleCache();
    cache.store('k', { from: 0, to: 9 * MIN }, MIN, bars(0, 9 * MIN), LATER);
    cache.store('k', { from: 0, to: 9 * MIN }, MIN, bars(0, 4 * MIN, 3), LATER);
    const hit = read(cache, 'k', 0, 9 * MIN);
    expect(hit.hits).toEqual(bars(0, 4 * MIN, 3));
    expect(hit.missing).toEqual([]);
  });

  it('does not cache a window holding a bar off the series grid', () => {
    const cache = new ClosedCandleCache();
    const odd = [...bars(0, 4 * MIN), { ...bars(0, 0)[0]!, timestamp: 5 * MIN + 1 }];
    cache.store('k', { from: 0, to: 9 * MIN }, MIN, odd, LATER);
    expect(read(cache, 'k', 0, 9 * MIN).missing).toEqual([{ from: 0, to: 9 * MIN }]);
    expect(cache.bytes).toBe(0);
  });

  it('accounts bytes by chunk: a fixed cost per chunk of slots, whatever it holds, plus segments and series', () => {
    const cache = new ClosedCandleCache();
    cache.store('k', { from: 0, to: 2 * MIN }, MIN, bars(0, 2 * MIN), LATER);
    expect(cache.bytes).toBe(SERIES_BYTES + 2 + CHUNK_BYTES + SEGMENT_BYTES);
    cache.store('k', { from: 3 * MIN, to: CHUNK + MIN }, MIN, bars(3 * MIN, CHUNK + MIN), LATER);
    expect(cache.bytes).toBe(SERIES_BYTES + 2 + 2 * CHUNK_BYTES + SEGMENT_BYTES);
    expect(cache.bars).toBe(CHUNK_BARS + 2);
    // A range the venue has nothing in costs its segment only.
    cache.store('k', { from: 10 * CHUNK, to: 11 * CHUNK }, MIN, [], LATER);
    expect(cache.bytes).toBe(SERIES_BYTES + 2 + 2 * CHUNK_BYTES + 2 * SEGMENT_BYTES);
  });

  it('evicts least recently used chunks beyond its bound in bytes, and fetches their span again', () => {
    const bound = SERIES_BYTES + 2 + 3 * CHUNK_BYTES + 4 * SEGMENT_BYTES;
    const cache = new ClosedCandleCache(bound);
    for (let c = 0; c < 4; c++)
      cache.store(
        'k',
        { from: c * CHUNK, to: (c + 1) * CHUNK - MIN },
        MIN,
        bars(c * CHUNK, (c + 1) * CHUNK - MIN),
        LATER,
      );
    expect(cache.bytes).toBeLessThanOrEqual(bound);
    const hit = read(cache, 'k', 0, 4 * CHUNK - MIN);
    // The first chunk written was the least recently used: its bars are gone and reported missing.
    expect(hit.missing).toEqual([{ from: 0, to: CHUNK - MIN }]);
    expect(hit.hits).toHaveLength(3 * CHUNK_BARS);
    expect(hit.hits[0]!.timestamp).toBe(CHUNK);
  });

  it('a read counts as a use: the chunk read last is kept, the one untouched longest goes', () => {
    const bound = 3 * (SERIES_BYTES + 2 + CHUNK_BYTES + SEGMENT_BYTES);
    const cache = new ClosedCandleCache(bound);
    cache.store('a', { from: 0, to: 99 * MIN }, MIN, bars(0, 99 * MIN), LATER);
    cache.store('b', { from: 0, to: 99 * MIN }, MIN, bars(0, 99 * MIN), LATER);
    cache.store('c', { from: 0, to: 99 * MIN }, MIN, bars(0, 99 * MIN), LATER);
    expect(read(cache, 'a', 0, 99 * MIN).hits).toHaveLength(100);
    cache.store('d', { from: 0, to: 99 * MIN }, MIN, bars(0, 99 * MIN), LATER);
    expect(cache.bytes).toBeLessThanOrEqual(bound);
    expect(read(cache, 'b', 0, 99 * MIN)).toMatchObject({ hits: [], missing: [{ from: 0, to: 99 * MIN }] });
    expect(read(cache, 'a', 0, 99 * MIN).hits).toHaveLength(100);
    expect(read(cache, 'c', 0, 99 * MIN).hits).toHaveLength(100);
    expect(read(cache, 'd', 0, 99 * MIN).hits).toHaveLength(100);
  });

  it('with a bound of zero keeps nothing', () => {
    const cache = new ClosedCandleCache(0);
    cache.store('k', { from: 0, to: 9 * MIN }, MIN, bars(0, 9 * MIN), LATER);
    expect(cache.bytes).toBe(0);
    expect(read(cache, 'k', 0, 9 * MIN).missing).toEqual([{ from: 0, to: 9 * MIN }]);
  });
});
