import { describe, expect, it } from 'vitest';
import { type HeatmapBar, liquidationHeatmap } from './heatmap.js';

// Hand-made: bars at a typical price of exactly 100 (high = low = close), one leverage (10×), mmr 0.
const bar = (oiUsd: number, price = 100, longShare = 0.6): HeatmapBar => ({
  timestamp: 0,
  high: price,
  low: price,
  close: price,
  oiUsd,
  longShare,
});
const PARAMS = { binPct: 1, rangePct: 15, leverageWeights: { '10': 1 }, mmr: 0 };

describe('the liquidation heat-map model on a hand-made input', () => {
  it('new OI of 1000 at 100 with 60 % longs at 10×: 600 USD of longs at 90, 400 of shorts at 110', () => {
    const map = liquidationHeatmap([bar(0), bar(1000)], 100, PARAMS);
    // Bins of 1 USD from 85: a level of 90 falls in [90, 91), 110 in [110, 111).
    expect(map.bins).toEqual([
      { price_low: 90, price_high: 91, long_liq_usd: 600, short_liq_usd: 0, cumulative_usd: 600 },
      { price_low: 110, price_high: 111, long_liq_usd: 0, short_liq_usd: 400, cumulative_usd: 400 },
    ]);
    expect(map.total_long_usd).toBe(600);
    expect(map.total_short_usd).toBe(400);
    expect(map.nearest_major_long).toBe(90.5);
    expect(map.nearest_major_short).toBe(110.5);
  });

  it('falling OI closes clusters pro rata: −250 of 1000 live leaves 75 %', () => {
    const map = liquidationHeatmap([bar(0), bar(1000), bar(750)], 100, PARAMS);
    expect(map.total_long_usd).toBeCloseTo(450, 9);
    expect(map.total_short_usd).toBeCloseTo(300, 9);
  });

  it('a level traded through after its bar is liquidated: a low of 89 wipes the longs at 90', () => {
    const crash = { ...bar(1000), low: 89 };
    const map = liquidationHeatmap([bar(0), bar(1000), crash], 100, PARAMS);
    expect(map.total_long_usd).toBe(0);
    expect(map.total_short_usd).toBe(400);
  });

  it('applies mmr and splits by leverage weights: 5× at 50 % and 20× at 50 %, mmr 0.005', () => {
    const params = { ...PARAMS, binPct: 0.5, leverageWeights: { '5': 0.5, '20': 0.5 }, mmr: 0.005 };
    const map = liquidationHeatmap([bar(0), bar(2000, 100, 0.5)], 100, params);
    // Longs: 100 × (1 − 1/20 + 0.005) = 95.5 → [95.5, 96); 5× at 80.5 is outside ±15 %. Shorts: 104.5 and 119.5.
    expect(map.top_long_clusters).toEqual([{ price: 95.75, usd: 500 }]);
    expect(map.top_short_clusters).toEqual([{ price: 104.75, usd: 500 }]);
  });
});
