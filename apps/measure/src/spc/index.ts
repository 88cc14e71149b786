/**
 * Statistical process control for individual measurements: pure functions and one accumulator,
 * no I/O, no clock. Conventions: the shared spc.md beside GUIDE.md (Minitab / qcc for individuals);
 * formulas in words: docs/statistics.md.
 */
export {
  type Capability,
  type ConfidenceInterval,
  capability,
  D2_SPAN_2,
  type PpmEstimate,
  sigmaWithin,
} from './capability.js';
export { CAPABLE_INDEX, type CapabilityLight, capabilityLight, MINIMUM_INDEX } from './capability-light.js';
export {
  classify,
  decimalsOf,
  deviation,
  limitsAreOrdered,
  type SubtaskLimits,
  type Verdict,
} from './classification.js';
export { c4, d2, d3, SUBGROUP_SIZE } from './constants.js';
export {
  type ControlChart,
  type ControlChartOptions,
  type ControlChartPoint,
  controlChart,
  controlChartPoints,
} from './control-chart.js';
export { controlChartJsonChunks } from './control-chart-json.js';
export {
  type ComponentName,
  type GageRrResult,
  type GageVerdict,
  gageRr,
  gageVerdict,
  NDC_FACTOR,
  STUDY_VARIATION_MULTIPLIER,
  type VarianceComponent,
} from './gage-rr.js';
export {
  type AnovaRow,
  type AnovaTable,
  type CrossedValues,
  type GageAnova,
  GageStudyShapeError,
  gageAnova,
  INTERACTION_POOLING_P,
  studyShape,
} from './gage-rr-anova.js';
export { HISTOGRAM_BINS, type Histogram, histogram } from './histogram.js';
export { type MovingRangeChart, movingRangeChart } from './moving-range-chart.js';
export {
  ALL_RULES,
  DEFAULT_RULES,
  NELSON,
  type PointViolation,
  parseRuleSet,
  parseRules,
  type RuleNumber,
  type RuleSet,
  ruleViolations,
  type Violations,
  WESTERN_ELECTRIC,
} from './nelson-rules.js';
export { normalCdf, normalPdf } from './normal.js';
export { SpcSeries, seriesOf, toEpochMs } from './series.js';
export { type SubgroupCharts, subgroupCharts } from './subgroup-charts.js';
export { percentage, type Summary, SummaryAccumulator, summarize } from './summary.js';
