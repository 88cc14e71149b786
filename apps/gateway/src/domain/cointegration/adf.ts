import { crossProducts, solveLeading } from './ols.js';

/** An augmented Dickey–Fuller test without constant or trend, as applied to Engle–Granger residuals. */
export interface AdfResult {
  /** τ = γ̂ / se(γ̂): the t statistic of the lagged level. */
  statistic: number;
  /** The number of lagged differences chosen by AIC. */
  lags: number;
  /** The largest number of lags considered. */
  maxLags: number;
  /** Observations in the final regression: `T − lags − 1`. */
  nobs: number;
}

/**
 * The largest lag tried: `⌈12 (T/100)^{1/4}⌉`, capped at `⌊T/2⌋ − 1` (Schwert's rule as statsmodels' `adfuller`
 * applies it; the notes' floor would pick a different k_max, and agreement with statsmodels is the acceptance).
 */
export const adfMaxLags = (length: number) =>
  Math.min(Math.ceil(12 * (length / 100) ** 0.25), Math.floor(length / 2) - 1);

/**
 * The ADF design for `lags` lagged differences: target `Δe_t`, regressors `e_{t−1}, Δe_{t−1}…Δe_{t−lags}`, for the
 * last `T − 1 − lags` differences.
 */
function design(series: ArrayLike<number>, lags: number) {
  const diffs = series.length - 1;
  const nobs = diffs - lags;
  const target = new Float64Array(nobs);
  const columns = Array.from({ length: lags + 1 }, () => new Float64Array(nobs));
  for (let r = 0; r < nobs; r++) {
    const i = lags + r; // index of Δe_t = e[i+1] − e[i]
    target[r] = series[i + 1]! - series[i]!;
    columns[0]![r] = series[i]!;
    for (let j = 1; j <= lags; j++) columns[j]![r] = series[i - j + 1]! - series[i - j]!;
  }
  return { target, columns, nobs };
}

/**
 * The lag count by AIC: every candidate `0..maxLags` is fitted on the common sample of the largest
 * (`t = maxLags + 2..T`) so the criteria are comparable, `AIC = n ln(SSR/n) + 2(k + 1)`; ties go to fewer lags.
 * The nested candidates share one cross-product matrix, so the search costs one pass over the data.
 */
function chooseLags(series: ArrayLike<number>, maxLags: number): number {
  const { target, columns, nobs } = design(series, maxLags);
  const cp = crossProducts(columns, target);
  let best = 0;
  let bestAic = Number.POSITIVE_INFINITY;
  for (let k = 0; k <= maxLags; k++) {
    const fit = solveLeading(cp, k + 1);
    if (!fit) break;
    const aic = nobs * Math.log(fit.ssr / nobs) + 2 * (k + 1);
    if (aic < bestAic) {
      bestAic = aic;
      best = k;
    }
  }
  return best;
}

/** ADF without constant on `series` (length T), lag by AIC up to {@link adfMaxLags}; null when degenerate. */
export function adfNoConstant(
  series: ArrayLike<number>,
  maxLags = adfMaxLags(series.length),
): AdfResult | null {
  if (maxLags < 0 || series.length - maxLags < 4) return null;
  const lags = chooseLags(series, maxLags);
  const { target, columns, nobs } = design(series, lags);
  const fit = solveLeading(crossProducts(columns, target));
  if (!fit || nobs - lags - 1 < 1) return null;
  // The residual sum of squares recomputed from the residuals: τ's precision depends on it.
  let ssr = 0;
  for (let r = 0; r < nobs; r++) {
    let fitted = 0;
    for (let j = 0; j <= lags; j++) fitted += fit.coefficients[j]! * columns[j]![r]!;
    ssr += (target[r]! - fitted) ** 2;
  }
  const variance = ssr / (nobs - lags - 1);
  const statistic = fit.coefficients[0]! / Math.sqrt(variance * fit.inverseDiagonal[0]!);
  return { statistic, lags, maxLags, nobs };
}
