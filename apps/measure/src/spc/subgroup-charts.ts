/**
 * X̄-R and X̄-S charts for data taken in subgroups of a fixed size n (2–25): consecutive values in
 * time order form a subgroup; a last, incomplete subgroup is left out and counted (`unused`), so
 * every subgroup has the same n and one set of limits (docs/statistics.md, "Subgrouped data").
 *
 * Conventions of Minitab's defaults and qcc (`type = "xbar"`, `"R"`, `"S"`), phase I:
 * - X̄-R: σ = R̄ / d2(n); X̄ limits X̿ ± 3σ/√n; R chart centre R̄, limits R̄ ± 3·d3(n)·σ, LCL ≥ 0.
 * - X̄-S: σ = S̄ / c4(n); X̄ limits X̿ ± 3σ/√n; S chart centre S̄, limits S̄ ± 3·σ·√(1 − c4²), LCL ≥ 0.
 * The chosen Nelson rules are applied to the subgroup means with σ/√n as their sigma; R and S
 * charts are tested against their limits only (rule 1), as Minitab does.
 */
import { c4, d2, d3, SUBGROUP_SIZE } from './constants.js';
import { type ChartLimits, type RuleSet, ruleViolations, type Violations } from './nelson-rules.js';

export interface Limits {
  center_line: number;
  ucl: number;
  lcl: number;
}

export interface SubgroupChart extends Limits {
  /** σ of the individual values estimated by this chart's spread statistic. */
  sigma: number;
  out_of_control_indices: number[];
}

export interface SubgroupCharts {
  subgroup_size: number;
  /** Number of complete subgroups. */
  count: number;
  /** Values after the last complete subgroup, not charted. */
  unused: number;
  means: number[];
  ranges: number[];
  stdevs: number[];
  xbar_r: SubgroupChart & Violations;
  r: Limits & { out_of_control_indices: number[] };
  xbar_s: SubgroupChart & Violations;
  s: Limits & { out_of_control_indices: number[] };
}

const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

function beyond(values: readonly number[], limits: Limits): number[] {
  const flagged: number[] = [];
  values.forEach((v, i) => {
    if (v > limits.ucl || v < limits.lcl) flagged.push(i);
  });
  return flagged;
}

function xbarChart(means: number[], grand: number, sigma: number, n: number, ruleSet: RuleSet) {
  const sigmaMean = sigma / Math.sqrt(n);
  const limits: ChartLimits = {
    center: grand,
    sigma: sigmaMean,
    ucl: grand + 3 * sigmaMean,
    lcl: grand - 3 * sigmaMean,
  };
  // σ = 0 (every subgroup mean equal): no rule is evaluated, as on the I chart
  const violations: Violations =
    sigmaMean > 0
      ? ruleViolations(Float64Array.from(means), limits, ruleSet)
      : { out_of_control_indices: [], rule_violations: {}, violations: [] };
  return { center_line: grand, ucl: limits.ucl, lcl: limits.lcl, sigma, ...violations };
}

/** Null when fewer than two complete subgroups: no spread between subgroups to chart. */
export function subgroupCharts(
  values: ArrayLike<number>,
  size: number,
  ruleSet: RuleSet,
): SubgroupCharts | null {
  if (!Number.isInteger(size) || size < SUBGROUP_SIZE.min || size > SUBGROUP_SIZE.max) {
    throw new RangeError(`subgroup size must be an integer from 2 to 25, got ${size}`);
  }
  const count = Math.floor(values.length / size);
  if (count < 2) return null;
  const means: number[] = [];
  const ranges: number[] = [];
  const stdevs: number[] = [];
  for (let g = 0; g < count; g++) {
    const group = Array.from({ length: size }, (_, k) => values[g * size + k] as number);
    const m = mean(group);
    means.push(m);
    ranges.push(Math.max(...group) - Math.min(...group));
    // two-pass sample standard deviation (divisor n − 1), stable for data like 74.001 ± 0.01
    stdevs.push(Math.sqrt(group.reduce((sum, v) => sum + (v - m) ** 2, 0) / (size - 1)));
  }
  const grand = mean(means);
  const rBar = mean(ranges);
  const sBar = mean(stdevs);
  const sigmaR = rBar / d2(size);
  const sigmaS = sBar / c4(size);
  const rLimits = {
    center_line: rBar,
    ucl: rBar + 3 * d3(size) * sigmaR,
    lcl: Math.max(0, rBar - 3 * d3(size) * sigmaR),
  };
  const sSpread = 3 * sigmaS * Math.sqrt(1 - c4(size) ** 2);
  const sLimits = { center_line: sBar, ucl: sBar + sSpread, lcl: Math.max(0, sBar - sSpread) };
  return {
    subgroup_size: size,
    count,
    unused: values.length - count * size,
    means,
    ranges,
    stdevs,
    xbar_r: xbarChart(means, grand, sigmaR, size, ruleSet),
    r: { ...rLimits, out_of_control_indices: beyond(ranges, rLimits) },
    xbar_s: xbarChart(means, grand, sigmaS, size, ruleSet),
    s: { ...sLimits, out_of_control_indices: beyond(stdevs, sLimits) },
  };
}
