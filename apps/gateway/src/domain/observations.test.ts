import { describe, expect, it } from 'vitest';
import {
  addMonths,
  changeBp,
  isOutdated,
  onOrBefore,
  pctChange,
  percentileOfLatest,
} from './observations.js';

const series = [
  { date: '2025-06-02', value: 2.3 },
  { date: '2025-06-06', value: 2.31 },
  { date: '2025-06-09', value: 2.35 },
  { date: '2025-06-13', value: 2.28 },
];

describe('observations', () => {
  it('finds the value on or before a day, and moves by months', () => {
    expect(onOrBefore(series, '2025-06-08')).toEqual({ date: '2025-06-06', value: 2.31 });
    expect(onOrBefore(series, '2025-06-01')).toBeUndefined();
    expect(addMonths('2025-05-01', -12)).toBe('2024-05-01');
  });
  it('computes a change in bp since the value on or before N days back: 2.28 − 2.31 = −3 bp', () => {
    expect(changeBp(series, 7)).toBe(-3);
    expect(changeBp(series, 30)).toBeNull();
  });
  it('computes year-on-year from the exact year-earlier value: 321.465 / 314.0 − 1 = 2.377 %', () => {
    expect(pctChange(321.465, { date: '2024-05-01', value: 314 })).toBeCloseTo(2.3774, 3);
    expect(pctChange(321.465, undefined)).toBeNull();
  });
  it('ranks the latest within a window: of 2.30, 2.31, 2.35, 2.28 only itself is ≤ 2.28 → 25', () => {
    expect(percentileOfLatest(series, 365)).toBe(25);
    expect(percentileOfLatest([...series, { date: '2025-06-16', value: 2.31 }], 365)).toBe(80);
  });
  it('flags a late series by its rhythm', () => {
    expect(isOutdated('daily', '2025-06-13', '2025-06-16')).toBe(false);
    expect(isOutdated('daily', '2025-06-10', '2025-06-16')).toBe(true);
    // May's CPI (dated 2025-05-01) ends 2025-06-01: late after 2025-07-16.
    expect(isOutdated('monthly', '2025-05-01', '2025-07-16')).toBe(false);
    expect(isOutdated('monthly', '2025-05-01', '2025-07-17')).toBe(true);
  });
});
