import { describe, expect, it } from 'vitest';
import type { CandleColumns } from '../candle-columns.js';
import { randomCandles } from '../indicators/random-candles.test-helper.js';
import { runBacktest } from './backtest.js';
import { HOUR } from './bars.test-helper.js';

/**
 * A second, deliberately naive sma_cross backtest (plain arrays, windows re-summed every bar, no shared
 * code), against run_backtest on a year of hourly candles.
 */
function naiveSmaCross(
  bars: { open: number[]; close: number[] },
  fast: number,
  slow: number,
  direction: 'long' | 'short' | 'both',
  fee: number,
  slip: number,
) {
  const n = bars.close.length;
  const mean = (t: number, p: number) => {
    if (t < p - 1) return Number.NaN;
    let s = 0;
    for (let j = t - p + 1; j <= t; j++) s += bars.close[j]!;
    return s / p;
  };
  let cash = 10_000;
  let units = 0;
  let entryPrice = 0;
  let entryFee = 0;
  const pnls: number[] = [];
  const equity: number[] = [];
  let exposedBars = 0;
  const trade = (newUnits: number, reference: number) => {
    const delta = newUnits - units;
    const price = delta > 0 ? reference * (1 + slip) : reference * (1 - slip);
    const cost = Math.abs(delta) * price * fee;
    cash -= delta * price + cost;
    units = newUnits;
    return { price, cost };
  };
  let wantedBefore = 0;
  for (let t = 0; t < n; t++) {
    if (wantedBefore !== Math.sign(units)) {
      if (units !== 0) {
        const held = units;
        const { price, cost } = trade(0, bars.open[t]!);
        pnls.push(held * (price - entryPrice) - entryFee - cost);
      }
      if (wantedBefore !== 0) {
        const size = cash / (bars.open[t]! * (1 + slip));
        const { price, cost } = trade(wantedBefore * size, bars.open[t]!);
        entryPrice = price;
        entryFee = cost;
      }
    }
    if (units !== 0) exposedBars++;
    if (t === n - 1 && units !== 0) {
      const held = units;
      const { price, cost } = trade(0, bars.close[t]!);
      pnls.push(held * (price - entryPrice) - entryFee - cost);
    }
    equity.push(cash + units * bars.close[t]!);
    const f = mean(t, fast);
    const s = mean(t, slow);
    let wanted = f > s ? 1 : f < s ? -1 : 0;
    if ((wanted > 0 && direction === 'short') || (wanted < 0 && direction === 'long')) wanted = 0;
    wantedBefore = wanted;
  }
  const returns = equity.map((e, t) => e / (t === 0 ? 10_000 : equity[t - 1]!) - 1);
  const avg = returns.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(returns.reduce((a, r) => a + (r - avg) ** 2, 0) / (n - 1));
  let peak = 10_000;
  let worst = 0;
  for (const e of equity) {
    peak = Math.max(peak, e);
    worst = Math.max(worst, (peak - e) / peak);
  }
  return {
    final: equity[n - 1]!,
    pnls,
    sharpe: (avg / sd) * Math.sqrt(8760),
    maxDrawdownPct: 100 * worst,
    exposurePct: (100 * exposedBars) / n,
    winRatePct: (100 * pnls.filter((p) => p > 0).length) / pnls.length,
  };
}

describe('run_backtest agrees with a naive implementation on a year of hourly candles', () => {
  const n = 8760;
  const walk = randomCandles(n, 20260101, 40_000);
  const open = Array.from(walk.close, (_, i) => (i === 0 ? 40_000 : walk.close[i - 1]!));
  const bars: CandleColumns = {
    length: n,
    timestamp: Float64Array.from({ length: n }, (_, i) => i * HOUR),
    open: Float64Array.from(open),
    high: walk.high,
    low: walk.low,
    close: walk.close,
    volume: new Float64Array(n).fill(1),
  };

  for (const direction of ['long', 'short', 'both'] as const) {
    it(`sma_cross 24/96, ${direction}`, () => {
      const ours = runBacktest(bars, HOUR, { type: 'sma_cross', fast: 24, slow: 96 }, direction, {
        initialEquity: 10_000,
        fraction: 1,
        feeBps: 5,
        slippageBps: 2,
      });
      const naive = naiveSmaCross({ open, close: Array.from(walk.close) }, 24, 96, direction, 5e-4, 2e-4);
      expect(ours.trades.length).toBeGreaterThan(20);
      expect(ours.trades.map((t) => t.pnl)).toEqual(naive.pnls.map((p) => expect.closeTo(p, 6)));
      const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);
      expect(rel(ours.equity_curve.at(-1)!.equity, naive.final)).toBeLessThan(1e-9);
      expect(rel(ours.metrics.sharpe!, naive.sharpe)).toBeLessThan(1e-6);
      expect(ours.metrics.max_drawdown_pct).toBeCloseTo(naive.maxDrawdownPct, 6);
      expect(ours.metrics.exposure_pct).toBeCloseTo(naive.exposurePct, 9);
      expect(ours.metrics.win_rate_pct).toBeCloseTo(naive.winRatePct, 9);
      expect(ours.equity_curve.length).toBeLessThanOrEqual(1000);
    });
  }
});
