import { Type } from '@sinclair/typebox';
import { EXTREME_DEFAULTS, extremePositioning, MIN_REPORTS } from '../../domain/cot-positioning.js';
import type { CotMarket, CotReport } from '../../providers/cftc/cot-markets.js';
import type { CotRow } from '../../providers/cftc/cot-rows.js';
import { ascending, noRows, resolveMarket } from './cot-request.js';
import { macroTool } from './macro-tool.js';
import { dayStartMs, FailedDataSourceSchema, gather, NullableNumber, noSourceLeft } from './sources.js';

const DEFAULT_BASKET = ['BTC', 'ETH', 'ES', 'NQ', 'ZN', 'DX', '6E', '6J', 'GC', 'CL'];
/** The speculators of each report (notes tool 11): leveraged funds in TFF, managed money in Disaggregated. */
const SPECULATOR: Record<CotReport, string> = { tff: 'lev_money', disaggregated: 'm_money' };

export const GetCotExtremePositioningInputSchema = Type.Object(
  {
    markets: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 6 }), {
        minItems: 1,
        maxItems: 21,
        uniqueItems: true,
        description: `Aliases or contract codes, TFF and Disaggregated mixed; default ${DEFAULT_BASKET.join(', ')}`,
      }),
    ),
    metric: Type.Optional(
      Type.Union([Type.Literal('net_pct_oi'), Type.Literal('net')], {
        default: 'net_pct_oi',
        description: 'Rank net as a percentage of open interest (default) or raw net contracts',
      }),
    ),
    lookback: Type.Optional(
      Type.Integer({
        minimum: MIN_REPORTS,
        maximum: 520,
        default: 156,
        description: 'Reports in the window, the current one included',
      }),
    ),
    combined: Type.Optional(Type.Boolean({ default: false, description: 'Futures and options combined' })),
  },
  { additionalProperties: false, examples: [{ markets: ['BTC', 'GC'] }, {}] },
);

const ReadingSchema = Type.Object({
  market: Type.String(),
  code: Type.String(),
  report: Type.Union([Type.Literal('tff'), Type.Literal('disaggregated')]),
  category: Type.String({ description: 'lev_money (TFF) or m_money (Disaggregated)' }),
  report_date: Type.String({ format: 'date' }),
  as_of: Type.String({ format: 'date-time' }),
  net: Type.Number(),
  net_pct_oi: NullableNumber('net / open interest × 100'),
  percentile: NullableNumber('Mid-rank percentile of the metric in the window (null under 52 reports)'),
  cot_index: NullableNumber('100 × (x − min) / (max − min) over the window'),
  zscore: NullableNumber('(x − mean) / population stdev over the window'),
  weekly_change_pct_oi: NullableNumber('(net − previous net) / open interest × 100'),
  extreme: Type.Union([
    Type.Literal('extreme_long'),
    Type.Literal('extreme_short'),
    Type.Literal('neutral'),
    Type.Null(),
  ]),
  shock: Type.Boolean({ description: '|weekly_change_pct_oi| ≥ 5' }),
  signal: Type.String({
    description: 'crowded_long, crowded_short (+ _and_accelerating), neutral or insufficient_history',
  }),
  window_reports: Type.Integer(),
});

export const GetCotExtremePositioningOutputSchema = Type.Object(
  {
    markets: Type.Array(ReadingSchema),
    gate: Type.Object({
      percentile_band: Type.Number(),
      shock_pct_oi: Type.Number(),
      lookback_reports: Type.Integer(),
      metric: Type.String(),
    }),
    failed_sources: Type.Array(FailedDataSourceSchema),
  },
  {
    examples: [
      {
        markets: [
          {
            market: 'BTC',
            code: '133741',
            report: 'tff',
            category: 'lev_money',
            report_date: '2025-06-10',
            as_of: '2025-06-10T00:00:00.000Z',
            net: -12657,
            net_pct_oi: -52.07,
            percentile: 3.2,
            cot_index: 4.9,
            zscore: -1.94,
            weekly_change_pct_oi: -2.7,
            extreme: 'extreme_short',
            shock: false,
            signal: 'crowded_short',
            window_reports: 156,
          },
        ],
        gate: { percentile_band: 5, shock_pct_oi: 5, lookback_reports: 156, metric: 'net_pct_oi' },
        failed_sources: [],
      },
    ],
  },
);

export const getCotExtremePositioning = macroTool({
  name: 'get_cot_extreme_positioning',
  title: 'COT extreme positioning',
  summary:
    'Speculator positioning percentiles over 3 years of COT reports, gated at ±5 % (extreme long/short)',
  description:
    'Speculators: leveraged funds (TFF) or managed money (Disaggregated). The metric is ranked within the latest ' +
    '`lookback` reports (mid-rank percentile); ≥ 95 is extreme_long, ≤ 5 extreme_short. shock: a one-week swing of at ' +
    'least 5 % of open interest. A dataset that fails is listed in failed_sources.',
  kind: 'read',
  input: GetCotExtremePositioningInputSchema,
  output: GetCotExtremePositioningOutputSchema,
  handler: async (input, context) => {
    const metric = input.metric ?? 'net_pct_oi';
    const lookback = input.lookback ?? 156;
    const combined = input.combined ?? false;
    const markets: CotMarket[] = (input.markets ?? DEFAULT_BASKET).map((text) => {
      try {
        return resolveMarket(text, 'tff', 'markets');
      } catch {
        return resolveMarket(text, 'disaggregated', 'markets');
      }
    });
    const reports = (['tff', 'disaggregated'] as const).filter((report) =>
      markets.some((m) => m.report === report),
    );
    const gathered = await gather<CotRow[]>(
      reports.map((report) => ({
        source: 'cftc',
        item: report,
        run: () =>
          context.clients.cftc.reports(
            context,
            report,
            combined,
            markets.filter((m) => m.report === report).map((m) => m.code),
            lookback + 1,
            context.now(),
          ),
      })),
    );
    if (gathered.results.size === 0) throw noSourceLeft('no COT dataset could be read', gathered);
    const readings = markets.flatMap((market) => {
      const rows = gathered.results.get(market.report)?.data;
      if (!rows) return [];
      const category = SPECULATOR[market.report];
      const weeks = ascending(rows, market.code).flatMap((row) => {
        const c = row.categories[category]!;
        return c.long !== null && c.short !== null && row.openInterest !== null
          ? [{ reportDate: row.reportDate, net: c.long - c.short, openInterest: row.openInterest }]
          : [];
      });
      const reading = extremePositioning(weeks, { ...EXTREME_DEFAULTS, metric, lookback });
      if (!reading) throw noRows(market, 'markets');
      const { reason: _, ...shown } = reading;
      return [
        {
          market: market.alias,
          code: market.code,
          report: market.report,
          category,
          as_of: new Date(dayStartMs(reading.report_date)).toISOString(),
          ...shown,
        },
      ];
    });
    return {
      data: {
        markets: readings,
        gate: {
          percentile_band: EXTREME_DEFAULTS.band,
          shock_pct_oi: EXTREME_DEFAULTS.shockPct,
          lookback_reports: lookback,
          metric,
        },
        failed_sources: gathered.failed,
      },
      obtainedAt: Math.max(...readings.map((reading) => Date.parse(reading.as_of))),
      stale: gathered.stale,
    };
  },
});
