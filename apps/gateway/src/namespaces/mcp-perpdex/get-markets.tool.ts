import { Type } from '@sinclair/typebox';
import { PerpMarketSchema } from '../../venues/hyperliquid/perp-market.js';
import { perpdexTool } from './perpdex-tool.js';

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

export const GetMarketsOutputSchema = Type.Object(
  {
    markets: Type.Array(PerpMarketSchema),
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

export const getMarkets = perpdexTool({
  name: 'get_markets',
  title: 'Perp markets',
  summary: 'perpdex perpetual markets: mark price, hourly funding, open interest, 24 h volume, max leverage',
  kind: 'read',
  input: GetMarketsInputSchema,
  output: GetMarketsOutputSchema,
  handler: async (input, context) => {
    const { clients } = context;
    const fetched = await clients.perpdex.getMarkets(context);
    const wanted = input.assets?.length ? new Set(input.assets) : null;
    return {
      data: {
        markets: fetched.data
          .filter((market) => input.include_delisted || !market.native.meta.isDelisted)
          .filter((market) => !wanted || wanted.has(market.asset))
          .map(({ native: _native, ...record }) => record),
      },
      obtainedAt: fetched.receivedAt,
      stale: fetched.stale,
    };
  },
});
