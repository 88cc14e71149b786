import { Type } from '@sinclair/typebox';

/**
 * Deribit's order, user trade and position objects (notes §5.2, §5.3, §5.5) as the tools answer them: the
 * fields a bot relies on are typed, every other field of the venue passes through unchanged.
 */

const passThrough = { additionalProperties: true } as const;

export const OrderSchema = Type.Object(
  {
    order_id: Type.String(),
    instrument_name: Type.String(),
    direction: Type.String({ description: '`buy` or `sell`' }),
    order_type: Type.String({ description: '`limit`, `market`, `stop_market`, `take_limit`, …' }),
    order_state: Type.String({ description: '`open`, `filled`, `cancelled`, `untriggered`, `triggered`, …' }),
    amount: Type.Number({
      description: 'USD for inverse futures and perpetuals, coin for options and linear',
    }),
    filled_amount: Type.Optional(Type.Number()),
    price: Type.Union([Type.Number(), Type.String()], { description: 'A number, or `market_price`' }),
    label: Type.String({ description: 'The gateway’s client order id (`gw-…`)' }),
  },
  { ...passThrough, description: 'Deribit order object' },
);

export const TradeSchema = Type.Object(
  {
    trade_id: Type.String(),
    instrument_name: Type.String(),
    price: Type.Number(),
    amount: Type.Number(),
    direction: Type.String(),
    timestamp: Type.Integer({ description: 'Epoch ms' }),
  },
  passThrough,
);

export const PositionSchema = Type.Object(
  {
    instrument_name: Type.String(),
    kind: Type.String(),
    direction: Type.String({ description: '`buy`, `sell` or `zero`' }),
    size: Type.Number({ description: 'Signed; USD for inverse futures and perpetuals, coin otherwise' }),
    average_price: Type.Number(),
    mark_price: Type.Number(),
    floating_profit_loss: Type.Number(),
  },
  passThrough,
);

export const Side = Type.Union([Type.Literal('buy'), Type.Literal('sell')]);
export const TriggerSource = Type.Union(
  [Type.Literal('mark_price'), Type.Literal('index_price'), Type.Literal('last_price')],
  { default: 'mark_price' },
);
export const InstrumentName = Type.String({
  minLength: 3,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_.-]+$',
  description: 'Deribit instrument name, e.g. BTC-PERPETUAL, ETH-27NOV26-3000-C, BTC_USDC-PERPETUAL',
});
export const Currency = Type.Union(
  [
    Type.Literal('BTC'),
    Type.Literal('ETH'),
    Type.Literal('USDC'),
    Type.Literal('USDT'),
    Type.Literal('EURR'),
  ],
  { default: 'BTC' },
);

export const ORDER_EXAMPLE = {
  order_id: 'BTC-1042',
  instrument_name: 'BTC-PERPETUAL',
  direction: 'buy',
  order_type: 'limit',
  order_state: 'open',
  amount: 10,
  filled_amount: 0,
  price: 50000,
  label: 'gw-3f9c2a7d01b84e6f9a0c5d2e7b1f4a86',
  time_in_force: 'good_til_cancelled',
  post_only: true,
  reduce_only: false,
  creation_timestamp: 1795573589013,
};

export const OrderAnswerSchema = Type.Object(
  {
    order: OrderSchema,
    trades: Type.Array(TradeSchema, { description: 'Fills during the call; empty when it rests' }),
  },
  { examples: [{ order: ORDER_EXAMPLE, trades: [] }] },
);
