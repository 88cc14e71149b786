import { Type } from '@sinclair/typebox';

/** Deribit's ticker (notes §4.1): the fields a bot relies on typed, the rest passed through. */
export const TickerSchema = Type.Object(
  {
    instrument_name: Type.String(),
    timestamp: Type.Integer({ description: 'Epoch ms of the snapshot' }),
    best_bid_price: Type.Union([Type.Number(), Type.Null()]),
    best_ask_price: Type.Union([Type.Number(), Type.Null()]),
    mark_price: Type.Number({ description: 'Options: in coin' }),
    index_price: Type.Number({ description: 'USD' }),
  },
  { additionalProperties: true, description: 'Deribit ticker (public/ticker), unchanged' },
);

export const TICKER_EXAMPLE = {
  instrument_name: 'BTC-PERPETUAL',
  timestamp: 1790935200101,
  state: 'open',
  best_bid_price: 118452,
  best_ask_price: 118452.5,
  best_bid_amount: 51230,
  best_ask_amount: 1200,
  last_price: 118452.5,
  mark_price: 118452.37,
  index_price: 118400,
  min_price: 116675.5,
  max_price: 120229.5,
  open_interest: 1203450120,
  current_funding: 0.00001,
  funding_8h: 0.00003,
};

export const DepthSchema = Type.Union(
  [1, 5, 10, 20, 50, 100, 1000, 10000].map((depth) => Type.Literal(depth)),
  { description: 'Levels per side (Deribit accepts 1, 5, 10, 20, 50, 100, 1000, 10000)' },
);

/** `[price, amount]` levels, best first. */
export const LevelsSchema = Type.Array(
  Type.Array(Type.Number(), { minItems: 2, maxItems: 2, description: '[price, amount]' }),
);
