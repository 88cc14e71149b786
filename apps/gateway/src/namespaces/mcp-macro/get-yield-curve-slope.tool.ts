import { AppError } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { curveSlopes } from '../../domain/yield-curve.js';
import { CurveDateInput, CurveSourceSchema } from './curve.schema.js';
import { curveAsOfMs, curvesFor } from './curve-request.js';
import { FredCheckSchema, fredSlopeCheck } from './fred-cross-check.js';
import { macroTool } from './macro-tool.js';
import { FailedDataSourceSchema } from './sources.js';

/** About a year of business days: the inversion streak is counted within it. */
const LOOKBACK_CURVES = 260;

export const GetYieldCurveSlopeInputSchema = Type.Object(
  { date: Type.Optional(CurveDateInput) },
  { additionalProperties: false, examples: [{}, { date: '2025-06-13' }] },
);

const SlopeSchema = Type.Object({
  bp: Type.Number({ description: '10Y minus the short tenor, basis points' }),
  inverted: Type.Boolean(),
  inversion_streak_days: Type.Integer({
    description: 'Consecutive latest business days below zero, within the last 260',
  }),
  change_1w_bp: Type.Union([Type.Number(), Type.Null()], { description: 'Versus 5 business days earlier' }),
  change_1m_bp: Type.Union([Type.Number(), Type.Null()], { description: 'Versus 21 business days earlier' }),
});

export const GetYieldCurveSlopeOutputSchema = Type.Object(
  {
    source: CurveSourceSchema,
    failed_sources: Type.Array(FailedDataSourceSchema),
    date: Type.String({ format: 'date', description: 'The newest curve with 3M, 2Y and 10Y all present' }),
    as_of: Type.String({ format: 'date-time', description: '15:30 New York time of that day (UTC)' }),
    used_previous_complete_curve: Type.Boolean({
      description: 'True when a newer curve lacked 3M, 2Y or 10Y and this older one was used',
    }),
    slope_10y_2y: SlopeSchema,
    slope_10y_3m: SlopeSchema,
    slope_30y_5y_bp: Type.Union([Type.Number(), Type.Null()]),
    fred_check: FredCheckSchema,
    shape: Type.Union(
      ['inverted', 'flat', 'steep', 'partially_inverted', 'normal'].map((shape) => Type.Literal(shape)),
      {
        description:
          'inverted: 2s10s and 3m10y below zero; flat: |2s10s| ≤ 25 bp; steep: 2s10s ≥ 100 bp; ' +
          'partially_inverted: one of them below zero; else normal',
      },
    ),
    trend: Type.Union(
      [Type.Literal('steepening'), Type.Literal('flattening'), Type.Literal('stable'), Type.Null()],
      {
        description: "From 2s10s's 1-month change: ±5 bp or more, else stable",
      },
    ),
  },
  {
    examples: [
      {
        source: 'us_treasury_xml',
        failed_sources: [],
        date: '2025-06-13',
        as_of: '2025-06-13T19:30:00.000Z',
        used_previous_complete_curve: false,
        slope_10y_2y: { bp: 45, inverted: false, inversion_streak_days: 0, change_1w_bp: 3, change_1m_bp: 8 },
        slope_10y_3m: { bp: -1, inverted: true, inversion_streak_days: 2, change_1w_bp: -4, change_1m_bp: 6 },
        slope_30y_5y_bp: 89,
        fred_check: { t10y2y_bp: 45, difference_bp: 0, consistent: true },
        shape: 'partially_inverted',
        trend: 'steepening',
      },
    ],
  },
);

export const getYieldCurveSlope = macroTool({
  name: 'get_yield_curve_slope',
  title: 'Yield curve slope',
  summary: 'US Treasury curve slopes 2s10s and 3m10y (bp), inversion, streak, shape and 1-month trend',
  description:
    'Derived from the Treasury daily par yield curve XML feed: slope = (10Y − short tenor) × 100. When the feed ' +
    'fails, from FRED’s DGS* series (source fred_dgs, Treasury in failed_sources).',
  kind: 'read',
  input: GetYieldCurveSlopeInputSchema,
  output: GetYieldCurveSlopeOutputSchema,
  handler: async (input, context) => {
    const fetched = await curvesFor(input.date, LOOKBACK_CURVES, context);
    const slopes = curveSlopes(fetched.data);
    if (!slopes)
      throw new AppError(502, 'UPSTREAM_NO_DATA', `${fetched.source}: no curve with 3M, 2Y and 10Y`, {
        retryable: true,
        details: {
          upstream: fetched.source === 'fred_dgs' ? 'fred' : 'treasury',
          failed_sources: fetched.failed,
        },
      });
    const asOfMs = curveAsOfMs(slopes.date);
    // The cross-check only means something against Treasury's own curve, not FRED's republication of it.
    const { check, failed } =
      fetched.source === 'us_treasury_xml'
        ? await fredSlopeCheck(slopes.date, slopes.slope_10y_2y.bp, context)
        : { check: null, failed: [] };
    return {
      data: {
        source: fetched.source,
        failed_sources: [...fetched.failed, ...failed],
        fred_check: check,
        as_of: new Date(asOfMs).toISOString(),
        ...slopes,
      },
      obtainedAt: asOfMs,
      stale: fetched.stale,
    };
  },
});
