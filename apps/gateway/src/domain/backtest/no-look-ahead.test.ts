import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CandleColumns } from '../candle-columns.js';
import { runBacktest } from './backtest.js';
import { HOUR } from './bars.test-helper.js';
import type { Direction, Strategy } from './strategy.js';

/** A random walk of `n` bars from a seed (each bar opens at the previous close plus a small gap). */
function walk(n: number, seed: number): CandleColumns {
  let state = seed >>> 0 || 1;
  const rnd = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
  const bars: CandleColumns = {
    length: n,
    timestamp: Float64Array.from({ length: n }, (_, i) => i * HOUR),
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Float64Array(n).fill(1),
  };
  let price = 100;
  for (let i = 0; i < n; i++) {
    const open = price * (1 + (rnd() - 0.5) * 0.002);
    price = open * Math.exp((rnd() - 0.5) * 0.03);
    bars.open[i] = open;
    bars.close[i] = price;
    bars.high[i] = Math.max(open, price) * (1 + rnd() * 0.01);
    bars.low[i] = Math.min(open, price) * (1 - rnd() * 0.01);
  }
  return bars;
}

/** The same bars up to `t`, and another walk's bars (rescaled to continue smoothly) after it. */
function rewriteAfter(bars: CandleColumns, t: number, seed: number): CandleColumns {
  const other = walk(bars.length, seed);
  const copy = (column: Float64Array, from: Float64Array) =>
    Float64Array.from(column, (v, i) => (i <= t ? v : from[i]! * (bars.close[t]! / other.close[t]!)));
  return {
    ...bars,
    open: copy(bars.open, other.open),
    high: copy(bars.high, other.high),
    low: copy(bars.low, other.low),
    close: copy(bars.close, other.close),
  };
}

const STRATEGIES: Strategy[] = [
  { type: 'sma_cross', fast: 5, slow: 20 },
  { type: 'macd_cross', fast: 6, slow: 13, signal: 5 },
  { type: 'rsi_reversion', period: 7, lower: 35, upper: 65 },
  { type: 'breakout', lookback: 10 },
  {
    type: 'rules',
    entry: {
      all: [
        {
          left: { indicator: 'ema', period: 8 },
          op: 'crosses_above',
          right: { indicator: 'sma', period: 21 },
        },
      ],
    },
    exit: {
      any: [
        { left: { indicator: 'rsi', period: 14 }, op: '>', right: 70 },
        { left: { price: 'close' }, op: '<', right: { indicator: 'sma', period: 21 } },
      ],
    },
  },
];

describe('run_backtest: no look-ahead', () => {
  it('changing bars after t never changes the trades closed by t nor the equity up to t', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.integer({ min: 30, max: 299 }),
        fc.constantFrom(...STRATEGIES),
        fc.constantFrom<Direction>('long', 'short', 'both'),
        (seed, otherSeed, t, strategy, direction) => {
          if (strategy.type === 'rules' && direction === 'both') return;
          const bars = walk(300, seed);
          const changed = rewriteAfter(bars, t, otherSeed);
          const costs = { initialEquity: 10_000, fraction: 0.5, feeBps: 5, slippageBps: 3 };
          const a = runBacktest(bars, HOUR, strategy, direction, costs);
          const b = runBacktest(changed, HOUR, strategy, direction, costs);
          const cut = bars.timestamp[t]!;
          const closedBy = (trades: typeof a.trades) => trades.filter((trade) => trade.exit_time <= cut);
          expect(closedBy(b.trades)).toEqual(closedBy(a.trades));
          const upTo = (curve: typeof a.equity_curve) => curve.filter((point) => point.timestamp <= cut);
          expect(upTo(b.equity_curve)).toEqual(upTo(a.equity_curve));
        },
      ),
      { numRuns: 150 },
    );
  });
});
