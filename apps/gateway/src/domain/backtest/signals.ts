import type { CandleColumns } from '../candle-columns.js';
import { ema, sma } from '../indicators/moving-averages.js';
import { macd, rsi } from '../indicators/oscillators.js';
import {
  type Comparison,
  type Condition,
  type Direction,
  type MacdOperand,
  macdParams,
  type Operand,
  type Strategy,
} from './strategy.js';

/**
 * The position each bar's close asks for (+1, 0, −1), from the bars up to and including that bar only:
 * every indicator used is causal (SMA, EMA, Wilder RSI, MACD), so changing later bars cannot change an
 * earlier target. NaN (warm-up) never triggers anything.
 */
export function targets(bars: CandleColumns, strategy: Strategy, direction: Direction): Int8Array {
  const n = bars.length;
  const out = new Int8Array(n);
  const allow = (side: number) => (side > 0 ? direction !== 'short' : side < 0 ? direction !== 'long' : true);
  let held = 0;
  const step = (t: number, wanted: number) => {
    held = allow(wanted) ? wanted : 0;
    out[t] = held;
  };
  switch (strategy.type) {
    case 'sma_cross': {
      const fast = sma(bars.close, strategy.fast);
      const slow = sma(bars.close, strategy.slow);
      for (let t = 0; t < n; t++) step(t, regime(fast[t]!, slow[t]!));
      return out;
    }
    case 'macd_cross': {
      const series = macd(bars.close, strategy.fast, strategy.slow, strategy.signal);
      for (let t = 0; t < n; t++) step(t, regime(series.macd[t]!, series.signal[t]!));
      return out;
    }
    case 'rsi_reversion': {
      const values = rsi(bars.close, strategy.period);
      // Below `lower` asks for long, above `upper` for short; a side the direction forbids reads as flat,
      // so long-only leaves above `upper` and short-only leaves below `lower`.
      for (let t = 0; t < n; t++) {
        const r = values[t]!;
        step(t, r < strategy.lower ? 1 : r > strategy.upper ? -1 : held);
      }
      return out;
    }
    case 'breakout': {
      const k = strategy.lookback;
      for (let t = 0; t < n; t++) {
        if (t < k) {
          step(t, 0);
          continue;
        }
        let high = Number.NEGATIVE_INFINITY;
        let low = Number.POSITIVE_INFINITY;
        for (let j = t - k; j < t; j++) {
          if (bars.high[j]! > high) high = bars.high[j]!;
          if (bars.low[j]! < low) low = bars.low[j]!;
        }
        const close = bars.close[t]!;
        step(t, close > high ? 1 : close < low ? -1 : held);
      }
      return out;
    }
    case 'rules': {
      const side = direction === 'short' ? -1 : 1;
      const entry = condition(bars, strategy.entry);
      const exit = condition(bars, strategy.exit);
      for (let t = 0; t < n; t++) step(t, held === 0 ? (entry(t) ? side : 0) : exit(t) ? 0 : held);
      return out;
    }
  }
}

const regime = (a: number, b: number) => (a > b ? 1 : a < b ? -1 : 0);

function series(
  bars: CandleColumns,
  operand: Operand,
  cache: Map<string, Float64Array>,
): (t: number) => number {
  if (typeof operand === 'number') return () => operand;
  if ('price' in operand) {
    const column = bars[operand.price];
    return (t) => column[t]!;
  }
  const key = JSON.stringify(operand);
  let values = cache.get(key);
  if (!values) {
    if (operand.indicator === 'sma') values = sma(bars.close, operand.period);
    else if (operand.indicator === 'ema') values = ema(bars.close, operand.period);
    else if (operand.indicator === 'rsi') values = rsi(bars.close, operand.period);
    else {
      const { fast, slow, signal } = macdParams(operand as MacdOperand, 'strategy');
      const m = macd(bars.close, fast, slow, signal);
      values =
        operand.indicator === 'macd' ? m.macd : operand.indicator === 'macd_signal' ? m.signal : m.histogram;
    }
    cache.set(key, values);
  }
  const column = values;
  return (t) => column[t]!;
}

function comparison(
  bars: CandleColumns,
  c: Comparison,
  cache: Map<string, Float64Array>,
): (t: number) => boolean {
  const left = series(bars, c.left, cache);
  const right = series(bars, c.right, cache);
  switch (c.op) {
    case '>':
      return (t) => left(t) > right(t);
    case '<':
      return (t) => left(t) < right(t);
    case '>=':
      return (t) => left(t) >= right(t);
    case '<=':
      return (t) => left(t) <= right(t);
    case 'crosses_above':
      return (t) => t > 0 && left(t - 1) <= right(t - 1) && left(t) > right(t);
    case 'crosses_below':
      return (t) => t > 0 && left(t - 1) >= right(t - 1) && left(t) < right(t);
  }
}

function condition(bars: CandleColumns, c: Condition): (t: number) => boolean {
  const cache = new Map<string, Float64Array>();
  const tests = ('all' in c ? c.all : c.any).map((item) => comparison(bars, item, cache));
  return 'all' in c ? (t) => tests.every((test) => test(t)) : (t) => tests.some((test) => test(t));
}
