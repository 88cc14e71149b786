import { Type } from '@sinclair/typebox';
import { summariseFunding, VENUES } from '../../domain/funding/funding.js';
import { fundingSnapshot } from './funding-snapshot.js';
import {
  AssetSchema,
  FailedSourceSchema,
  NormalisedFundingSchema,
  nullable,
  VenueSchema,
} from './sentiment.schema.js';
import { sentimentTool } from './sentiment-tool.js';

export const GetFundingRatesInputSchema = Type.Object(
  {
    asset: AssetSchema,
    venues: Type.Optional(
      Type.Array(VenueSchema, {
        minItems: 1,
        maxItems: 5,
        uniqueItems: true,
        description: 'Default: all five',
      }),
    ),
  },
  {
    additionalProperties: false,
    examples: [{ asset: 'BTC' }, { asset: 'ETH', venues: ['binance', 'hyperliquid'] }],
  },
);

const SummarySchema = Type.Object({
  mean_rate_8h: Type.Number(),
  median_rate_8h: Type.Number(),
  mean_annualized_pct: Type.Number(),
  max_venue: VenueSchema,
  min_venue: VenueSchema,
  dispersion_8h: Type.Number({ description: 'Highest minus lowest rate_8h' }),
  sentiment: Type.Union(
    [Type.Literal('crowded_long'), Type.Literal('crowded_short'), Type.Literal('neutral')],
    {
      description: 'Annualised mean above 30 %: crowded_long; below −10 %: crowded_short',
    },
  ),
});

export const GetFundingRatesOutputSchema = Type.Object(
  {
    asset: Type.String(),
    venues: Type.Array(NormalisedFundingSchema),
    summary: nullable(SummarySchema),
    not_listed: Type.Array(VenueSchema, { description: 'Venues that answered without this asset' }),
    failed_sources: Type.Array(FailedSourceSchema),
  },
  {
    examples: [
      {
        asset: 'BTC',
        venues: [
          {
            venue: 'hyperliquid',
            symbol: 'BTC',
            rate_interval: 0.0000125,
            interval_h: 1,
            rate_1h: 0.0000125,
            rate_8h: 0.0001,
            annualized_pct: 10.95,
            rate_kind: 'predicted_next',
            next_funding_time: '2025-06-16T01:00:00.000Z',
            mark_price: 105702,
            as_of: '2025-06-16T00:02:03.000Z',
            stale: false,
          },
        ],
        summary: {
          mean_rate_8h: 0.0001,
          median_rate_8h: 0.0001,
          mean_annualized_pct: 10.95,
          max_venue: 'hyperliquid',
          min_venue: 'hyperliquid',
          dispersion_8h: 0,
          sentiment: 'neutral',
        },
        not_listed: [],
        failed_sources: [
          { source: 'binance', error: 'UPSTREAM_UNAVAILABLE: binance-public (live) is unavailable' },
        ],
      },
    ],
  },
);

export const getFundingRates = sentimentTool({
  name: 'get_funding_rates',
  title: 'Funding rates of one asset across venues',
  summary:
    'Current funding of one perpetual on Binance, Bybit, OKX, Hyperliquid and Deribit, normalised to 1 h and 8 h',
  description:
    'Read from the venues’ public endpoints. Each rate is normalised with the venue’s own interval (Hyperliquid 1 h, ' +
    'the others usually 8 h) and annualised simply (× 8760 / interval_h × 100). A venue that fails is listed in ' +
    'failed_sources; all failing is 502 retryable.',
  kind: 'read',
  input: GetFundingRatesInputSchema,
  output: GetFundingRatesOutputSchema,
  handler: async (input, context) => {
    const snapshot = await fundingSnapshot([input.asset], input.venues ?? VENUES, context);
    const rows = snapshot.rows.get(input.asset)!.sort((a, b) => b.rate_8h - a.rate_8h);
    return {
      data: {
        asset: input.asset,
        venues: rows,
        summary: summariseFunding(rows),
        not_listed: snapshot.notListed.get(input.asset)!,
        failed_sources: snapshot.failed,
      },
      obtainedAt: snapshot.receivedAt,
      stale: snapshot.stale,
    };
  },
});
