import { describe, expect, it } from 'vitest';
import { SpcSeries, toEpochMs } from './series.js';

describe('SpcSeries', () => {
  it('keeps values and UTC timestamps in the order they were pushed', () => {
    const series = new SpcSeries();
    series.push(1.5, toEpochMs('2026-11-21 08:00:00'));
    series.push(2.5, toEpochMs('2026-11-21T08:00:01.250Z'));
    series.push(3.5, toEpochMs(new Date(Date.UTC(2026, 10, 21, 9))));
    expect(Array.from(series.values)).toEqual([1.5, 2.5, 3.5]);
    expect(Array.from(series.timestamps)).toEqual([
      Date.UTC(2026, 10, 21, 8),
      Date.UTC(2026, 10, 21, 8, 0, 1, 250),
      Date.UTC(2026, 10, 21, 9),
    ]);
    expect(series.mean).toBe(2.5);
    expect(series.mrBar).toBe(1);
    expect([series.min, series.max]).toEqual([1.5, 3.5]);
  });

  it('reads zone-less datetimes as UTC and honours explicit offsets', () => {
    expect(toEpochMs('2026-11-21 08:00:00')).toBe(Date.UTC(2026, 10, 21, 8));
    expect(toEpochMs('2026-11-21T10:00:00+02:00')).toBe(Date.UTC(2026, 10, 21, 8));
    expect(toEpochMs('2026-11-21T08:00:00.5Z')).toBe(Date.UTC(2026, 10, 21, 8, 0, 0, 500));
  });

  it('grows past its initial capacity without losing values', () => {
    const series = new SpcSeries();
    for (let i = 0; i < 5000; i++) series.push(i, i * 1000);
    expect(series.n).toBe(5000);
    expect(series.values[4999]).toBe(4999);
    expect(series.timestamps[4096]).toBe(4_096_000);
    expect(series.mean).toBe(2499.5);
  });

  it('refuses NaN and infinite values, which would poison every statistic', () => {
    const series = new SpcSeries();
    expect(() => series.push(Number.NaN)).toThrow(RangeError);
    expect(() => series.push(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(series.n).toBe(0);
  });
});
