/**
 * Individuals (I) chart, phase I: limits from all selected data (spc.md §7), as Minitab's I chart
 * and qcc's "xbar.one": centre = mean, limits = mean ± 3·MR̄/1.128, LCL not clipped at 0.
 */
import { sigmaWithin } from './capability.js';
import { type MovingRangeChart, movingRangeChart } from './moving-range-chart.js';
import {
  DEFAULT_RULES,
  type PointViolation,
  type RuleNumber,
  type RuleSet,
  ruleViolations,
} from './nelson-rules.js';
import type { SpcSeries } from './series.js';
import { type SubgroupCharts, subgroupCharts } from './subgroup-charts.js';

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
  /** The rule set's preset and rule 2's run length (9 Nelson, 8 Western Electric). */
  rule_set: RuleSet['preset'];
  run_length: 8 | 9;
  out_of_control_indices: number[];
  rule_violations: Partial<Record<`${RuleNumber}`, number[]>>;
  violations: PointViolation[];
  moving_range: MovingRangeChart;
  /** X̄-R and X̄-S charts when a subgroup size was asked for and there are two complete subgroups. */
  subgroups: SubgroupCharts | null;
}

export interface ControlChartOptions {
  /** Nelson rules to apply (default rule 1 only, 9-point rule 2); a preset via parseRuleSet. */
  rules?: readonly RuleNumber[];
  ruleSet?: RuleSet;
  /** Consecutive values per subgroup for the X̄-R and X̄-S charts (2–25); none by default. */
  subgroupSize?: number;
}

const NO_VIOLATIONS = { out_of_control_indices: [], rule_violations: {}, violations: [] };

export function controlChart(series: SpcSeries, options: ControlChartOptions = {}): ControlChart {
  const ruleSet: RuleSet = options.ruleSet ?? {
    preset: 'custom',
    rules: [...new Set(options.rules ?? DEFAULT_RULES)].sort((a, b) => a - b),
    run_length: 9,
  };
  const rules = [...new Set(ruleSet.rules)].sort((a, b) => a - b);
  const center = series.mean;
  const sigma = sigmaWithin(series);
  const base = {
    n: series.n,
    center_line: center,
    sigma_within: sigma,
    mr_bar: series.mrBar,
    rules,
    rule_set: ruleSet.preset,
    run_length: ruleSet.run_length,
    moving_range: movingRangeChart(series),
    subgroups:
      options.subgroupSize === undefined
        ? null
        : subgroupCharts(series.values, options.subgroupSize, ruleSet),
  };
  if (center === null || sigma === null) return { ...base, ucl: null, lcl: null, ...NO_VIOLATIONS };
  const ucl = center + 3 * sigma;
  const lcl = center - 3 * sigma;
  // With σ = 0 every rule is meaningless (rule 7 would flag a constant series): none is evaluated.
  if (sigma === 0) return { ...base, ucl, lcl, ...NO_VIOLATIONS };
  return { ...base, ucl, lcl, ...ruleViolations(series.values, { center, sigma, ucl, lcl }, ruleSet) };
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
