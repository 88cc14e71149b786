import { type TSchema, Type } from '@sinclair/typebox';
import { VENUES } from '../../domain/funding/funding.js';

/**
 * The assets the sentiment tools know (the notes' default universes): an asset outside it is refused with 400
 * naming the field before anything is sent. A known asset a venue does not list is that venue's `not_listed`.
 */
/** The notes' default matrix rows (tools 5 and 6): the first ten of the universe. */
export const DEFAULT_MATRIX_ASSETS = [
  'BTC',
  'ETH',
  'SOL',
  'XRP',
  'DOGE',
  'BNB',
  'ADA',
  'AVAX',
  'LINK',
  'SUI',
] as const;

export const ASSETS = [
  ...DEFAULT_MATRIX_ASSETS,
  'LTC',
  'DOT',
  'TRX',
  'TON',
  'NEAR',
  'APT',
  'ARB',
  'OP',
  'ATOM',
  'PEPE',
] as const;
export type Asset = (typeof ASSETS)[number];

export const AssetSchema = Type.Union(
  ASSETS.map((asset) => Type.Literal(asset)),
  { description: 'Asset ticker', examples: ['BTC'] },
);

export const VenueSchema = Type.Union(
  VENUES.map((venue) => Type.Literal(venue)),
  { description: 'A venue whose public endpoints are read' },
);

export const FailedSourceSchema = Type.Object({
  source: Type.String({ description: 'The source that failed (a venue, feed or provider)' }),
  error: Type.String({ description: 'Its error code and message' }),
});

export interface FailedSource {
  source: string;
  error: string;
}

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const NormalisedFundingSchema = Type.Object({
  venue: VenueSchema,
  symbol: Type.String(),
  rate_interval: Type.Number({ description: 'Rate per the venue’s own funding interval' }),
  interval_h: Type.Number({ description: 'The venue’s funding interval in hours' }),
  rate_1h: Type.Number(),
  rate_8h: Type.Number({ description: 'rate_interval × 8 / interval_h' }),
  annualized_pct: Type.Number({ description: 'rate_interval × (8760 / interval_h) × 100, simple, 365 days' }),
  rate_kind: Type.Union([Type.Literal('predicted_next'), Type.Literal('trailing_8h')]),
  next_funding_time: nullable(Type.String({ format: 'date-time' })),
  mark_price: nullable(Type.Number()),
  as_of: Type.String({ format: 'date-time' }),
  stale: Type.Boolean({ description: 'as_of older than twice the interval' }),
});

export { nullable };
