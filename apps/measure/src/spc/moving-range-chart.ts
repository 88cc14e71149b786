/**
 * Moving-range (MR) chart drawn under the individuals chart (Minitab's I-MR, qcc's R chart of the
 * consecutive pairs): MRᵢ = |xᵢ − xᵢ₋₁| for i ≥ 1, centre MR̄, UCL = MR̄ + 3·d3(2)·σ and
 * LCL = max(0, MR̄ − 3·d3(2)·σ) = 0, with σ = MR̄ / d2(2) the within sigma of the I chart
 * (= 3.2672·MR̄; the rounded D4 = 3.267 is not used, as the I chart does not use 2.66).
 */
import { d2, d3 } from './constants.js';
import type { SpcSeries } from './series.js';

export interface MovingRangeChart {
  center_line: number | null;
  ucl: number | null;
  lcl: number | null;
  /**
   * Point numbers (the I chart's 0-based x) whose moving range lies strictly above the UCL; the moving
   * range of point i spans points i − 1 and i, so point 0 has none.
   */
  out_of_control_indices: number[];
}

export function movingRangeChart(series: SpcSeries): MovingRangeChart {
  const mrBar = series.mrBar;
  if (mrBar === null) return { center_line: null, ucl: null, lcl: null, out_of_control_indices: [] };
  const sigma = mrBar / d2(2);
  const ucl = mrBar + 3 * d3(2) * sigma;
  const lcl = Math.max(0, mrBar - 3 * d3(2) * sigma);
  const values = series.values;
  const flagged: number[] = [];
  for (let i = 1; i < values.length; i++) {
    if (Math.abs((values[i] as number) - (values[i - 1] as number)) > ucl) flagged.push(i);
  }
  return { center_line: mrBar, ucl, lcl, out_of_control_indices: flagged };
}
