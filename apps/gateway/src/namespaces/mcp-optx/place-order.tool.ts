import { Type } from '@sinclair/typebox';
import { deribitLabel } from '../../trading/client-order-id.js';
import { optxTool } from './optx-clients.js';
import { optxAccount, optxPlan } from './optx-exposure.js';
import { checkedOrder, orderByLabel, sendOrder } from './order-entry.js';
import { InstrumentName, OrderAnswerSchema, Side, TriggerSource } from './order-schemas.js';

export const PlaceOrderInputSchema = Type.Object(
  {
    instrument_name: InstrumentName,
    side: Side,
    amount: Type.Number({
      exclusiveMinimum: 0,
      description:
        'USD for inverse futures and perpetuals (a multiple of the contract size, 10 for BTC-PERPETUAL), coin for options and USDC-linear products',
    }),
    type: Type.Optional(
      Type.Union(
        [
          Type.Literal('limit'),
          Type.Literal('market'),
          Type.Literal('stop_limit'),
          Type.Literal('stop_market'),
          Type.Literal('take_limit'),
          Type.Literal('take_market'),
        ],
        { default: 'limit' },
      ),
    ),
    price: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'Limit price, on the tick grid' })),
    time_in_force: Type.Optional(
      Type.Union(
        [
          Type.Literal('good_til_cancelled'),
          Type.Literal('good_til_day'),
          Type.Literal('fill_or_kill'),
          Type.Literal('immediate_or_cancel'),
        ],
        { default: 'good_til_cancelled' },
      ),
    ),
    post_only: Type.Optional(Type.Boolean({ default: false })),
    reject_post_only: Type.Optional(Type.Boolean({ default: false })),
    reduce_only: Type.Optional(Type.Boolean({ default: false, description: 'Exempt from the leverage cap' })),
    trigger: Type.Optional(TriggerSource),
    trigger_price: Type.Optional(
      Type.Number({ exclusiveMinimum: 0, description: 'For stop and take orders' }),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      {
        instrument_name: 'BTC-PERPETUAL',
        side: 'buy',
        amount: 10,
        type: 'limit',
        price: 50000,
        post_only: true,
      },
      { instrument_name: 'ETH-PERPETUAL', side: 'sell', amount: 5, type: 'market' },
    ],
  },
);

export const placeOrder = optxTool({
  name: 'place_order',
  title: 'Place order',
  summary: 'Places an order on optx (private/buy or private/sell), checked and capped before it is sent',
  description:
    'The amount and prices are checked against the instrument first (422 AMOUNT_OFF_STEP / PRICE_OFF_TICK with the allowed step, 404 UNKNOWN_INSTRUMENT), then the leverage cap OPTX_MAX_LEVERAGE: (open notional + order notional) / equity in USD, notional = |amount| for inverse futures (USD) and |amount| × index otherwise; reduce-only orders are exempt. The order carries the client order id as its `label`; a lost answer is reconciled by that label. Answers `{order, trades}` as Deribit does.',
  kind: 'write',
  input: PlaceOrderInputSchema,
  output: OrderAnswerSchema,
  write: {
    venue: 'optx',
    clientOrderId: deribitLabel,
    exposure: {
      ...optxAccount,
      plan: async (input, context) =>
        optxPlan(
          context,
          [
            {
              instrument: await checkedOrder(context, context.clients, input),
              amount: input.amount,
              side: input.side,
              type: input.type ?? 'limit',
              price: input.price,
              trigger_price: input.trigger_price,
            },
          ],
          input.reduce_only === true,
        ),
    },
    send: (input, context) => sendOrder(input, context),
    lookup: (input, context) => orderByLabel(input.instrument_name, context),
  },
});
