import { describe, expect, it } from 'vitest';
import { barOpens, pageWindows } from './paging.js';

const MIN = 60_000;

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
