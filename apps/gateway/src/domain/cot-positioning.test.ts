import { describe, expect, it } from 'vitest';
import {
  EXTREME_DEFAULTS,
  extremePositioning,
  midRankPercentile,
  type PositionWeek,
} from './cot-positioning.js';

/** A hand-made weekly history: `nets` oldest first, open interest 1000 each week unless given. */
const history = (nets: number[], openInterest = 1000): PositionWeek[] =>
  nets.map((net, i) => ({ reportDate: `w${String(i).padStart(3, '0')}`, net, openInterest }));

describe('midRankPercentile', () => {
  it("is the notes' worked example: 150 of 156 below, no ties → 96.77", () => {
    const window = [...Array.from({ length: 150 }, (_, i) => i), 500, 501, 502, 503, 504, 200];
    expect(midRankPercentile(window, 200)).toBeCloseTo((100 * 150) / 155, 10);
    expect(Math.round(midRankPercentile(window, 200) * 100) / 100).toBe(96.77);
  });
  it('counts ties half: three equal values of five, one below → 100 × (1 + 1) / 4 = 50', () => {
    expect(midRankPercentile([1, 5, 5, 5, 9], 5)).toBe(50);
  });
});

describe('extremePositioning', () => {
  it('gates at ≥ 95 (extreme long) and ≤ 5 (extreme short), neutral between', () => {
    // 60 weeks of nets 0..59, current the largest: 59 below, P = 100 × 59 / 59 = 100.
    const top = extremePositioning(history(Array.from({ length: 60 }, (_, i) => i)))!;
    expect(top.percentile).toBe(100);
    expect(top.extreme).toBe('extreme_long');
    expect(top.signal).toBe('crowded_long');
    expect(top.window_reports).toBe(60);
    // Current 2 among 0..59 (the 2 moved to the end): 2 below → 100 × 2 / 59 = 3.39 → extreme short.
    const nets = Array.from({ length: 60 }, (_, i) => i).filter((x) => x !== 2);
    const low = extremePositioning(history([...nets, 2]))!;
    expect(low.percentile).toBe(3.39);
    expect(low.extreme).toBe('extreme_short');
    // Current 4: 4 below → 6.78, just outside the 5-point band.
    const justOut = extremePositioning(
      history([...Array.from({ length: 60 }, (_, i) => i).filter((x) => x !== 4), 4]),
    )!;
    expect(justOut.percentile).toBe(6.78);
    expect(justOut.extreme).toBe('neutral');
  });

  it('reads net as % of open interest, COT index, z-score and the shock gate by hand', () => {
    // 52 weeks alternating 0 and 100 contracts on OI 1000, then a jump to 160: metric 0 %, 10 %, …, 16 %.
    const nets = [...Array.from({ length: 51 }, (_, i) => (i % 2 === 0 ? 0 : 100)), 160];
    const reading = extremePositioning(history(nets))!;
    expect(reading.net_pct_oi).toBe(16);
    // Previous week (i = 50) is 0: change 160 / 1000 = 16 % of OI ≥ 5 → shock, and in the extreme's direction.
    expect(reading.weekly_change_pct_oi).toBe(16);
    expect(reading.shock).toBe(true);
    expect(reading.signal).toBe('crowded_long_and_accelerating');
    // Window 0..16 %: COT index 100 × (16 − 0) / (16 − 0) = 100.
    expect(reading.cot_index).toBe(100);
    // 26 zeros, 25 tens, one 16: mean = 266 / 52 = 5.1154; squares 26 × 26.167 + 25 × 23.859 + 118.47 =
    // 1395.3, / 52 = 26.833, sd 5.180 → z = (16 − 5.1154) / 5.180 = 2.10.
    expect(reading.zscore).toBe(2.1);
  });

  it('keeps only the latest 156 reports, and gives no percentile under 52', () => {
    const long = extremePositioning(history(Array.from({ length: 200 }, (_, i) => i)))!;
    expect(long.window_reports).toBe(156);
    const short = extremePositioning(history(Array.from({ length: 51 }, (_, i) => i)))!;
    expect(short).toMatchObject({
      percentile: null,
      extreme: null,
      reason: 'insufficient_history',
      window_reports: 51,
    });
    expect(extremePositioning([])).toBeNull();
  });

  it('ranks raw contracts with metric net (open interest growth no longer matters)', () => {
    const weeks = history(Array.from({ length: 60 }, (_, i) => 59 - i)).map((week, i) => ({
      ...week,
      openInterest: 100 + i * 100,
    }));
    expect(extremePositioning(weeks, { ...EXTREME_DEFAULTS, metric: 'net' })!.percentile).toBe(0);
  });
});
