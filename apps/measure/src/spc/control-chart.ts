/**
 * Individuals (I) chart, phase I: limits from all selected data (spc.md §7), as Minitab's I chart
 * and qcc's "xbar.one": centre = mean, limits = mean ± 3·MR̄/1.128, LCL not clipped at 0.
 */
import { sigmaWithin } from './capability.js';
import { DEFAULT_RULES, evaluateRule, type RuleNumber } from './nelson-rules.js';
import type { SpcSeries } from './series.js';

export interface ControlChartPoint {
  x: number;
  y: number;
  timestamp: string | null;
}

/**
 * The Control chart shape without its points: those are read lazily from the series
 * (`controlChartPoints`), so a million-point chart does not build a million objects until the
 * response actually serialises them.
 */
export interface ControlChart {
  n: number;
  center_line: number | null;
  ucl: number | null;
  lcl: number | null;
  sigma_within: number | null;
  mr_bar: number | null;
  rules: RuleNumber[];
  out_of_control_indices: number[];
  rule_violations: Partial<Record<`${RuleNumber}`, number[]>>;
}

export interface ControlChartOptions {
  /** Nelson rules to apply; default rule 1 only. */
  rules?: readonly RuleNumber[];
}

/** Sorted, de-duplicated union of several ascending index lists. */
function union(lists: number[][]): number[] {
  if (lists.length === 1) return lists[0] as number[];
  return [...new Set(lists.flat())].sort((a, b) => a - b);
}

export function controlChart(series: SpcSeries, options: ControlChartOptions = {}): ControlChart {
  const rules = [...new Set(options.rules ?? DEFAULT_RULES)].sort((a, b) => a - b);
  const center = series.mean;
  const sigma = sigmaWithin(series);
  const base = { n: series.n, center_line: center, sigma_within: sigma, mr_bar: series.mrBar, rules };
  if (center === null || sigma === null) {
    return { ...base, ucl: null, lcl: null, out_of_control_indices: [], rule_violations: {} };
  }
  const ucl = center + 3 * sigma;
  const lcl = center - 3 * sigma;
  // With σ = 0 every rule is meaningless (rule 7 would flag a constant series): none is evaluated.
  if (sigma === 0) return { ...base, ucl, lcl, out_of_control_indices: [], rule_violations: {} };
  const limits = { center, sigma, ucl, lcl };
  const violations: Partial<Record<`${RuleNumber}`, number[]>> = {};
  for (const rule of rules) violations[`${rule}`] = evaluateRule(rule, series.values, limits);
  return {
    ...base,
    ucl,
    lcl,
    out_of_control_indices: union(Object.values(violations)),
    rule_violations: violations,
  };
}

/** `points[i] = { x: i, y: xᵢ, timestamp }`, 0-based in time order; timestamp as ISO 8601 UTC. */
export function* controlChartPoints(series: SpcSeries): Generator<ControlChartPoint> {
  const values = series.values;
  const times = series.timestamps;
  for (let i = 0; i < values.length; i++) {
    const ms = times[i] as number;
    yield {
      x: i,
      y: values[i] as number,
      timestamp: Number.isFinite(ms) ? new Date(ms).toISOString() : null,
    };
  }
}
