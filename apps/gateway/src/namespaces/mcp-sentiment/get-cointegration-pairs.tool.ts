import { Type } from '@sinclair/typebox';
import { screenPairs } from '../../domain/cointegration/pairs.js';
import { alignedDailyCloses, MIN_COMMON_DAYS } from './daily-closes.js';
import { AssetListSchema } from './get-cross-exchange-funding.tool.js';
import { FailedSourceSchema, nullable } from './sentiment.schema.js';
import { sentimentTool } from './sentiment-tool.js';

const DEFAULT_UNIVERSE = ['BTC', 'ETH', 'SOL', 'BNB', 'XRP', 'DOGE', 'ADA', 'AVAX', 'LINK', 'LTC'] as const;

export const GetCointegrationPairsInputSchema = Type.Object(
  {
    assets: Type.Optional(AssetListSchema),
    lookback_days: Type.Optional(
      Type.Integer({
        minimum: MIN_COMMON_DAYS,
        maximum: 365,
        default: 180,
        description: 'Daily closes per asset',
      }),
    ),
    p_threshold: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        maximum: 1,
        default: 0.05,
        description: 'Pairs with p ≤ this are listed',
      }),
    ),
    min_abs_corr: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 1,
        default: 0.5,
        description: 'Skip pairs whose return correlation is lower',
      }),
    ),
  },
  {
    additionalProperties: false,
    examples: [{ assets: ['BTC', 'ETH', 'SOL'], lookback_days: 120, p_threshold: 1 }],
  },
);

const PairSchema = Type.Object({
  y: Type.String(),
  x: Type.String(),
  beta: Type.Number({ description: 'Hedge ratio on log prices: 1 USD long y ≈ beta USD short x' }),
  alpha: Type.Number(),
  tau: Type.Number({ description: 'ADF statistic of the residual spread (no constant, lags by AIC)' }),
  p_value: Type.Number({ description: 'MacKinnon (1994) asymptotic p-value' }),
  cv: Type.Object(
    { '1pct': Type.Number(), '5pct': Type.Number(), '10pct': Type.Number() },
    { description: 'MacKinnon (2010) critical values at T = n_obs − 1' },
  ),
  cointegrated_5pct: Type.Boolean(),
  adf_lags: Type.Integer(),
  half_life_days: nullable(Type.Number()),
  z: nullable(Type.Number({ description: 'Current spread in standard deviations over the lookback' })),
  z_recent: nullable(Type.Number({ description: 'Over the last 30 days' })),
  corr_returns: nullable(Type.Number()),
  n_obs: Type.Integer(),
  signal: Type.Union([
    Type.Literal('short_spread'),
    Type.Literal('long_spread'),
    Type.Literal('exit_zone'),
    Type.Literal('none'),
  ]),
});

export const GetCointegrationPairsOutputSchema = Type.Object(
  {
    lookback_days: Type.Integer(),
    first_date: Type.String({ format: 'date' }),
    last_date: Type.String({ format: 'date' }),
    pairs: Type.Array(PairSchema, { description: 'p_value ≤ p_threshold, smallest first' }),
    tested_pairs: Type.Integer(),
    skipped_pairs: Type.Integer({ description: 'Below min_abs_corr, or degenerate' }),
    data_source: Type.Literal('spot_daily_klines', {
      description: 'Binance spot, else Bybit spot per asset',
    }),
    failed_sources: Type.Array(FailedSourceSchema),
  },
  {
    examples: [
      {
        lookback_days: 180,
        first_date: '2025-05-23',
        last_date: '2025-11-18',
        pairs: [
          {
            y: 'ETH',
            x: 'BTC',
            beta: 1.184,
            alpha: -1.902,
            tau: -3.62,
            p_value: 0.0231,
            cv: { '1pct': -3.95798, '5pct': -3.37029, '10pct': -3.0681 },
            cointegrated_5pct: true,
            adf_lags: 1,
            half_life_days: 9.4,
            z: 2.21,
            z_recent: 1.87,
            corr_returns: 0.83,
            n_obs: 181,
            signal: 'short_spread',
          },
        ],
        tested_pairs: 45,
        skipped_pairs: 0,
        data_source: 'spot_daily_klines',
        failed_sources: [],
      },
    ],
  },
);

export const getCointegrationPairs = sentimentTool({
  name: 'get_cointegration_pairs',
  title: 'Cointegrated pairs',
  summary:
    'Engle–Granger screening of every asset pair over daily closes: hedge ratio, ADF τ, p-value, half-life, z',
  description:
    'Daily closes from Binance spot klines (Bybit spot when Binance fails), aligned by UTC date. Per pair both orderings are tested and the more ' +
    'negative τ reported; critical values MacKinnon (2010), p-values MacKinnon (1994). Expect false positives at 5 % ' +
    'over many pairs: use p_threshold 0.01 for universes above 20 assets.',
  kind: 'read',
  input: GetCointegrationPairsInputSchema,
  output: GetCointegrationPairsOutputSchema,
  handler: async (input, context) => {
    const lookback = input.lookback_days ?? 180;
    const threshold = input.p_threshold ?? 0.05;
    const closes = await alignedDailyCloses(input.assets ?? [...DEFAULT_UNIVERSE], lookback, context);
    const { pairs, skipped } = screenPairs(closes.series, input.min_abs_corr ?? 0.5);
    const n = closes.series.length;
    return {
      data: {
        lookback_days: lookback,
        first_date: closes.dates[0]!,
        last_date: closes.dates[closes.dates.length - 1]!,
        pairs: pairs.filter((pair) => pair.p_value <= threshold).sort((a, b) => a.p_value - b.p_value),
        tested_pairs: (n * (n - 1)) / 2 - skipped,
        skipped_pairs: skipped,
        data_source: 'spot_daily_klines' as const,
        failed_sources: closes.failed,
      },
      obtainedAt: closes.receivedAt,
      stale: closes.stale,
    };
  },
});
