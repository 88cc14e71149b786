/**
 * Wire schemas of the statistics responses and their SPC query parameters, one definition each
 * (validation, serialisation and OpenAPI derive from them). They describe exactly what ../spc
 * returns; statistics.schema.test.ts checks real results against them.
 */
import { type Static, Type } from '@sinclair/typebox';
import { HISTOGRAM_BINS, SUBGROUP_SIZE } from '../spc/index.js';

const NullableNumber = Type.Union([Type.Number(), Type.Null()]);

const Ppm = Type.Union([
  Type.Object({ below_lsl: Type.Number(), above_usl: Type.Number(), total: Type.Number() }),
  Type.Null(),
]);
const Interval = Type.Union([Type.Object({ lower: Type.Number(), upper: Type.Number() }), Type.Null()], {
  description: '95 % confidence interval: chi-square for Cp and Pp, Bissell for Cpk and Ppk; null when n < 2',
});

export const SummarySchema = Type.Object(
  {
    total: Type.Integer({ minimum: 0 }),
    pass_count: Type.Integer({ minimum: 0 }),
    warning_count: Type.Integer({ minimum: 0 }),
    fail_count: Type.Integer({ minimum: 0 }),
    pass_percentage: Type.Number({
      description: '100 · pass_count / total, 2 decimals, halves up; 0 when total = 0',
    }),
    warning_percentage: Type.Number(),
    fail_percentage: Type.Number(),
  },
  { $id: 'Summary' },
);

export const CapabilitySchema = Type.Object(
  {
    n: Type.Integer({ minimum: 0 }),
    mean: NullableNumber,
    stdev: Type.Union([Type.Number(), Type.Null()], {
      description: 'overall sample standard deviation (n − 1)',
    }),
    cp: NullableNumber,
    cpk: NullableNumber,
    pp: NullableNumber,
    ppk: NullableNumber,
    sigma_within: Type.Union([Type.Number(), Type.Null()], { description: 'MR̄ / 1.128' }),
    mr_bar: NullableNumber,
    cpu: NullableNumber,
    cpl: NullableNumber,
    ppu: NullableNumber,
    ppl: NullableNumber,
    usl: NullableNumber,
    lsl: NullableNumber,
    target: Type.Number(),
    cpm: NullableNumber,
    ppm_within: Ppm,
    ppm_overall: Ppm,
    ppm_observed: Ppm,
    cp_ci95: Interval,
    cpk_ci95: Interval,
    pp_ci95: Interval,
    ppk_ci95: Interval,
    warnings: Type.Array(Type.String()),
  },
  { $id: 'Capability' },
);

export const ControlChartPointSchema = Type.Object({
  x: Type.Integer({ minimum: 0 }),
  y: Type.Number(),
  timestamp: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

/** A Nelson rule number; an enum, not a range, so the generated client types know the eight values. */
const RuleNumberSchema = Type.Union([
  Type.Literal(1),
  Type.Literal(2),
  Type.Literal(3),
  Type.Literal(4),
  Type.Literal(5),
  Type.Literal(6),
  Type.Literal(7),
  Type.Literal(8),
]);
const Indices = (description: string) => Type.Array(Type.Integer({ minimum: 0 }), { description });
const RuleViolations = Type.Record(
  Type.String({ pattern: '^[1-8]$' }),
  Type.Array(Type.Integer({ minimum: 0 })),
  { description: 'per enabled rule (Nelson numbering), the indices it flags' },
);
const PointViolations = Type.Array(
  Type.Object({ index: Type.Integer({ minimum: 0 }), rules: Type.Array(RuleNumberSchema) }),
  { description: 'each flagged point once, with every rule it violates (what the chart labels)' },
);
const LimitsFields = { center_line: Type.Number(), ucl: Type.Number(), lcl: Type.Number() };

const MovingRangeSchema = Type.Object(
  {
    center_line: Type.Union([Type.Number(), Type.Null()], { description: 'MR̄' }),
    ucl: Type.Union([Type.Number(), Type.Null()], { description: 'MR̄ + 3·d3(2)·MR̄/1.128 (3.2673·MR̄)' }),
    lcl: Type.Union([Type.Number(), Type.Null()], { description: '0' }),
    out_of_control_indices: Indices('points whose moving range |xᵢ − xᵢ₋₁| lies above the UCL'),
  },
  { description: 'Moving-range chart under the I chart (span 2); null limits for n < 2' },
);

const XbarSchema = Type.Object({
  ...LimitsFields,
  sigma: Type.Number({ description: 'σ of the values: R̄/d2(n) or S̄/c4(n)' }),
  out_of_control_indices: Indices('subgroups flagged by the rule set'),
  rule_violations: RuleViolations,
  violations: PointViolations,
});
const SpreadSchema = Type.Object({
  ...LimitsFields,
  out_of_control_indices: Indices('subgroups beyond the limits'),
});

const SubgroupsSchema = Type.Union(
  [
    Type.Object({
      subgroup_size: Type.Integer({ minimum: 2, maximum: 25 }),
      count: Type.Integer({ minimum: 2, description: 'complete subgroups of consecutive values' }),
      unused: Type.Integer({
        minimum: 0,
        description: 'values after the last complete subgroup, not charted',
      }),
      means: Type.Array(Type.Number()),
      ranges: Type.Array(Type.Number()),
      stdevs: Type.Array(Type.Number()),
      xbar_r: XbarSchema,
      r: SpreadSchema,
      xbar_s: XbarSchema,
      s: SpreadSchema,
    }),
    Type.Null(),
  ],
  {
    description:
      'X̄-R and X̄-S charts when subgroup_size is given and there are two complete subgroups (else null)',
  },
);

const ExcludedPointSchema = Type.Object({
  measurement_id: Type.Integer(),
  value: Type.Number(),
  measured_at: Type.String({ format: 'date-time' }),
  reason: Type.String(),
  note: Type.String(),
  position: Type.Integer({
    minimum: 0,
    description:
      'The index it would have in `points` were it counted: drawn between points[position − 1] and points[position]',
  }),
});

const ChartCommentSchema = Type.Object({
  measurement_id: Type.Integer(),
  position: Type.Integer({
    minimum: 0,
    description: 'the point’s index in `points`, or for an excluded point its `position` in `excluded`',
  }),
  text: Type.String(),
  author: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
});

const VersionSegmentSchema = Type.Object({
  subtask_id: Type.Integer(),
  version_id: Type.Integer(),
  version_number: Type.Integer(),
  start: Type.Integer({ minimum: 0, description: 'index in `points` of the version’s first point' }),
  end: Type.Integer({ minimum: 0, description: 'index after its last point (start = end: none selected)' }),
  nominal: Type.Number(),
  ltl: Type.Number(),
  lwl: Type.Number(),
  uwl: Type.Number(),
  utl: Type.Number(),
});

export const ControlChartSchema = Type.Object(
  {
    n: Type.Integer({ minimum: 0 }),
    points: Type.Array(ControlChartPointSchema),
    center_line: NullableNumber,
    ucl: NullableNumber,
    lcl: NullableNumber,
    sigma_within: NullableNumber,
    mr_bar: NullableNumber,
    rules: Type.Array(RuleNumberSchema),
    rule_set: Type.Union([Type.Literal('nelson'), Type.Literal('western_electric'), Type.Literal('custom')]),
    run_length: Type.Union([Type.Literal(8), Type.Literal(9)], {
      description: "rule 2's run: 9 points (Nelson), 8 (Western Electric)",
    }),
    out_of_control_indices: Type.Array(Type.Integer({ minimum: 0 })),
    rule_violations: RuleViolations,
    violations: PointViolations,
    moving_range: MovingRangeSchema,
    subgroups: SubgroupsSchema,
    versions: Type.Array(VersionSegmentSchema, {
      description:
        'Where each recipe version’s points lie in `points`, with that version’s limits: one entry, or with ' +
        '`across_versions` every version of the characteristic, oldest first (mark the boundaries and limit changes)',
    }),
    excluded: Type.Array(ExcludedPointSchema, {
      description:
        'Points of the selection excluded from the statistics (POST /api/measurements/{id}/exclusion), in time ' +
        'order: shown on the chart, but not in `points`, the limits or the rules',
    }),
    comments: Type.Array(ChartCommentSchema, {
      description:
        'Comments on the selection’s points (POST /api/measurements/{id}/comments), in SPC order of their points',
    }),
  },
  { $id: 'ControlChart' },
);

export const HistogramSchema = Type.Object(
  {
    n: Type.Integer({ minimum: 0 }),
    bins: Type.Array(Type.Number(), { description: 'the n_bins + 1 bin edges' }),
    frequencies: Type.Array(Type.Integer({ minimum: 0 })),
    normal_curve_y: Type.Array(Type.Number(), { description: 'expected count per bin, overall sigma' }),
    normal_curve_within_y: Type.Array(Type.Number(), { description: 'expected count per bin, within sigma' }),
  },
  { $id: 'Histogram' },
);

/** `n_bins` of /statistics/histogram. */
export const NBinsQuery = Type.Integer({
  minimum: HISTOGRAM_BINS.min,
  maximum: HISTOGRAM_BINS.max,
  default: HISTOGRAM_BINS.default,
});

/** `rules` of /statistics/control-chart: "1,2,5,6", "all" or a preset; parse with spc's parseRuleSet. */
export const RulesQuery = Type.String({
  pattern:
    '^\\s*(?:[aA][lL][lL]|[nN][eE][lL][sS][oO][nN]|[wW][eE][sS][tT][eE][rR][nN]_[eE][lL][eE][cC][tT][rR][iI][cC]|[1-8](?:\\s*,\\s*[1-8])*)\\s*$',
  maxLength: 64,
  default: '1',
  description:
    'Rules to apply: comma-separated Nelson rule numbers 1–8, "all" or "nelson" (all eight), or ' +
    '"western_electric" (rules 1, 5, 6 and rule 2 with 8 points)',
});

/** `subgroup_size` of /statistics/control-chart: consecutive values per subgroup for X̄-R and X̄-S. */
export const SubgroupSizeQuery = Type.Integer({
  minimum: SUBGROUP_SIZE.min,
  maximum: SUBGROUP_SIZE.max,
  description: 'values per subgroup (consecutive in time order) for the X̄-R and X̄-S charts',
});

export type SummaryResponse = Static<typeof SummarySchema>;
export type CapabilityResponse = Static<typeof CapabilitySchema>;
export type ControlChartResponse = Static<typeof ControlChartSchema>;
export type HistogramResponse = Static<typeof HistogramSchema>;
