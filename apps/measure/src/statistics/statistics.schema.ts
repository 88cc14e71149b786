/**
 * Wire schemas of the statistics responses and their SPC query parameters, one definition each
 * (validation, serialisation and OpenAPI derive from them). They describe exactly what ../spc
 * returns; statistics.schema.test.ts checks real results against them.
 */
import { type Static, Type } from '@sinclair/typebox';
import { HISTOGRAM_BINS } from '../spc/index.js';

const NullableNumber = Type.Union([Type.Number(), Type.Null()]);

const Ppm = Type.Union([
  Type.Object({ below_lsl: Type.Number(), above_usl: Type.Number(), total: Type.Number() }),
  Type.Null(),
]);
const Interval = Type.Union([Type.Object({ lower: Type.Number(), upper: Type.Number() }), Type.Null()]);

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
    cpk_ci95: Interval,
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

const RuleNumberSchema = Type.Integer({ minimum: 1, maximum: 8 });

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
    out_of_control_indices: Type.Array(Type.Integer({ minimum: 0 })),
    rule_violations: Type.Record(
      Type.String({ pattern: '^[1-8]$' }),
      Type.Array(Type.Integer({ minimum: 0 })),
    ),
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

/** `rules` of /statistics/control-chart: "1,2,5,6" or "all"; parse with spc's parseRules. */
export const RulesQuery = Type.String({
  pattern: '^\\s*(?:[aA][lL][lL]|[1-8](?:\\s*,\\s*[1-8])*)\\s*$',
  maxLength: 64,
  default: '1',
  description: 'Nelson rules to apply: comma-separated 1–8, or "all"',
});

export type SummaryResponse = Static<typeof SummarySchema>;
export type CapabilityResponse = Static<typeof CapabilitySchema>;
export type ControlChartResponse = Static<typeof ControlChartSchema>;
export type HistogramResponse = Static<typeof HistogramSchema>;
