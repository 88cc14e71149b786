/**
 * Process capability for individual values (spc.md §4–6), matching Minitab's Capability Analysis
 * (Normal) with subgroup size 1 and qcc's processCapability():
 * within sigma = MR̄ / 1.128 (Cp, Cpk), overall sigma = sample stdev, divisor n − 1, no c4 (Pp, Ppk).
 * Every undefined index is null, never NaN or Infinity.
 */
import chisquareQuantile from '@stdlib/stats-base-dists-chisquare-quantile';
import type { SubtaskLimits } from './classification.js';
import { normalCdf } from './normal.js';
import type { SpcSeries } from './series.js';

/** d2 for a moving range of span 2, the tabulated value Minitab and qcc use (not 2/√π). */
export const D2_SPAN_2 = 1.128;
/** Two-sided 95 % normal quantile for Bissell's interval. */
const Z_975 = 1.959963984540054;
/** Below this many values the indices are reported with a warning (their intervals are wide). */
export const SMALL_SAMPLE = 25;

export interface PpmEstimate {
  below_lsl: number;
  above_usl: number;
  total: number;
}

export interface ConfidenceInterval {
  lower: number;
  upper: number;
}

/** The Capability shape: the spec's fields first, then spc.md §6.1's optional extras. */
export interface Capability {
  n: number;
  mean: number | null;
  stdev: number | null;
  cp: number | null;
  cpk: number | null;
  pp: number | null;
  ppk: number | null;
  sigma_within: number | null;
  mr_bar: number | null;
  cpu: number | null;
  cpl: number | null;
  ppu: number | null;
  ppl: number | null;
  usl: number | null;
  lsl: number | null;
  target: number;
  cpm: number | null;
  ppm_within: PpmEstimate | null;
  ppm_overall: PpmEstimate | null;
  ppm_observed: PpmEstimate | null;
  cp_ci95: ConfidenceInterval | null;
  cpk_ci95: ConfidenceInterval | null;
  pp_ci95: ConfidenceInterval | null;
  ppk_ci95: ConfidenceInterval | null;
  warnings: string[];
}

/** Within sigma MR̄ / d2; null when n < 2, 0 for constant data. */
export function sigmaWithin(series: SpcSeries): number | null {
  const mrBar = series.mrBar;
  return mrBar === null ? null : mrBar / D2_SPAN_2;
}

/** A sigma an index can be divided by: defined and positive. */
const usable = (sigma: number | null): sigma is number => sigma !== null && sigma > 0;

/** min of the defined one-sided indices (one-sided tolerance gives the available side). */
function minDefined(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}

interface IndexSet {
  spread: number | null;
  upper: number | null;
  lower: number | null;
  k: number | null;
}

function indices(
  mean: number | null,
  sigma: number | null,
  lsl: number | null,
  usl: number | null,
): IndexSet {
  if (mean === null || !usable(sigma)) return { spread: null, upper: null, lower: null, k: null };
  const upper = usl === null ? null : (usl - mean) / (3 * sigma);
  const lower = lsl === null ? null : (mean - lsl) / (3 * sigma);
  const spread = usl === null || lsl === null ? null : (usl - lsl) / (6 * sigma);
  return { spread, upper, lower, k: minDefined(upper, lower) };
}

/** Expected parts per million outside the tolerance under a normal model; tails via Φ of a negative z. */
function expectedPpm(
  mean: number | null,
  sigma: number | null,
  lsl: number | null,
  usl: number | null,
): PpmEstimate | null {
  if (mean === null || !usable(sigma)) return null;
  const below = lsl === null ? 0 : 1e6 * normalCdf((lsl - mean) / sigma);
  const above = usl === null ? 0 : 1e6 * normalCdf((mean - usl) / sigma);
  return { below_lsl: below, above_usl: above, total: below + above };
}

function observedPpm(values: Float64Array, lsl: number | null, usl: number | null): PpmEstimate | null {
  if (values.length === 0) return null;
  let below = 0;
  let above = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (lsl !== null && v < lsl) below += 1;
    else if (usl !== null && v > usl) above += 1;
  }
  const scale = 1e6 / values.length;
  return { below_lsl: below * scale, above_usl: above * scale, total: (below + above) * scale };
}

/** Bissell's approximate 95 % interval: index ± z·√(1/(9n) + index²/(2(n − 1))). */
function bissell(index: number | null, n: number): ConfidenceInterval | null {
  if (index === null || n < 2) return null;
  const half = Z_975 * Math.sqrt(1 / (9 * n) + (index * index) / (2 * (n - 1)));
  return { lower: index - half, upper: index + half };
}

/**
 * Chi-square 95 % interval of Cp or Pp (spc.md §6.1, Minitab and qcc): index·√(χ²(0.025, ν)/ν) to
 * index·√(χ²(0.975, ν)/ν), ν = n − 1 (also for the average moving range, as Minitab takes it).
 */
function chiSquare(index: number | null, n: number): ConfidenceInterval | null {
  if (index === null || n < 2) return null;
  const nu = n - 1;
  return {
    lower: index * Math.sqrt(chisquareQuantile(0.025, nu) / nu),
    upper: index * Math.sqrt(chisquareQuantile(0.975, nu) / nu),
  };
}

/**
 * Minitab's Cpm = min(T − LSL, USL − T) / (3τ), τ = √(Σ(xᵢ − T)² / (n − 1)).
 * Σ(xᵢ − T)² = Σ(xᵢ − x̄)² + n(x̄ − T)² keeps it one-pass and stable.
 */
function cpm(series: SpcSeries, target: number, lsl: number | null, usl: number | null): number | null {
  const mean = series.mean;
  if (series.n < 2 || mean === null || lsl === null || usl === null) return null;
  const offset = mean - target;
  const tau = Math.sqrt((series.sumOfSquares + series.n * offset * offset) / (series.n - 1));
  if (!(tau > 0)) return null;
  return Math.min(target - lsl, usl - target) / (3 * tau);
}

/** Capability of one subtask's series against its tolerance (USL = utl, LSL = ltl, T = nominal). */
export function capability(series: SpcSeries, limits: SubtaskLimits): Capability {
  const usl = limits.utl;
  const lsl = limits.ltl;
  const { n, mean, stdev } = series;
  const within = sigmaWithin(series);
  const potential = indices(mean, within, lsl, usl);
  const overall = indices(mean, stdev, lsl, usl);
  const warnings: string[] = [];
  if (n > 0 && n < SMALL_SAMPLE) warnings.push(`fewer than ${SMALL_SAMPLE} values`);
  if (n >= 2 && stdev === 0) warnings.push('all values are equal: capability indices are undefined');
  if (usl === null || lsl === null) warnings.push('one-sided tolerance: cp and pp are undefined');
  return {
    n,
    mean,
    stdev,
    cp: potential.spread,
    cpk: potential.k,
    pp: overall.spread,
    ppk: overall.k,
    sigma_within: within,
    mr_bar: series.mrBar,
    cpu: potential.upper,
    cpl: potential.lower,
    ppu: overall.upper,
    ppl: overall.lower,
    usl,
    lsl,
    target: limits.nominal,
    cpm: cpm(series, limits.nominal, lsl, usl),
    ppm_within: expectedPpm(mean, within, lsl, usl),
    ppm_overall: expectedPpm(mean, stdev, lsl, usl),
    ppm_observed: observedPpm(series.values, lsl, usl),
    cp_ci95: chiSquare(potential.spread, n),
    cpk_ci95: bissell(potential.k, n),
    pp_ci95: chiSquare(overall.spread, n),
    ppk_ci95: bissell(overall.k, n),
    warnings,
  };
}
