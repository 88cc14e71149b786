/**
 * Histogram with the normal curve scaled to counts (spc.md §8), binned exactly like
 * numpy.histogram(values, bins=n_bins): `bins` holds the n_bins + 1 edges.
 */
import { sigmaWithin } from './capability.js';
import { normalPdf } from './normal.js';
import type { SpcSeries } from './series.js';

export const HISTOGRAM_BINS = { min: 5, max: 100, default: 20 } as const;

export interface Histogram {
  n: number;
  bins: number[];
  frequencies: number[];
  normal_curve_y: number[];
  normal_curve_within_y: number[];
}

/** Edges lo + i·w (product, then sum, as numpy) with the last edge exactly hi. */
function edges(lo: number, hi: number, nBins: number): Float64Array {
  const width = (hi - lo) / nBins;
  const result = new Float64Array(nBins + 1);
  for (let i = 0; i < nBins; i++) result[i] = lo + i * width;
  result[nBins] = hi;
  return result;
}

/**
 * Bin of v: the floor estimate, clamped, then corrected against the edge array itself, so a value
 * lying exactly on an edge lands in the bin that edge opens (the division alone misplaces such
 * values on decimal data). The last bin is closed on the right.
 */
function binOf(v: number, lo: number, width: number, edge: Float64Array, nBins: number): number {
  let i = Math.floor((v - lo) / width);
  if (!(i >= 0)) i = 0;
  if (i > nBins - 1) i = nBins - 1;
  while (i > 0 && v < (edge[i] as number)) i -= 1;
  while (i < nBins - 1 && v >= (edge[i + 1] as number)) i += 1;
  return i;
}

/** Expected count per bin, n·w·φ((cᵢ − mean)/s)/s; empty when s is null or 0. */
function curve(
  edge: Float64Array,
  width: number,
  n: number,
  mean: number | null,
  sigma: number | null,
): number[] {
  if (mean === null || sigma === null || !(sigma > 0)) return [];
  const result: number[] = [];
  for (let i = 0; i + 1 < edge.length; i++) {
    const centre = ((edge[i] as number) + (edge[i + 1] as number)) / 2;
    result.push((n * width * normalPdf((centre - mean) / sigma)) / sigma);
  }
  return result;
}

/**
 * `nBins` must be an integer in 5..100 (the API validates it and answers 422 otherwise; this
 * function throws a RangeError so a caller bug cannot produce a silent wrong chart).
 */
export function histogram(series: SpcSeries, nBins: number = HISTOGRAM_BINS.default): Histogram {
  if (!Number.isInteger(nBins) || nBins < HISTOGRAM_BINS.min || nBins > HISTOGRAM_BINS.max) {
    throw new RangeError(`n_bins must be an integer from ${HISTOGRAM_BINS.min} to ${HISTOGRAM_BINS.max}`);
  }
  const { n, min, max } = series;
  if (n === 0 || min === null || max === null) {
    return { n: 0, bins: [], frequencies: [], normal_curve_y: [], normal_curve_within_y: [] };
  }
  const lo = min === max ? min - 0.5 : min;
  const hi = min === max ? max + 0.5 : max;
  const edge = edges(lo, hi, nBins);
  const width = (hi - lo) / nBins;
  const counts = new Float64Array(nBins);
  const values = series.values;
  for (let k = 0; k < values.length; k++) {
    const bin = binOf(values[k] as number, lo, width, edge, nBins);
    counts[bin] = (counts[bin] as number) + 1;
  }
  const mean = series.mean;
  return {
    n,
    bins: Array.from(edge),
    frequencies: Array.from(counts),
    normal_curve_y: curve(edge, width, n, mean, series.stdev),
    normal_curve_within_y: curve(edge, width, n, mean, sigmaWithin(series)),
  };
}
