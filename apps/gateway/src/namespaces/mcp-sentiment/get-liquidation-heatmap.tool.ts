import { AppError } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { liquidationHeatmap } from '../../domain/liquidation/heatmap.js';
import { heatmapInputs } from './heatmap-inputs.js';
import { AssetSchema, FailedSourceSchema, nullable } from './sentiment.schema.js';
import { sentimentTool } from './sentiment-tool.js';

const DEFAULT_WEIGHTS = { '5': 0.1, '10': 0.25, '25': 0.3, '50': 0.2, '100': 0.15 };
const MIN_BARS = 24;

export const GetLiquidationHeatmapInputSchema = Type.Object(
  {
    asset: Type.Optional(AssetSchema),
    lookback_hours: Type.Optional(
      Type.Integer({
        minimum: MIN_BARS,
        maximum: 500,
        default: 72,
        description: 'Hourly bars of OI and price',
      }),
    ),
    range_pct: Type.Optional(Type.Number({ minimum: 1, maximum: 50, default: 15 })),
    bin_pct: Type.Optional(Type.Number({ minimum: 0.05, maximum: 5, default: 0.25 })),
    mmr: Type.Optional(
      Type.Number({ minimum: 0, maximum: 0.1, default: 0.005, description: 'Maintenance margin rate' }),
    ),
    leverage_weights: Type.Optional(
      Type.Record(Type.String({ pattern: '^[0-9]{1,3}$' }), Type.Number({ minimum: 0, maximum: 1 }), {
        description:
          'Leverage → weight; weights should sum to 1. Default {5:0.1,10:0.25,25:0.3,50:0.2,100:0.15}',
      }),
    ),
  },
  {
    additionalProperties: false,
    examples: [{ asset: 'BTC' }, { asset: 'ETH', lookback_hours: 48, bin_pct: 0.5 }],
  },
);

const ClusterSchema = Type.Object({ price: Type.Number(), usd: Type.Number() });

export const GetLiquidationHeatmapOutputSchema = Type.Object(
  {
    asset: Type.String(),
    mark_price: Type.Number(),
    model_estimate: Type.Literal(true),
    model: Type.String(),
    params: Type.Object({
      lookback_hours: Type.Integer(),
      bin_pct: Type.Number(),
      range_pct: Type.Number(),
      mmr: Type.Number(),
      leverage_weights: Type.Record(Type.String(), Type.Number()),
      long_share: Type.Literal('auto', {
        description: 'Binance account ratio per bar; 0.5 on the Bybit fallback',
      }),
      bars: Type.Integer(),
      data: Type.Array(Type.String()),
    }),
    bins: Type.Array(
      Type.Object({
        price_low: Type.Number(),
        price_high: Type.Number(),
        long_liq_usd: Type.Number(),
        short_liq_usd: Type.Number(),
        cumulative_usd: Type.Number({ description: 'From the mark outward: longs below, shorts above' }),
      }),
    ),
    total_long_usd: Type.Number(),
    total_short_usd: Type.Number(),
    top_long_clusters: Type.Array(ClusterSchema),
    top_short_clusters: Type.Array(ClusterSchema),
    nearest_major_long: nullable(Type.Number()),
    nearest_major_short: nullable(Type.Number()),
    failed_sources: Type.Array(FailedSourceSchema),
  },
  {
    examples: [
      {
        asset: 'BTC',
        mark_price: 105700,
        model_estimate: true,
        model:
          'ΔOI>0 → clusters at p(1−1/L+mmr) long, p(1+1/L−mmr) short; ΔOI<0 → pro-rata close; traded-through → removed',
        params: {
          lookback_hours: 72,
          bin_pct: 0.25,
          range_pct: 15,
          mmr: 0.005,
          leverage_weights: DEFAULT_WEIGHTS,
          long_share: 'auto',
          bars: 72,
          data: [
            'binance openInterestHist 1h',
            'binance klines 1h',
            'binance globalLongShortAccountRatio 1h',
          ],
        },
        bins: [
          {
            price_low: 103850.25,
            price_high: 104114.5,
            long_liq_usd: 182000000,
            short_liq_usd: 0,
            cumulative_usd: 1.9e8,
          },
        ],
        total_long_usd: 1.9e8,
        total_short_usd: 1.4e8,
        top_long_clusters: [{ price: 103982.4, usd: 182000000 }],
        top_short_clusters: [{ price: 107900, usd: 141000000 }],
        nearest_major_long: 103982.4,
        nearest_major_short: 107900,
        failed_sources: [],
      },
    ],
  },
);

export const getLiquidationHeatmap = sentimentTool({
  name: 'get_liquidation_heatmap',
  title: 'Liquidation heat map (model estimate)',
  summary:
    'Estimated liquidation levels from Binance open-interest changes, prices and the long/short account ratio',
  description:
    'A transparent model, not exchange data (free liquidation-level data does not exist): each hour’s new open ' +
    'interest is split long/short by the account ratio and over leverages, liquidated at p(1 ∓ 1/L ± mmr), closed ' +
    'pro rata when open interest falls, removed when price trades through. Inputs and parameters are in the answer.',
  kind: 'read',
  input: GetLiquidationHeatmapInputSchema,
  output: GetLiquidationHeatmapOutputSchema,
  handler: async (input, context) => {
    const asset = input.asset ?? 'BTC';
    const lookback = input.lookback_hours ?? 72;
    const params = {
      binPct: input.bin_pct ?? 0.25,
      rangePct: input.range_pct ?? 15,
      mmr: input.mmr ?? 0.005,
      leverageWeights: input.leverage_weights ?? DEFAULT_WEIGHTS,
    };
    const inputs = await heatmapInputs(asset, lookback, context);
    const { bars } = inputs;
    if (bars.length < MIN_BARS)
      throw new AppError(
        422,
        'INSUFFICIENT_HISTORY',
        `asset: ${bars.length} hourly bars of open interest, ${MIN_BARS} needed`,
        {
          details: { field: 'asset' },
        },
      );
    const mark = inputs.mark;
    const map = liquidationHeatmap(bars, mark, params);
    return {
      data: {
        asset,
        mark_price: mark,
        model_estimate: true as const,
        model:
          'ΔOI>0 → clusters at p(1−1/L+mmr) long, p(1+1/L−mmr) short, p=(H+L+C)/3; ΔOI<0 → pro-rata close; traded-through → removed',
        params: {
          lookback_hours: lookback,
          bin_pct: params.binPct,
          range_pct: params.rangePct,
          mmr: params.mmr,
          leverage_weights: params.leverageWeights,
          long_share: 'auto' as const,
          bars: bars.length,
          data: inputs.data,
        },
        ...map,
        failed_sources: inputs.failed,
      },
      obtainedAt: inputs.receivedAt,
      stale: inputs.stale,
    };
  },
});
