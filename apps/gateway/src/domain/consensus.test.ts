import { describe, expect, it } from 'vitest';
import type { Candle } from './candle.js';
import { CandleGrid, consensusCandleAt } from './candle-columns.js';
import { mergeConsensus } from './consensus.js';

const c = (
  timestamp: number,
  open: number,
  high: number,
  low: number,
  close: number,
  volume: number,
): Candle => ({
  timestamp,
  open,
  high,
  low,
  close,
  volume,
});

/** A series on the grid of `count` bars of 60 (ms) from 0. */
const grid = (candles: Candle[], count = 3, step = 60) => {
  const out = new CandleGrid(0, step, count);
  for (const candle of candles) out.put(candle);
  return out;
};

const bars = (grids: CandleGrid[]) => {
  const merged = mergeConsensus(grids);
  return Array.from({ length: merged.length }, (_, i) => consensusCandleAt(merged, i));
};

describe('per-bar consensus', () => {
  it('takes medians per field and div_pct = (max − min) / median of closes on a three-source bar', () => {
    const merged = bars([
      grid([c(0, 100, 110, 95, 105, 2)], 1),
      grid([c(0, 102, 108, 97, 103, 3)], 1),
      grid([c(0, 99, 115, 90, 110, 5)], 1),
    ]);
    expect(merged).toEqual([
      {
        timestamp: 0,
        open: 100,
        high: 110,
        low: 95,
        close: 105,
        volume: 10,
        sources: 3,
        div_pct: (110 - 103) / 105,
      },
    ]);
  });

  it('uses the mean of the middle two with an even count, and counts only the sources that have the bar', () => {
    const merged = bars([
      grid([c(0, 10, 12, 9, 11, 1), c(60, 11, 13, 10, 12, 1)], 2),
      grid([c(60, 13, 15, 12, 14, 2)], 2),
    ]);
    expect(merged[0]).toMatchObject({ timestamp: 0, close: 11, sources: 1, div_pct: 0 });
    expect(merged[1]).toMatchObject({
      timestamp: 60,
      open: 12,
      high: 14,
      low: 11,
      close: 13,
      volume: 3,
      sources: 2,
    });
    expect(merged[1]!.div_pct).toBeCloseTo(2 / 13, 12);
  });

  it('returns bars in time order across sources with gaps, leaving out bars no source has', () => {
    const merged = bars([
      grid([c(0, 1, 1, 1, 1, 1), c(180, 1, 1, 1, 1, 1)], 4),
      grid([c(60, 1, 1, 1, 1, 1), c(180, 1, 1, 1, 1, 1)], 4),
      grid([], 4),
    ]);
    expect(merged.map((bar) => [bar.timestamp, bar.sources])).toEqual([
      [0, 1],
      [60, 1],
      [180, 2],
    ]);
  });

  it('refuses series on different grids', () => {
    expect(() => mergeConsensus([grid([], 3), grid([], 4)])).toThrow(/different grids/);
  });
});
