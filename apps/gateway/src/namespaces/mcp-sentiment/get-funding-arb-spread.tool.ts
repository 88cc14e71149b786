import { Type } from '@sinclair/typebox';
import { arbSpread, VENUES } from '../../domain/funding/funding.js';
import { fundingSnapshot } from './funding-snapshot.js';
import { AssetListSchema } from './get-cross-exchange-funding.tool.js';
import { DEFAULT_MATRIX_ASSETS, FailedSourceSchema, nullable, VenueSchema } from './sentiment.schema.js';
import { sentimentTool } from './sentiment-tool.js';

export const GetFundingArbSpreadInputSchema = Type.Object(
  {
    assets: Type.Optional(AssetListSchema),
    min_spread_annualized_pct: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 1000,
        default: 10,
        description: 'Keep spreads at least this large',
      }),
    ),
    fee_bps_total: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 500,
        default: 0,
        description: 'Fees of all four fills, basis points',
      }),
    ),
    holding_hours: Type.Optional(
      Type.Number({ minimum: 1, maximum: 8760, default: 72, description: 'Period the fees are spread over' }),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      { assets: ['BTC', 'ETH'], min_spread_annualized_pct: 0 },
      { fee_bps_total: 20, holding_hours: 72 },
    ],
  },
);

const LegSchema = Type.Object({
  venue: VenueSchema,
  rate_8h: Type.Number(),
  interval_h: Type.Number(),
  next_funding_time: nullable(Type.String({ format: 'date-time' })),
});

export const GetFundingArbSpreadOutputSchema = Type.Object(
  {
    opportunities: Type.Array(
      Type.Object({
        asset: Type.String(),
        long_leg: LegSchema,
        short_leg: LegSchema,
        spread_8h: Type.Number({ description: 'short_leg.rate_8h − long_leg.rate_8h' }),
        spread_annualized_pct: Type.Number({ description: 'spread_8h × 1095 × 100' }),
        net_8h: Type.Number({ description: 'spread_8h − (fee_bps_total / 10000) / (holding_hours / 8)' }),
        net_annualized_pct: Type.Number(),
        venues_considered: Type.Integer(),
      }),
      { description: 'By spread, largest first' },
    ),
    params: Type.Object({
      min_spread_annualized_pct: Type.Number(),
      fee_bps_total: Type.Number(),
      holding_hours: Type.Number(),
    }),
    note: Type.String(),
    failed_sources: Type.Array(FailedSourceSchema),
  },
  {
    examples: [
      {
        opportunities: [
          {
            asset: 'BTC',
            long_leg: { venue: 'deribit', rate_8h: 0.00002114, interval_h: 8, next_funding_time: null },
            short_leg: {
              venue: 'hyperliquid',
              rate_8h: 0.0001,
              interval_h: 1,
              next_funding_time: '2025-06-16T01:00:00.000Z',
            },
            spread_8h: 0.00007886,
            spread_annualized_pct: 8.63517,
            net_8h: 0.00007886,
            net_annualized_pct: 8.63517,
            venues_considered: 5,
          },
        ],
        params: { min_spread_annualized_pct: 0, fee_bps_total: 0, holding_hours: 72 },
        note: 'Settlement schedules differ (1 h vs 8 h): realised carry is only approximately spread_8h per 8 h.',
        failed_sources: [],
      },
    ],
  },
);

export const getFundingArbSpread = sentimentTool({
  name: 'get_funding_arb_spread',
  title: 'Funding arbitrage spread',
  summary:
    'Per asset, the carry of shorting the highest-funded perpetual and buying the lowest, per 8 h and annualised',
  description:
    'From the same funding snapshot as get_cross_exchange_funding: every rate normalised to 8 h with its venue’s ' +
    'interval; stale venues and venues whose mark is more than 1 % from the median are left out; optional fee ' +
    'model. A failing venue is listed in failed_sources.',
  kind: 'read',
  input: GetFundingArbSpreadInputSchema,
  output: GetFundingArbSpreadOutputSchema,
  handler: async (input, context) => {
    const params = {
      min_spread_annualized_pct: input.min_spread_annualized_pct ?? 10,
      fee_bps_total: input.fee_bps_total ?? 0,
      holding_hours: input.holding_hours ?? 72,
    };
    const assets = input.assets ?? [...DEFAULT_MATRIX_ASSETS];
    const snapshot = await fundingSnapshot(assets, VENUES, context);
    const opportunities = assets
      .flatMap((asset) => {
        const found = arbSpread(asset, snapshot.rows.get(asset)!, {
          feeBpsTotal: params.fee_bps_total,
          holdingHours: params.holding_hours,
        });
        return found && found.spread_annualized_pct >= params.min_spread_annualized_pct ? [found] : [];
      })
      .sort((a, b) => b.spread_8h - a.spread_8h);
    return {
      data: {
        opportunities,
        params,
        note: 'Settlement schedules differ (1 h vs 8 h): realised carry is only approximately spread_8h per 8 h.',
        failed_sources: snapshot.failed,
      },
      obtainedAt: snapshot.receivedAt,
      stale: snapshot.stale,
    };
  },
});
