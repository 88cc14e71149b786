import { Type } from '@sinclair/typebox';
import { annualisedFrom8h, summariseFunding, VENUES } from '../../domain/funding/funding.js';
import { fundingSnapshot } from './funding-snapshot.js';
import {
  AssetSchema,
  DEFAULT_MATRIX_ASSETS,
  FailedSourceSchema,
  nullable,
  VenueSchema,
} from './sentiment.schema.js';
import { sentimentTool } from './sentiment-tool.js';

export const MAX_ASSETS = 20;

export const AssetListSchema = Type.Array(AssetSchema, {
  minItems: 1,
  maxItems: MAX_ASSETS,
  uniqueItems: true,
  description: `At most ${MAX_ASSETS}; default ${DEFAULT_MATRIX_ASSETS.join(', ')}`,
});

export const GetCrossExchangeFundingInputSchema = Type.Object(
  {
    assets: Type.Optional(AssetListSchema),
    venues: Type.Optional(Type.Array(VenueSchema, { minItems: 1, maxItems: 5, uniqueItems: true })),
  },
  { additionalProperties: false, examples: [{ assets: ['BTC', 'ETH', 'SOL'] }, {}] },
);

const CellSchema = Type.Object({
  rate_8h: Type.Number(),
  annualized_pct: Type.Number(),
  interval_h: Type.Number(),
});

const RowSchema = Type.Object({
  asset: Type.String(),
  venues: Type.Record(Type.String(), CellSchema, {
    description: 'By venue; a venue without the asset is absent',
  }),
  mean_rate_8h: nullable(Type.Number()),
  mean_annualized_pct: nullable(Type.Number()),
  spread_8h: nullable(Type.Number()),
  max_venue: nullable(VenueSchema),
  min_venue: nullable(VenueSchema),
});

export const GetCrossExchangeFundingOutputSchema = Type.Object(
  {
    rows: Type.Array(RowSchema, { description: 'Ranked by |mean_rate_8h|, largest first' }),
    ranking_by_spread: Type.Array(Type.String(), { description: 'Assets by spread_8h, largest first' }),
    failed_sources: Type.Array(FailedSourceSchema),
  },
  {
    examples: [
      {
        rows: [
          {
            asset: 'BTC',
            venues: {
              binance: { rate_8h: 0.00004836, annualized_pct: 5.29542, interval_h: 8 },
              hyperliquid: { rate_8h: 0.0001, annualized_pct: 10.95, interval_h: 1 },
            },
            mean_rate_8h: 0.00007418,
            mean_annualized_pct: 8.12271,
            spread_8h: 0.00005164,
            max_venue: 'hyperliquid',
            min_venue: 'binance',
          },
        ],
        ranking_by_spread: ['BTC'],
        failed_sources: [],
      },
    ],
  },
);

export const getCrossExchangeFunding = sentimentTool({
  name: 'get_cross_exchange_funding',
  title: 'Funding matrix across assets and venues',
  summary: 'Funding per 8 h and annualised for many assets on five venues, with per-asset mean and spread',
  description:
    'One bulk call per venue (Deribit: one ticker per asset it lists), shared with get_funding_rates through the ' +
    '60 s cache. A failing venue removes one column and is listed in failed_sources.',
  kind: 'read',
  input: GetCrossExchangeFundingInputSchema,
  output: GetCrossExchangeFundingOutputSchema,
  handler: async (input, context) => {
    const assets = input.assets ?? [...DEFAULT_MATRIX_ASSETS];
    const snapshot = await fundingSnapshot(assets, input.venues ?? VENUES, context);
    const rows = assets.map((asset) => {
      const venues = snapshot.rows.get(asset)!;
      const summary = summariseFunding(venues);
      return {
        asset,
        venues: Object.fromEntries(
          venues.map((row) => [
            row.venue,
            { rate_8h: row.rate_8h, annualized_pct: row.annualized_pct, interval_h: row.interval_h },
          ]),
        ),
        mean_rate_8h: summary?.mean_rate_8h ?? null,
        mean_annualized_pct: summary ? annualisedFrom8h(summary.mean_rate_8h) : null,
        spread_8h: summary?.dispersion_8h ?? null,
        max_venue: summary?.max_venue ?? null,
        min_venue: summary?.min_venue ?? null,
      };
    });
    rows.sort((a, b) => Math.abs(b.mean_rate_8h ?? 0) - Math.abs(a.mean_rate_8h ?? 0));
    const bySpread = [...rows]
      .sort((a, b) => (b.spread_8h ?? -1) - (a.spread_8h ?? -1))
      .map((row) => row.asset);
    return {
      data: { rows, ranking_by_spread: bySpread, failed_sources: snapshot.failed },
      obtainedAt: snapshot.receivedAt,
      stale: snapshot.stale,
    };
  },
});
