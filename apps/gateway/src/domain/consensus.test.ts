import { describe, expect, it } from 'vitest';
import type { Candle } from './candle.js';
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

describe('per-bar consensus', () => {
  it('takes medians per field and div_pct = (max − min) / median of closes on a three-source bar', () => {
    const merged = mergeConsensus([
      { exchange: 'a', candles: [c(1000, 100, 110, 95, 105, 2)] },
      { exchange: 'b', candles: [c(1000, 102, 108, 97, 103, 3)] },
      { exchange: 'c', candles: [c(1000, 99, 115, 90, 110, 5)] },
    ]);
    expect(merged).toEqual([
      {
        timestamp: 1000,
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
    const merged = mergeConsensus([
      { exchange: 'a', candles: [c(0, 10, 12, 9, 11, 1), c(60, 11, 13, 10, 12, 1)] },
      { exchange: 'b', candles: [c(60, 13, 15, 12, 14, 2)] },
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

  it('returns bars in time order across sources with gaps', () => {
    const merged = mergeConsensus([
      { exchange: 'a', candles: [c(0, 1, 1, 1, 1, 1), c(120, 1, 1, 1, 1, 1)] },
      { exchange: 'b', candles: [c(60, 1, 1, 1, 1, 1), c(120, 1, 1, 1, 1, 1)] },
      { exchange: 'c', candles: [] },
    ]);
    expect(merged.map((bar) => [bar.timestamp, bar.sources])).toEqual([
      [0, 1],
      [60, 1],
      [120, 2],
    ]);
  });
});
