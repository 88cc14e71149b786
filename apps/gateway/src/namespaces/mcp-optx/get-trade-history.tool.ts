import { unprocessable } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { optxTool } from './optx-clients.js';
import { InstrumentName } from './order-schemas.js';

const Ms = (description: string) => Type.Optional(Type.Integer({ minimum: 0, description }));

export const getTradeHistory = optxTool({
  name: 'get_trade_history',
  title: 'Trade history',
  summary:
    'optx public trades of one instrument, latest or in a time range (public/get_last_trades_by_instrument*)',
  kind: 'read',
  input: Type.Object(
    {
      instrument_name: InstrumentName,
      start_timestamp: Ms('Epoch ms; with end_timestamp, the range (by_instrument_and_time)'),
      end_timestamp: Ms('Epoch ms'),
      count: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
      sorting: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' })),
    },
    { additionalProperties: false, examples: [{ instrument_name: 'BTC-PERPETUAL', count: 20 }] },
  ),
  output: Type.Object(
    {
      trades: Type.Array(
        Type.Object(
          {
            trade_id: Type.String(),
            timestamp: Type.Integer(),
            price: Type.Number(),
            amount: Type.Number({ description: 'USD for inverse futures, coin otherwise' }),
            direction: Type.String(),
          },
          { additionalProperties: true },
        ),
      ),
      has_more: Type.Boolean(),
    },
    {
      examples: [
        {
          trades: [
            {
              trade_id: '342819001',
              timestamp: 1790935200650,
              price: 118452.5,
              amount: 10000,
              direction: 'buy',
            },
          ],
          has_more: true,
        },
      ],
    },
  ),
  handler: async (input, context) => {
    const { clients } = context;
    const { start_timestamp: startMs, end_timestamp: endMs } = input;
    if (startMs !== undefined && endMs !== undefined && startMs > endMs)
      throw unprocessable('start_timestamp: after end_timestamp', 'VALIDATION_ERROR', {
        field: 'start_timestamp',
      });
    const fetched = await clients.trading.getLastTrades(context, {
      instrument: input.instrument_name,
      ...(startMs === undefined ? {} : { startMs }),
      ...(endMs === undefined ? {} : { endMs }),
      count: input.count ?? 100,
      sorting: input.sorting ?? 'desc',
    });
    return { data: fetched.data as never, obtainedAt: fetched.receivedAt };
  },
});
