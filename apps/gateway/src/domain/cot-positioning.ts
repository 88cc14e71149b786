/**
 * Commitments-of-Traders arithmetic, pure (notes macro.md tools 9–11): a category's net and its share of open
 * interest, and the extreme-positioning reading of a speculator series. The extreme definition is the notes'
 * proposal: the metric (net as a percentage of open interest by default) ranked within the latest 156 reports
 * including the current one (at least 52), mid-rank percentile `100 × (below + (equal − 1) / 2) / (W − 1)`;
 * extreme long at ≥ 95, extreme short at ≤ 5 (the ±5 % gate); a separate shock when the week's change of net
 * is at least 5 % of open interest.
 */

export interface PositionWeek {
  reportDate: string;
  net: number;
  openInterest: number;
}

export type CotMetric = 'net_pct_oi' | 'net';

export interface ExtremeOptions {
  metric: CotMetric;
  /** Reports in the window, the current one included (notes: 156, three years). */
  lookback: number;
  /** Percentile points from either end that count as extreme (5). */
  band: number;
  /** Weekly change of net, in % of open interest, that counts as a shock (5). */
  shockPct: number;
}

export const EXTREME_DEFAULTS: ExtremeOptions = { metric: 'net_pct_oi', lookback: 156, band: 5, shockPct: 5 };
/** Fewer reports than this and no percentile is given. */
export const MIN_REPORTS = 52;

export interface ExtremeReading {
  report_date: string;
  net: number;
  net_pct_oi: number | null;
  percentile: number | null;
  cot_index: number | null;
  zscore: number | null;
  weekly_change_pct_oi: number | null;
  extreme: 'extreme_long' | 'extreme_short' | 'neutral' | null;
  shock: boolean;
  signal: string;
  window_reports: number;
  reason?: 'insufficient_history';
}

const round = (value: number, decimals = 2) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** Net as a percentage of open interest, null without open interest. */
export const netPctOi = (net: number, openInterest: number | null) =>
  openInterest ? (net / openInterest) * 100 : null;

/** The mid-rank percentile (0–100) of `value` among `window` (which contains it). */
export function midRankPercentile(window: readonly number[], value: number): number {
  const below = window.filter((x) => x < value).length;
  const equal = window.filter((x) => x === value).length;
  return (100 * (below + 0.5 * (equal - 1))) / (window.length - 1);
}

/** The extreme-positioning reading of the newest week of an ascending series; null for an empty series. */
export function extremePositioning(
  weeks: readonly PositionWeek[],
  options: ExtremeOptions = EXTREME_DEFAULTS,
): ExtremeReading | null {
  const usable = weeks.filter((week) => options.metric === 'net' || week.openInterest > 0);
  const current = usable.at(-1);
  if (!current) return null;
  const window = usable.slice(-options.lookback);
  const metricOf = (week: PositionWeek) =>
    options.metric === 'net' ? week.net : (week.net / week.openInterest) * 100;
  const values = window.map(metricOf);
  const now = metricOf(current);
  const previous = usable.at(-2);
  const weeklyChange =
    previous && current.openInterest > 0 ? ((current.net - previous.net) / current.openInterest) * 100 : null;
  const shock = weeklyChange !== null && Math.abs(weeklyChange) >= options.shockPct;
  const base = {
    report_date: current.reportDate,
    net: current.net,
    net_pct_oi:
      netPctOi(current.net, current.openInterest) === null
        ? null
        : round(netPctOi(current.net, current.openInterest)!),
    weekly_change_pct_oi: weeklyChange === null ? null : round(weeklyChange),
    shock,
    window_reports: window.length,
  };
  if (window.length < MIN_REPORTS)
    return {
      ...base,
      percentile: null,
      cot_index: null,
      zscore: null,
      extreme: null,
      signal: 'insufficient_history',
      reason: 'insufficient_history',
    };
  const percentile = midRankPercentile(values, now);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const mean = values.reduce((sum, x) => sum + x, 0) / values.length;
  const stdev = Math.sqrt(values.reduce((sum, x) => sum + (x - mean) ** 2, 0) / values.length);
  const extreme =
    percentile >= 100 - options.band
      ? 'extreme_long'
      : percentile <= options.band
        ? 'extreme_short'
        : 'neutral';
  const accelerating =
    shock &&
    weeklyChange !== null &&
    ((extreme === 'extreme_long' && weeklyChange > 0) || (extreme === 'extreme_short' && weeklyChange < 0));
  const signal =
    extreme === 'neutral'
      ? 'neutral'
      : `${extreme === 'extreme_long' ? 'crowded_long' : 'crowded_short'}${accelerating ? '_and_accelerating' : ''}`;
  return {
    ...base,
    percentile: round(percentile),
    cot_index: max === min ? null : round((100 * (now - min)) / (max - min)),
    zscore: stdev === 0 ? null : round((now - mean) / stdev),
    extreme,
    signal,
  };
}
