import { type Static, Type } from '@sinclair/typebox';
import { DataTimestampSchema, TestnetSchema } from './records.schema.js';

export const GetMarketsInputSchema = Type.Object(
  {
    assets: Type.Optional(
      Type.Union([Type.Array(Type.String({ minLength: 1, maxLength: 32 }), { maxItems: 500 }), Type.Null()], {
        description: 'Only these coins (names are case-sensitive, e.g. kPEPE); all when omitted',
      }),
    ),
    include_delisted: Type.Optional(Type.Boolean({ default: false })),
  },
  { additionalProperties: false, examples: [{}, { assets: ['BTC', 'ETH'] }] },
);
export type GetMarketsInput = Static<typeof GetMarketsInputSchema>;

const nullableNumber = (description: string) => Type.Union([Type.Number(), Type.Null()], { description });

export const MarketRecordSchema = Type.Object(
  {
    asset: Type.String(),
    mark_price: nullableNumber('Mark price, USD'),
    funding_rate: nullableNumber('Current hourly funding rate (fraction)'),
    open_interest: nullableNumber('Open interest in base units'),
    volume_24h: nullableNumber('24 h notional volume, USD'),
    max_leverage: Type.Integer(),
  },
  { $id: 'PerpMarket' },
);

export const GetMarketsOutputSchema = Type.Object(
  {
    markets: Type.Array(MarketRecordSchema),
    data_timestamp: DataTimestampSchema,
    testnet: TestnetSchema,
  },
  {
    examples: [
      {
        markets: [
          {
            asset: 'BTC',
            mark_price: 97112,
            funding_rate: 0.0000125,
            open_interest: 30512.11021,
            volume_24h: 2143876120.55,
            max_leverage: 40,
          },
        ],
        data_timestamp: '2026-11-20T12:34:56.789Z',
      },
    ],
  },
);
