import {
  type EngleGrangerResult,
  engleGranger,
  halfLife,
  returnsCorrelation,
  zScore,
} from './engle-granger.js';

/** One asset's aligned log closes. */
export interface LogSeries {
  asset: string;
  logs: Float64Array;
}

export interface PairResult {
  y: string;
  x: string;
  beta: number;
  alpha: number;
  tau: number;
  p_value: number;
  cv: { '1pct': number; '5pct': number; '10pct': number };
  cointegrated_5pct: boolean;
  adf_lags: number;
  half_life_days: number | null;
  z: number | null;
  z_recent: number | null;
  corr_returns: number | null;
  n_obs: number;
  signal: 'short_spread' | 'long_spread' | 'exit_zone' | 'none';
}

/**
 * The notes' signal (proposal): only for a cointegrated pair whose spread reverts within 1–60 days; z ≥ 2 →
 * short the spread, z ≤ −2 → long it, |z| ≤ 0.5 → exit zone.
 */
function signalOf(cointegrated: boolean, life: number | null, z: number | null): PairResult['signal'] {
  if (!cointegrated || life === null || life < 1 || life > 60 || z === null) return 'none';
  if (z >= 2) return 'short_spread';
  if (z <= -2) return 'long_spread';
  return Math.abs(z) <= 0.5 ? 'exit_zone' : 'none';
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

function describePair(y: LogSeries, x: LogSeries, test: EngleGrangerResult, corr: number | null): PairResult {
  const life = halfLife(test.residuals);
  const z = zScore(test.residuals);
  const cointegrated = test.tau < test.criticalValues['5pct'];
  return {
    y: y.asset,
    x: x.asset,
    beta: round(test.beta, 6),
    alpha: round(test.alpha, 6),
    tau: round(test.tau, 6),
    p_value: round(test.pValue, 6),
    cv: {
      '1pct': round(test.criticalValues['1pct'], 5),
      '5pct': round(test.criticalValues['5pct'], 5),
      '10pct': round(test.criticalValues['10pct'], 5),
    },
    cointegrated_5pct: cointegrated,
    adf_lags: test.adfLags,
    half_life_days: life === null ? null : round(life, 3),
    z: z === null ? null : round(z, 4),
    z_recent: (() => {
      const recent = zScore(test.residuals, 30);
      return recent === null ? null : round(recent, 4);
    })(),
    corr_returns: corr === null ? null : round(corr, 4),
    n_obs: y.logs.length,
    signal: signalOf(cointegrated, life, z),
  };
}

/**
 * Every pair of `series` (all of equal length): Engle–Granger in both orderings, the one with the more negative
 * τ reported. Pairs whose daily log returns correlate less than `minAbsCorr` in absolute value are skipped.
 */
export function screenPairs(
  series: readonly LogSeries[],
  minAbsCorr: number,
): { pairs: PairResult[]; skipped: number } {
  const pairs: PairResult[] = [];
  let skipped = 0;
  for (let i = 0; i < series.length; i++)
    for (let j = i + 1; j < series.length; j++) {
      const a = series[i]!;
      const b = series[j]!;
      const corr = returnsCorrelation(a.logs, b.logs);
      if (minAbsCorr > 0 && (corr === null || Math.abs(corr) < minAbsCorr)) {
        skipped++;
        continue;
      }
      const ab = engleGranger(a.logs, b.logs);
      const ba = engleGranger(b.logs, a.logs);
      if (!ab && !ba) {
        skipped++;
        continue;
      }
      pairs.push(
        !ba || (ab && ab.tau <= ba.tau) ? describePair(a, b, ab!, corr) : describePair(b, a, ba, corr),
      );
    }
  return { pairs, skipped };
}
