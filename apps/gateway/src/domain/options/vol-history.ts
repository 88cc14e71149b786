/** IV rank and percentile on DVOL (notes §9.10) and realized volatility from candles (§9.11). */

export interface IvRankResult {
  current: number;
  min: number;
  max: number;
  iv_rank: number | null;
  iv_percentile: number | null;
  n: number;
}

/** `hist` = the previous days' closes (not today's); `current` = the latest close. */
export function ivRank(hist: readonly number[], current: number): IvRankResult {
  if (!hist.length) return { current, min: current, max: current, iv_rank: null, iv_percentile: null, n: 0 };
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let below = 0;
  for (const x of hist) {
    if (x < min) min = x;
    if (x > max) max = x;
    if (x < current) below++;
  }
  return {
    current,
    min,
    max,
    iv_rank: max > min ? (100 * (current - min)) / (max - min) : null,
    iv_percentile: (100 * below) / hist.length,
    n: hist.length,
  };
}

export interface RealizedVolResult {
  /** Close-to-close, percent annualised. */
  close_to_close: number | null;
  /** Parkinson high-low, percent annualised. */
  parkinson: number | null;
  /** Number of returns (close-to-close) = number of bars − 1. */
  n: number;
  periods_per_year: number;
}

/**
 * `periodsPerYear` = 365 × bars per day. Close-to-close: sample stdev of log returns (n − 1), or the
 * zero-mean root mean square with `zeroMean` [documented choice, default sample stdev]. Parkinson over the
 * same bars: sqrt(Σ ln(H/L)² / (4 n ln 2)).
 */
export function realizedVol(
  bars: { close: ArrayLike<number>; high: ArrayLike<number>; low: ArrayLike<number> },
  periodsPerYear: number,
  zeroMean = false,
): RealizedVolResult {
  const count = bars.close.length;
  const n = Math.max(0, count - 1);
  let sum = 0;
  for (let t = 1; t < count; t++) sum += Math.log(bars.close[t]! / bars.close[t - 1]!);
  const mean = zeroMean || n === 0 ? 0 : sum / n;
  let squares = 0;
  for (let t = 1; t < count; t++) squares += (Math.log(bars.close[t]! / bars.close[t - 1]!) - mean) ** 2;
  const denominator = zeroMean ? n : n - 1;
  let hl = 0;
  for (let t = 0; t < count; t++) hl += Math.log(bars.high[t]! / bars.low[t]!) ** 2;
  return {
    close_to_close: denominator > 0 ? 100 * Math.sqrt((squares / denominator) * periodsPerYear) : null,
    parkinson: count > 0 ? 100 * Math.sqrt((hl / (4 * count * Math.LN2)) * periodsPerYear) : null,
    n,
    periods_per_year: periodsPerYear,
  };
}
