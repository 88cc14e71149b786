import { describe, expect, it } from 'vitest';
import { type PayoffLeg, spreadPayoff } from './spread-payoff.js';
import { ivRank, realizedVol } from './vol-history.js';

const leg = (
  type: 'call' | 'put',
  direction: 'buy' | 'sell',
  strike: number,
  premium: number,
): PayoffLeg => ({
  type,
  direction,
  strike,
  premium,
  amount: 1,
});
const grid = { spot: 100_000, width: 0.5, points: 201 };

describe('calculate_spread_payoff', () => {
  it('call spread 100k/110k for 0.03 BTC net: USD and coin views', () => {
    const result = spreadPayoff(
      [leg('call', 'buy', 100_000, 0.05), leg('call', 'sell', 110_000, 0.02)],
      grid,
    );
    // USD: (S − 100k)⁺ − (S − 110k)⁺ − 0.03 · 100 000 → breakeven 103 000, loss 3 000, profit 7 000.
    expect(result.usd.breakevens).toHaveLength(1);
    expect(result.usd.breakevens[0]).toBeCloseTo(103_000, 3);
    expect(result.usd.max_loss).toBeCloseTo(-3000, 9);
    expect(result.usd.max_profit).toBeCloseTo(7000, 9);
    // Coin: (S − 100k)/S = 0.03 → S = 100 000/0.97; best at the upper strike: 10 000/110 000 − 0.03.
    expect(result.coin.breakevens[0]).toBeCloseTo(100_000 / 0.97, 3);
    expect(result.coin.max_profit).toBeCloseTo(10_000 / 110_000 - 0.03, 12);
    expect(result.coin.max_loss).toBeCloseTo(-0.03, 12);
    expect(result.coin.loss_unbounded || result.usd.profit_unbounded).toBe(false);
    const at120 = result.grid.find((p) => p.price === 120_000)!;
    expect(at120.pnl_coin_usd).toBeCloseTo((10_000 / 120_000 - 0.03) * 120_000, 6);
  });

  it('put spread 100k/90k for 0.025 BTC: bounded in USD, unbounded gain in coin as S → 0', () => {
    const result = spreadPayoff([leg('put', 'buy', 100_000, 0.04), leg('put', 'sell', 90_000, 0.015)], grid);
    expect(result.usd.breakevens[0]).toBeCloseTo(97_500, 3);
    expect(result.usd.max_profit).toBeCloseTo(7500, 9);
    expect(result.usd.max_loss).toBeCloseTo(-2500, 9);
    // Coin: (100k − S)/S = 0.025 → S = 100 000/1.025; below 90k it pays 10 000/S coin, growing without bound.
    expect(result.coin.breakevens[0]).toBeCloseTo(100_000 / 1.025, 3);
    expect(result.coin.max_loss).toBeCloseTo(-0.025, 12);
    expect(result.coin.profit_unbounded).toBe(true);
    expect(result.coin.max_profit).toBeNull();
  });

  it('short strangle 90k/110k for 0.035 BTC: two breakevens, unlimited loss in both views', () => {
    const result = spreadPayoff(
      [leg('put', 'sell', 90_000, 0.015), leg('call', 'sell', 110_000, 0.02)],
      grid,
    );
    expect(result.usd.breakevens[0]).toBeCloseTo(86_500, 3);
    expect(result.usd.breakevens[1]).toBeCloseTo(113_500, 3);
    expect(result.usd.max_profit).toBeCloseTo(3500, 9);
    expect(result.usd.loss_unbounded).toBe(true);
    expect(result.usd.max_loss).toBeNull();
    expect(result.coin.breakevens[0]).toBeCloseTo(90_000 / 1.035, 3);
    expect(result.coin.breakevens[1]).toBeCloseTo(110_000 / 0.965, 3);
    expect(result.coin.max_profit).toBeCloseTo(0.035, 12);
    expect(result.coin.loss_unbounded).toBe(true);
  });
});

describe('get_iv_rank', () => {
  it('rank from the range, percentile from the count strictly below', () => {
    const hist = [40, 50, 60, 45, 55];
    expect(ivRank(hist, 52)).toMatchObject({ iv_rank: 60, iv_percentile: 60, min: 40, max: 60, n: 5 });
    expect(ivRank(hist, 44)).toMatchObject({ iv_rank: 20, iv_percentile: 20 });
    expect(ivRank(hist, 70).iv_rank).toBe(150); // above last year's range
    expect(ivRank([], 50).iv_rank).toBeNull();
  });
});

describe('get_realized_vol', () => {
  const bars = { close: [100, 110, 99, 108.9], high: [101, 112, 111, 110], low: [99, 100, 98, 99] };

  it('close-to-close (sample stdev) and Parkinson, annualised by 365 × bars per day', () => {
    const r = [Math.log(1.1), Math.log(0.9), Math.log(1.1)];
    const mean = (r[0]! + r[1]! + r[2]!) / 3;
    const variance = r.reduce((s, x) => s + (x - mean) ** 2, 0) / 2;
    const hl = [101 / 99, 112 / 100, 111 / 98, 110 / 99].reduce((s, x) => s + Math.log(x) ** 2, 0);
    const result = realizedVol(bars, 365);
    expect(result.n).toBe(3);
    expect(result.close_to_close).toBeCloseTo(100 * Math.sqrt(variance * 365), 10);
    expect(result.parkinson).toBeCloseTo(100 * Math.sqrt((hl / (4 * 4 * Math.LN2)) * 365), 10);
  });

  it('the zero-mean variant divides Σr² by n', () => {
    const r2 = 2 * Math.log(1.1) ** 2 + Math.log(0.9) ** 2;
    expect(realizedVol(bars, 8760, true).close_to_close).toBeCloseTo(100 * Math.sqrt((r2 / 3) * 8760), 10);
  });
});
