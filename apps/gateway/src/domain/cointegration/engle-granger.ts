import { adfNoConstant } from './adf.js';
import { type CriticalValues, criticalValues, engleGrangerPValue } from './mackinnon.js';
import { fitLine } from './ols.js';

/** The Engle–Granger two-step test of `y` on `x` (the ordering given). */
export interface EngleGrangerResult {
  alpha: number;
  beta: number;
  tau: number;
  pValue: number;
  criticalValues: CriticalValues;
  adfLags: number;
  residuals: Float64Array;
}

/**
 * Like statsmodels' `coint`: a cointegrating regression this close to a perfect fit gives τ = −∞ (p = 0), its
 * residuals being numerical noise.
 */
const COLLINEAR_R2 = 1 - 100 * Math.sqrt(Number.EPSILON);

/**
 * Step 1 regresses `y` on `x` with an intercept; step 2 runs the ADF test without constant on the residuals.
 * Critical values use `T = observations − 1` (as statsmodels and Stata's egranger do). Null when `x` is constant
 * or the series is too short for the ADF regression.
 */
export function engleGranger(y: ArrayLike<number>, x: ArrayLike<number>): EngleGrangerResult | null {
  const line = fitLine(x, y);
  if (!line) return null;
  const cv = criticalValues(y.length - 1);
  if (!(line.rSquared < COLLINEAR_R2))
    return { ...line, tau: Number.NEGATIVE_INFINITY, pValue: 0, criticalValues: cv, adfLags: 0 };
  const adf = adfNoConstant(line.residuals);
  if (!adf) return null;
  return {
    alpha: line.alpha,
    beta: line.beta,
    residuals: line.residuals,
    tau: adf.statistic,
    pValue: engleGrangerPValue(adf.statistic),
    criticalValues: cv,
    adfLags: adf.lags,
  };
}

/**
 * Half-life of mean reversion in observations: OLS `Δe_t = a + b e_{t−1}`, `−ln 2 / ln(1 + b)` when
 * `−1 < b < 0`, else null (no mean reversion).
 */
export function halfLife(spread: ArrayLike<number>): number | null {
  const n = spread.length - 1;
  if (n < 2) return null;
  const lagged = new Float64Array(n);
  const change = new Float64Array(n);
  for (let t = 0; t < n; t++) {
    lagged[t] = spread[t]!;
    change[t] = spread[t + 1]! - spread[t]!;
  }
  const fit = fitLine(lagged, change);
  if (!fit || !(fit.beta > -1 && fit.beta < 0)) return null;
  return -Math.LN2 / Math.log(1 + fit.beta);
}

/** `(last − mean) / std` over the last `window` values (all when omitted); sample standard deviation. */
export function zScore(values: ArrayLike<number>, window = values.length): number | null {
  const start = Math.max(0, values.length - window);
  const n = values.length - start;
  if (n < 2) return null;
  let mean = 0;
  for (let t = start; t < values.length; t++) mean += values[t]!;
  mean /= n;
  let squares = 0;
  for (let t = start; t < values.length; t++) squares += (values[t]! - mean) ** 2;
  const std = Math.sqrt(squares / (n - 1));
  return std > 0 ? (values[values.length - 1]! - mean) / std : null;
}

/** Pearson correlation of the one-step differences of two log-price series (daily log returns). */
export function returnsCorrelation(a: ArrayLike<number>, b: ArrayLike<number>): number | null {
  const n = a.length - 1;
  if (n < 2) return null;
  let ma = 0;
  let mb = 0;
  for (let t = 0; t < n; t++) {
    ma += a[t + 1]! - a[t]!;
    mb += b[t + 1]! - b[t]!;
  }
  ma /= n;
  mb /= n;
  let saa = 0;
  let sbb = 0;
  let sab = 0;
  for (let t = 0; t < n; t++) {
    const da = a[t + 1]! - a[t]! - ma;
    const db = b[t + 1]! - b[t]! - mb;
    saa += da * da;
    sbb += db * db;
    sab += da * db;
  }
  return saa > 0 && sbb > 0 ? sab / Math.sqrt(saa * sbb) : null;
}
