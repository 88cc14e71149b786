/** RSI, MACD with TA-Lib conventions (outputs full length, NaN in the warm-up). */

/**
 * Wilder's RSI. The first average gain/loss is the simple mean of the first
 * `period` changes; afterwards avg = (avg·(period − 1) + x) / period. First
 * value at index `period` (TA-Lib lookback = period). 0 when both averages
 * are zero, as TA-Lib answers.
 */
export function rsi(close: Float64Array, period: number): Float64Array {
  const n = close.length;
  const out = new Float64Array(n);
  out.fill(Number.NaN, 0, period < 2 || n <= period ? n : period);
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
  const warmup = Math.min(first, n);
  const line = new Float64Array(n);
  const signalLine = new Float64Array(n);
  const histogram = new Float64Array(n);
  line.fill(Number.NaN, 0, warmup);
  signalLine.fill(Number.NaN, 0, warmup);
  histogram.fill(Number.NaN, 0, warmup);
  if (first >= n || shortPeriod < 1 || signal < 1) {
    line.fill(Number.NaN);
    signalLine.fill(Number.NaN);
    histogram.fill(Number.NaN);
    return { macd: line, signal: signalLine, histogram };
  }
  const kFast = 2 / (shortPeriod + 1);
  const kSlow = 2 / (longPeriod + 1);
  const kSignal = 2 / (signal + 1);
  let slowSum = 0;
  for (let i = 0; i <= start; i++) slowSum += close[i]!;
  let fastSum = 0;
  for (let i = start - shortPeriod + 1; i <= start; i++) fastSum += close[i]!;
  let fastEma = fastSum / shortPeriod;
  let slowEma = slowSum / longPeriod;
  // The signal is seeded with the mean of the first `signal` MACD values (indexes start … first).
  let signalSum = fastEma - slowEma;
  for (let i = start + 1; i <= first; i++) {
    fastEma = (close[i]! - fastEma) * kFast + fastEma;
    slowEma = (close[i]! - slowEma) * kSlow + slowEma;
    signalSum += fastEma - slowEma;
  }
  let signalEma = signalSum / signal;
  let value = fastEma - slowEma;
  line[first] = value;
  signalLine[first] = signalEma;
  histogram[first] = value - signalEma;
  for (let i = first + 1; i < n; i++) {
    fastEma = (close[i]! - fastEma) * kFast + fastEma;
    slowEma = (close[i]! - slowEma) * kSlow + slowEma;
    value = fastEma - slowEma;
    signalEma = (value - signalEma) * kSignal + signalEma;
    line[i] = value;
    signalLine[i] = signalEma;
    histogram[i] = value - signalEma;
  }
  return { macd: line, signal: signalLine, histogram };
}
