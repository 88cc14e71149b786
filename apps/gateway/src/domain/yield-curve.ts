/**
 * Pure yield-curve arithmetic for the macro tools (notes macro.md, tools 5 and 7): curves are par yields in
 * percent by tenor, differences are reported in basis points (percent × 100) rounded to 0.01 bp so float
 * noise (4.41 − 3.96 = 0.45000000000000018) never shows. A missing tenor is missing, never zero: anything
 * computed from it is null.
 */

export const TENORS = [
  '1M',
  '1.5M',
  '2M',
  '3M',
  '4M',
  '6M',
  '1Y',
  '2Y',
  '3Y',
  '5Y',
  '7Y',
  '10Y',
  '20Y',
  '30Y',
] as const;
export type Tenor = (typeof TENORS)[number];

export interface DatedCurve {
  /** `YYYY-MM-DD`. */
  date: string;
  /** Percent; absent where the source published nothing. */
  yields: Partial<Record<Tenor, number>>;
}

/** Business days back for a week's and a month's change. */
export const WEEK_BACK = 5;
export const MONTH_BACK = 21;

/** `long − short` in basis points, or null when either is missing. */
export function spreadBp(curve: DatedCurve | undefined, long: Tenor, short: Tenor): number | null {
  const a = curve?.yields[long];
  const b = curve?.yields[short];
  return a === undefined || b === undefined ? null : Math.round((a - b) * 10_000) / 100;
}

/** Change of each tenor from `back` curves earlier to the last, in bp; null where either end lacks it. */
export function tenorChangesBp(curves: readonly DatedCurve[], back: number): Record<Tenor, number | null> {
  const last = curves[curves.length - 1];
  const earlier = curves[curves.length - 1 - back];
  const changes = {} as Record<Tenor, number | null>;
  for (const tenor of TENORS) {
    const now = last?.yields[tenor];
    const then = earlier?.yields[tenor];
    changes[tenor] = now === undefined || then === undefined ? null : Math.round((now - then) * 10_000) / 100;
  }
  return changes;
}

export type CurveShape = 'inverted' | 'flat' | 'steep' | 'partially_inverted' | 'normal';
export type SlopeTrend = 'steepening' | 'flattening' | 'stable';

/**
 * The notes' proposal, with one addition: `inverted` when both 2s10s and 3m10y are below zero; `flat` when
 * |2s10s| ≤ 25 bp; `steep` when 2s10s ≥ 100 bp; `partially_inverted` when just one of them is below zero
 * (the proposal would call a −40 bp 2s10s `normal`); else `normal`.
 */
export function curveShape(slope2s10s: number, slope3m10y: number): CurveShape {
  if (slope2s10s < 0 && slope3m10y < 0) return 'inverted';
  if (Math.abs(slope2s10s) <= 25) return 'flat';
  if (slope2s10s >= 100) return 'steep';
  if (slope2s10s < 0 || slope3m10y < 0) return 'partially_inverted';
  return 'normal';
}

/** From the month's change of 2s10s: a move of at least 5 bp either way, else stable. */
export function slopeTrend(change1mBp: number | null): SlopeTrend | null {
  if (change1mBp === null) return null;
  if (change1mBp >= 5) return 'steepening';
  if (change1mBp <= -5) return 'flattening';
  return 'stable';
}

export interface SlopeReading {
  bp: number;
  inverted: boolean;
  /** Consecutive latest curves (business days) with this slope below zero; a curve lacking a tenor ends it. */
  inversion_streak_days: number;
  change_1w_bp: number | null;
  change_1m_bp: number | null;
}

export interface CurveSlopes {
  /** The curve the slopes are read from: the newest with 3M, 2Y and 10Y all present. */
  date: string;
  /** True when a newer curve lacked one of those tenors, so an older one was used. */
  used_previous_complete_curve: boolean;
  slope_10y_2y: SlopeReading;
  slope_10y_3m: SlopeReading;
  /** Null when 30Y or 5Y is missing on that curve. */
  slope_30y_5y_bp: number | null;
  shape: CurveShape;
  trend: SlopeTrend | null;
}

function reading(curves: readonly DatedCurve[], at: number, short: Tenor): SlopeReading {
  const bp = spreadBp(curves[at], '10Y', short) as number;
  const back = (n: number) => {
    const then = spreadBp(curves[at - n], '10Y', short);
    return then === null ? null : Math.round((bp - then) * 100) / 100;
  };
  let streak = 0;
  for (let i = at; i >= 0; i--) {
    const value = spreadBp(curves[i], '10Y', short);
    if (value === null || value >= 0) break;
    streak++;
  }
  return {
    bp,
    inverted: bp < 0,
    inversion_streak_days: streak,
    change_1w_bp: back(WEEK_BACK),
    change_1m_bp: back(MONTH_BACK),
  };
}

/** Slopes of the newest complete curve of `curves` (oldest first), or null when none is complete. */
export function curveSlopes(curves: readonly DatedCurve[]): CurveSlopes | null {
  let at = curves.length - 1;
  while (
    at >= 0 &&
    (spreadBp(curves[at], '10Y', '2Y') === null || spreadBp(curves[at], '10Y', '3M') === null)
  )
    at--;
  if (at < 0) return null;
  const slope_10y_2y = reading(curves, at, '2Y');
  const slope_10y_3m = reading(curves, at, '3M');
  return {
    date: curves[at]!.date,
    used_previous_complete_curve: at !== curves.length - 1,
    slope_10y_2y,
    slope_10y_3m,
    slope_30y_5y_bp: spreadBp(curves[at], '30Y', '5Y'),
    shape: curveShape(slope_10y_2y.bp, slope_10y_3m.bp),
    trend: slopeTrend(slope_10y_2y.change_1m_bp),
  };
}
