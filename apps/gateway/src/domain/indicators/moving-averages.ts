/**
 * Moving averages with TA-Lib conventions. Outputs have the input's length;
 * indexes inside the warm-up (TA-Lib's lookback) are NaN. All functions are
 * O(n), allocate only their output and never read outside [from, n).
 */

/** Simple moving average; first value at index `period − 1`. Running sum, as TA-Lib does. */
export function sma(values: Float64Array, period: number): Float64Array {
  const n = values.length;
  const out = new Float64Array(n);
  out.fill(Number.NaN, 0, period < 1 || n < period ? n : period - 1);
  if (period < 1 || n < period) return out;
  let sum = 0;
  for (let i = 0; i < period; i++) sum += values[i]!;
  out[period - 1] = sum / period;
  for (let i = period; i < n; i++) {
    sum += values[i]! - values[i - period]!;
    out[i] = sum / period;
  }
  return out;
}

/**
 * Exponential moving average with k = 2 / (period + 1), seeded with the
 * simple average of the `period` values ending at `seedEnd` (TA-Lib's
 * default, non-Metastock seeding); values before `seedEnd` are NaN. With the
 * default `seedEnd = from + period − 1` this is TA-Lib's EMA; MACD passes a
 * later seed end to reproduce TA-Lib's alignment of the fast EMA.
 */
export function ema(
  values: Float64Array,
  period: number,
  from = 0,
  seedEnd = from + period - 1,
  out = new Float64Array(values.length).fill(Number.NaN),
): Float64Array {
  const n = values.length;
  if (period < 1 || seedEnd >= n || seedEnd - period + 1 < from) return out;
  const k = 2 / (period + 1);
  let sum = 0;
  for (let i = seedEnd - period + 1; i <= seedEnd; i++) sum += values[i]!;
  let previous = sum / period;
  out[seedEnd] = previous;
  for (let i = seedEnd + 1; i < n; i++) {
    previous = (values[i]! - previous) * k + previous;
    out[i] = previous;
  }
  return out;
}
