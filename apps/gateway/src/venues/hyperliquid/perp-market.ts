import { type Static, Type } from '@sinclair/typebox';

const nullableNumber = (description: string) => Type.Union([Type.Number(), Type.Null()], { description });

/**
 * A perp market as the gateway reports it (`get_markets`), read from `metaAndAssetCtxs`: the one definition
 * of the record, its type and its OpenAPI component.
 */
export const PerpMarketSchema = Type.Object(
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

export type PerpMarketRecord = Static<typeof PerpMarketSchema>;
