import { Type } from '@sinclair/typebox';
import { DepthSchema, LevelsSchema } from './market-schemas.js';
import { optxTool } from './optx-clients.js';
import { InstrumentName } from './order-schemas.js';

export const OrderbookInput = Type.Object(
  {
    instrument_name: InstrumentName,
    depth: Type.Optional({ ...DepthSchema, default: 20 }),
  },
  { additionalProperties: false, examples: [{ instrument_name: 'BTC-PERPETUAL', depth: 10 }] },
);

export const getOrderbook = optxTool({
  name: 'get_orderbook',
  title: 'Order book',
  summary: 'optx order book: bids and asks as [price, amount], best first (public/get_order_book)',
  description:
    'Amounts in the instrument’s units: USD for inverse futures and perpetuals, coin for options and linear.',
  kind: 'read',
  input: OrderbookInput,
  output: Type.Object(
    {
      instrument_name: Type.String(),
      bids: LevelsSchema,
      asks: LevelsSchema,
      best_bid_price: Type.Union([Type.Number(), Type.Null()]),
      best_ask_price: Type.Union([Type.Number(), Type.Null()]),
      mark_price: Type.Number(),
      index_price: Type.Number(),
      change_id: Type.Integer(),
      timestamp: Type.Integer({ description: 'Epoch ms' }),
    },
    {
      examples: [
        {
          instrument_name: 'BTC-PERPETUAL',
          bids: [[118452, 51230]],
          asks: [[118452.5, 1200]],
          best_bid_price: 118452,
          best_ask_price: 118452.5,
          mark_price: 118452.37,
          index_price: 118400,
          change_id: 68121110321,
          timestamp: 1790935200401,
        },
      ],
    },
  ),
  handler: async (input, context) => {
    const { clients } = context;
    const fetched = await clients.trading.getOrderBook(context, input.instrument_name, input.depth ?? 20);
    const book = fetched.data as {
      instrument_name: string;
      bids?: [number, number][];
      asks?: [number, number][];
      best_bid_price?: number | null;
      best_ask_price?: number | null;
      mark_price: number;
      index_price: number;
      change_id: number;
      timestamp: number;
    };
    return {
      data: {
        instrument_name: book.instrument_name,
        bids: book.bids ?? [],
        asks: book.asks ?? [],
        best_bid_price: book.best_bid_price ?? null,
        best_ask_price: book.best_ask_price ?? null,
        mark_price: book.mark_price,
        index_price: book.index_price,
        change_id: book.change_id,
        timestamp: book.timestamp,
      },
      obtainedAt: fetched.receivedAt,
    };
  },
});
