import { ema } from './moving-averages.js';

/** RSI, MACD with TA-Lib conventions (outputs full length, NaN in the warm-up). */

/**
 * Wilder's RSI. The first average gain/loss is the simple mean of the first
 * `period` changes; afterwards avg = (avg·(period − 1) + x) / period. First
 * value at index `period` (TA-Lib lookback = period). 0 when both averages
 * are zero, as TA-Lib answers.
 */
export function rsi(close: Float64Array, period: number): Float64Array {
  const n = close.length;
  const out = new Float64Array(n).fill(Number.NaN);
  if (period < 2 || n <= period) return out;
  let gain = 0;
  let loss = 0;
  for (let i = 1; i <= period; i++) {
    const change = close[i]! - close[i - 1]!;
    if (change < 0) loss -= change;
    else gain += change;
  }
  gain /= period;
  loss /= period;
  out[period] = gain + loss === 0 ? 0 : (100 * gain) / (gain + loss);
  for (let i = period + 1; i < n; i++) {
    const change = close[i]! - close[i - 1]!;
    gain *= period - 1;
    loss *= period - 1;
    if (change < 0) loss -= change;
    else gain += change;
    gain /= period;
    loss /= period;
    out[i] = gain + loss === 0 ? 0 : (100 * gain) / (gain + loss);
  }
  return out;
}

export interface MacdSeries {
  macd: Float64Array;
  signal: Float64Array;
  histogram: Float64Array;
}

/**
 * TA-Lib MACD: both EMAs start at index `slow − 1`, the fast one seeded with
 * the mean of the `fast` closes ending there (TA-Lib's alignment, which
 * differs from seeding it at `fast − 1`); the signal is the EMA of the MACD
 * line seeded with its first `signal` values. All three outputs start at
 * index `slow + signal − 2` (33 for 12/26/9).
 */
export function macd(close: Float64Array, fast: number, slow: number, signal: number): MacdSeries {
  const n = close.length;
  const [shortPeriod, longPeriod] = fast <= slow ? [fast, slow] : [slow, fast];
  const start = longPeriod - 1;
  const first = start + signal - 1;
  const line = new Float64Array(n).fill(Number.NaN);
  const signalLine = new Float64Array(n).fill(Number.NaN);
  const histogram = new Float64Array(n).fill(Number.NaN);
  if (first >= n || shortPeriod < 1 || signal < 1) return { macd: line, signal: signalLine, histogram };
  const fastEma = ema(close, shortPeriod, 0, start);
  const slowEma = ema(close, longPeriod, 0, start);
  for (let i = start; i < n; i++) line[i] = fastEma[i]! - slowEma[i]!;
  ema(line, signal, start, first, signalLine);
  for (let i = 0; i < first; i++) line[i] = Number.NaN;
  for (let i = first; i < n; i++) histogram[i] = line[i]! - signalLine[i]!;
  return { macd: line, signal: signalLine, histogram };
}
