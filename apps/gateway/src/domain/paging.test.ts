import { describe, expect, it } from 'vitest';
import type { Candle } from './candle.js';
import { barOpens, mergePages, pageWindows } from './paging.js';

const MIN = 60_000;
const bar = (timestamp: number, close = 1): Candle => ({
  timestamp,
  open: 1,
  high: 1,
  low: 1,
  close,
  volume: 1,
});

describe('paging windows', () => {
  it('covers every bar open of a range exactly once with windows under the cap', () => {
    const range = { startMs: 0, endMs: 365 * 1440 * MIN - 1 };
    const windows = pageWindows(range, MIN, 4900);
    expect(windows[0]!.from).toBe(0);
    let expected = 0;
    for (const window of windows) {
      expect(window.from).toBe(expected);
      expect((window.to - window.from) / MIN + 1).toBeLessThanOrEqual(4900);
      expected = window.to + MIN;
    }
    expect(expected - MIN).toBe(range.endMs + 1 - MIN);
    expect(windows).toHaveLength(Math.ceil(525_600 / 4900));
  });

  it('starts at the first bar opening at or after start_date', () => {
    expect(barOpens({ startMs: 90 * MIN + 1, endMs: 200 * MIN }, 60 * MIN)).toEqual({
      first: 120 * MIN,
      last: 180 * MIN,
      count: 2,
    });
    expect(pageWindows({ startMs: 5 * MIN + 1, endMs: 5 * MIN + 2 }, 5 * MIN, 10)).toEqual([]);
  });
});

describe('mergePages', () => {
  it('trims to the range, drops duplicates (later wins) and keeps order', () => {
    const pages = [
      [bar(0), bar(MIN), bar(2 * MIN)],
      [bar(2 * MIN, 9), bar(3 * MIN), bar(4 * MIN)],
    ];
    const merged = mergePages(pages, { startMs: MIN, endMs: 3 * MIN }, MIN);
    expect(merged.map((c) => c.timestamp)).toEqual([MIN, 2 * MIN, 3 * MIN]);
    expect(merged[1]!.close).toBe(9);
  });

  it('sorts pages that arrive out of order', () => {
    const merged = mergePages(
      [[bar(3 * MIN)], [bar(MIN), bar(2 * MIN)]],
      { startMs: 0, endMs: 10 * MIN },
      MIN,
    );
    expect(merged.map((c) => c.timestamp)).toEqual([MIN, 2 * MIN, 3 * MIN]);
  });
});
