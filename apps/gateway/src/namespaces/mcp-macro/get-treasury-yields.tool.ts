import { Type } from '@sinclair/typebox';
import { tenorChangesBp, WEEK_BACK } from '../../domain/yield-curve.js';
import {
  CurveChangeSchema,
  CurveDateInput,
  CurveSchema,
  CurveSourceSchema,
  DatedCurveSchema,
} from './curve.schema.js';
import { curveAsOfMs, curvesFor, fullCurve } from './curve-request.js';
import { macroTool } from './macro-tool.js';
import { FailedDataSourceSchema } from './sources.js';

export const GetTreasuryYieldsInputSchema = Type.Object(
  {
    date: Type.Optional(CurveDateInput),
    history_days: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 260,
        default: 0,
        description: 'Also return the last N curves (business days, the latest included), oldest first',
      }),
    ),
  },
  { additionalProperties: false, examples: [{}, { date: '2025-06-13', history_days: 5 }] },
);

const EXAMPLE_CURVE = {
  '1M': 4.25,
  '1.5M': null,
  '2M': 4.33,
  '3M': 4.42,
  '4M': 4.4,
  '6M': 4.32,
  '1Y': 4.08,
  '2Y': 3.96,
  '3Y': 3.95,
  '5Y': 4.01,
  '7Y': 4.19,
  '10Y': 4.41,
  '20Y': 4.9,
  '30Y': null,
};

export const GetTreasuryYieldsOutputSchema = Type.Object(
  {
    source: CurveSourceSchema,
    failed_sources: Type.Array(FailedDataSourceSchema),
    date: Type.String({ format: 'date', description: 'Business day of the latest curve' }),
    as_of: Type.String({ format: 'date-time', description: '15:30 New York time of that day (UTC)' }),
    curve: CurveSchema,
    change_1d_bp: CurveChangeSchema,
    change_1w_bp: CurveChangeSchema,
    history: Type.Array(DatedCurveSchema, { description: 'The last history_days curves, oldest first' }),
  },
  {
    examples: [
      {
        source: 'us_treasury_xml',
        failed_sources: [],
        date: '2025-06-13',
        as_of: '2025-06-13T19:30:00.000Z',
        curve: EXAMPLE_CURVE,
        change_1d_bp: { ...EXAMPLE_CURVE, '1M': -1, '2Y': 1, '10Y': 5 },
        change_1w_bp: { ...EXAMPLE_CURVE, '1M': 2, '2Y': -4, '10Y': -9 },
        history: [],
      },
    ],
  },
);

export const getTreasuryYields = macroTool({
  name: 'get_treasury_yields',
  title: 'Treasury par yield curve',
  summary: 'US Treasury daily par yield curve (1M–30Y, percent) with 1-day and 1-week changes in bp',
  description:
    'From the Treasury daily par yield curve XML feed. A tenor the feed left empty is null, never zero. ' +
    'Weekends and holidays have no curve: the latest is the last business day posted (late New York afternoon). ' +
    'When the feed fails the curve comes from FRED’s DGS* series (source fred_dgs, Treasury in failed_sources).',
  kind: 'read',
  input: GetTreasuryYieldsInputSchema,
  output: GetTreasuryYieldsOutputSchema,
  handler: async (input, context) => {
    const historyDays = input.history_days ?? 0;
    const fetched = await curvesFor(input.date, Math.max(historyDays, WEEK_BACK + 1), context);
    const curves = fetched.data;
    const latest = curves[curves.length - 1]!;
    const asOfMs = curveAsOfMs(latest.date);
    return {
      data: {
        source: fetched.source,
        failed_sources: fetched.failed,
        date: latest.date,
        as_of: new Date(asOfMs).toISOString(),
        curve: fullCurve(latest.yields),
        change_1d_bp: tenorChangesBp(curves, 1),
        change_1w_bp: tenorChangesBp(curves, WEEK_BACK),
        history:
          historyDays === 0
            ? []
            : curves.slice(-historyDays).map((curve) => ({
                date: curve.date,
                as_of: new Date(curveAsOfMs(curve.date)).toISOString(),
                curve: fullCurve(curve.yields),
              })),
      },
      obtainedAt: asOfMs,
      stale: fetched.stale,
    };
  },
});
