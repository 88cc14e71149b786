import { describe, expect, it } from 'vitest';
import type { Candle } from './candle.js';
import { aggregateGrid, CandleGrid, candleAt, compactGrid, copySlots } from './candle-columns.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const bar = (timestamp: number, close = 1): Candle => ({
  timestamp,
  open: 1,
  high: close + 1,
  low: 0.5,
  close,
  volume: 1,
});

describe('candle grid', () => {
  it('puts each bar in its slot whatever the order, keeps the later of two copies, refuses bars off the grid', () => {
    const grid = new CandleGrid(MIN, MIN, 3);
    for (const candle of [bar(3 * MIN), bar(MIN), bar(2 * MIN), bar(2 * MIN, 9)])
      expect(grid.put(candle)).toBe(true);
    expect(grid.put(bar(0))).toBe(false);
    expect(grid.put(bar(4 * MIN))).toBe(false);
    expect(grid.put(bar(2 * MIN + 1))).toBe(false);
    expect(grid.toCandles()).toEqual([bar(MIN), bar(2 * MIN, 9), bar(3 * MIN)]);
    expect(grid.bars()).toBe(3);
  });

  it('leaves out slots the venue had no bar for, and compacts to columns with timestamps', () => {
    const grid = new CandleGrid(0, MIN, 5);
    grid.put(bar(MIN, 2));
    grid.put(bar(4 * MIN, 5));
    const columns = compactGrid(grid);
    expect(columns.length).toBe(2);
    expect([candleAt(columns, 0), candleAt(columns, 1)]).toEqual([bar(MIN, 2), bar(4 * MIN, 5)]);
  });

  it('copies a time range of slots between grids of one step, absences included', () => {
    const source = new CandleGrid(0, MIN, 10);
    for (let t = 0; t < 10; t++) if (t !== 4) source.put(bar(t * MIN, t));
    const target = new CandleGrid(3 * MIN, MIN, 10);
    target.put(bar(4 * MIN, 99));
    copySlots(source, target, 2 * MIN, 6 * MIN);
    expect(target.toCandles()).toEqual([bar(3 * MIN, 3), bar(5 * MIN, 5), bar(6 * MIN, 6)]);
  });

  it('aggregates hourly bars to 4 h buckets aligned to 00/04/08/12/16/20 UTC, a bucket without bars absent', () => {
    const day = Date.UTC(2026, 10, 20);
    const hourly = new CandleGrid(day + 2 * HOUR, HOUR, 14);
    const put = (hour: number, open: number, high: number, low: number, close: number, volume: number) =>
      hourly.put({ timestamp: day + hour * HOUR, open, high, low, close, volume });
    put(2, 10, 12, 9, 11, 1);
    put(3, 11, 15, 10, 14, 2);
    put(4, 14, 14, 8, 9, 3);
    put(7, 9, 10, 9, 10, 4);
    put(15, 20, 21, 19, 20, 5);
    const four = aggregateGrid(hourly, 4 * HOUR);
    expect(four.first).toBe(day);
    expect(four.count).toBe(4);
    expect(four.toCandles()).toEqual([
      { timestamp: day, open: 10, high: 15, low: 9, close: 14, volume: 3 },
      { timestamp: day + 4 * HOUR, open: 14, high: 14, low: 8, close: 10, volume: 7 },
      { timestamp: day + 12 * HOUR, open: 20, high: 21, low: 19, close: 20, volume: 5 },
    ]);
  });
});
