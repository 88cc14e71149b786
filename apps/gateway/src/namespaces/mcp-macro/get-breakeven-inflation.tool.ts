import { type Static, Type } from '@sinclair/typebox';
import { changeBp, type Dated, onOrBefore, percentileOfLatest } from '../../domain/observations.js';
import type { FredSeries } from '../../providers/fred/fred-client.js';
import { FRED_SERIES, type FredSeriesKey } from '../../providers/fred/fred-series.js';
import { fredReads } from './fred-reads.js';
import { macroTool } from './macro-tool.js';
import {
  dayStartMs,
  FailedDataSourceSchema,
  gather,
  NullableNumber,
  noSourceLeft,
  round,
} from './sources.js';

export const GetBreakevenInflationInputSchema = Type.Object(
  {
    include_real_yield: Type.Optional(
      Type.Boolean({
        default: true,
        description: 'Also the 5y5y forward (T5YIFR), the 10y TIPS yield (DFII10) and DGS10',
      }),
    ),
  },
  { additionalProperties: false, examples: [{}, { include_real_yield: false }] },
);

const SeriesSchema = Type.Object({
  series_id: Type.String(),
  value: Type.Number({ description: 'Percent' }),
  date: Type.String({ format: 'date' }),
  as_of: Type.String({ format: 'date-time', description: 'The observation date at 00:00 UTC' }),
  change_1w_bp: NullableNumber('Versus the value on or before 7 days earlier, bp'),
  change_1m_bp: NullableNumber('Versus 30 days earlier, bp'),
  change_3m_bp: NullableNumber('Versus 91 days earlier, bp'),
  percentile_1y: NullableNumber('Share (0–100) of the last year’s observations at or below the latest'),
});
const MaybeSeries = Type.Union([SeriesSchema, Type.Null()]);

export const GetBreakevenInflationOutputSchema = Type.Object(
  {
    source: Type.Literal('fred'),
    fred_route: Type.Union([Type.Literal('api'), Type.Literal('csv')]),
    breakeven_10y: MaybeSeries,
    breakeven_5y: MaybeSeries,
    forward_5y5y: MaybeSeries,
    real_10y: MaybeSeries,
    aligned_date: Type.Union([Type.String({ format: 'date' }), Type.Null()], {
      description: 'Latest date both breakevens have; the spread and implied real rate are taken there',
    }),
    term_spread_bp: NullableNumber('(T10YIE − T5YIE) × 100 on aligned_date'),
    implied_real_10y: NullableNumber('DGS10 − T10YIE on aligned_date (when DGS10 was read)'),
    failed_sources: Type.Array(FailedDataSourceSchema),
  },
  {
    examples: [
      {
        source: 'fred',
        fred_route: 'api',
        breakeven_10y: {
          series_id: 'T10YIE',
          value: 2.33,
          date: '2025-06-13',
          as_of: '2025-06-13T00:00:00.000Z',
          change_1w_bp: 2,
          change_1m_bp: -5,
          change_3m_bp: -10,
          percentile_1y: 42.5,
        },
        breakeven_5y: null,
        forward_5y5y: null,
        real_10y: null,
        aligned_date: null,
        term_spread_bp: null,
        implied_real_10y: null,
        failed_sources: [{ source: 'fred', error: 'T5YIE: UPSTREAM_UNAVAILABLE: fred answered HTTP 503' }],
      },
    ],
  },
);

function seriesOf(id: string, rows: readonly Dated[]): Static<typeof SeriesSchema> | null {
  const latest = rows.at(-1);
  if (!latest) return null;
  const percentile = percentileOfLatest(rows, 365);
  return {
    series_id: id,
    value: latest.value,
    date: latest.date,
    as_of: new Date(dayStartMs(latest.date)).toISOString(),
    change_1w_bp: changeBp(rows, 7),
    change_1m_bp: changeBp(rows, 30),
    change_3m_bp: changeBp(rows, 91),
    percentile_1y: percentile === null ? null : round(percentile),
  };
}

export const getBreakevenInflation = macroTool({
  name: 'get_breakeven_inflation',
  title: 'Breakeven inflation',
  summary:
    '10-year and 5-year breakeven inflation (FRED T10YIE, T5YIE) with changes, percentile and term spread',
  description:
    'From FRED (the key-less graph CSV without a key). When the two series end on different days the spread ' +
    'is taken on the last common date (aligned_date). A series that fails is listed in failed_sources.',
  kind: 'read',
  input: GetBreakevenInflationInputSchema,
  output: GetBreakevenInflationOutputSchema,
  handler: async (input, context) => {
    const keys: FredSeriesKey[] = ['breakeven_10y', 'breakeven_5y'];
    if (input.include_real_yield !== false) keys.push('forward_5y5y', 'real_10y', 'us10y');
    const gathered = await gather<FredSeries>(fredReads(keys, context));
    const rows = (key: FredSeriesKey) => gathered.results.get(FRED_SERIES[key].id)?.data.observations ?? [];
    const read = (key: FredSeriesKey) => seriesOf(FRED_SERIES[key].id, rows(key));
    const ten = read('breakeven_10y');
    const five = read('breakeven_5y');
    if (!ten && !five) throw noSourceLeft('neither breakeven series could be read', gathered);
    const tenRows = rows('breakeven_10y');
    const fiveDates = new Set(rows('breakeven_5y').map((row) => row.date));
    const aligned = [...tenRows].reverse().find((row) => fiveDates.has(row.date))?.date ?? null;
    const at = (key: FredSeriesKey) => (aligned ? onOrBefore(rows(key), aligned) : undefined);
    const tenAt = at('breakeven_10y');
    const fiveAt = at('breakeven_5y');
    const nominal = aligned ? rows('us10y').find((row) => row.date === aligned) : undefined;
    const forward = read('forward_5y5y');
    const real = read('real_10y');
    const series = [ten, five, forward, real];
    return {
      data: {
        source: 'fred' as const,
        fred_route: context.clients.fred.via,
        breakeven_10y: ten,
        breakeven_5y: five,
        forward_5y5y: forward,
        real_10y: real,
        aligned_date: aligned,
        term_spread_bp: tenAt && fiveAt ? round((tenAt.value - fiveAt.value) * 100) : null,
        implied_real_10y: nominal && tenAt ? round(nominal.value - tenAt.value, 4) : null,
        failed_sources: gathered.failed,
      },
      obtainedAt: Math.max(...series.flatMap((s) => (s ? [Date.parse(s.as_of)] : []))),
      stale: gathered.stale,
    };
  },
});
