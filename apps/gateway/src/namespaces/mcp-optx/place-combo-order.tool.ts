import { unprocessable } from '@app/kit';
import { type Static, Type } from '@sinclair/typebox';
import { deribitLabel } from '../../trading/client-order-id.js';
import type { CallDeadline } from '../../upstream/call-deadline.js';
import { checkAmount, currencyOf, listedInstrument } from './instrument-rules.js';
import { type OptxClients, optxTool } from './optx-clients.js';
import { optxAccount, optxPlan } from './optx-exposure.js';
import { orderByLabel } from './order-entry.js';
import { InstrumentName, ORDER_EXAMPLE, OrderSchema, Side, TradeSchema } from './order-schemas.js';

const Leg = Type.Object({
  instrument_name: InstrumentName,
  direction: Side,
  amount: Type.Integer({ minimum: 1, maximum: 100, default: 1, description: 'Ratio of the leg in one unit' }),
});

const ComboInput = Type.Object(
  {
    legs: Type.Array(Leg, { minItems: 2, maxItems: 4 }),
    side: Side,
    amount: Type.Number({ exclusiveMinimum: 0, description: 'Units of the structure' }),
    type: Type.Optional(Type.Union([Type.Literal('limit'), Type.Literal('market')], { default: 'limit' })),
    price: Type.Optional(
      Type.Number({ description: 'Price of one unit of the structure, quoted like the legs' }),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      {
        legs: [
          { instrument_name: 'BTC-25DEC26-120000-C', direction: 'buy', amount: 1 },
          { instrument_name: 'BTC-25DEC26-130000-C', direction: 'sell', amount: 1 },
        ],
        side: 'buy',
        amount: 1,
        type: 'limit',
        price: 0.031,
      },
    ],
  },
);

/** Every leg listed and one unit of the structure on each leg's amount step; the leg instruments. */
async function checkedLegs(context: CallDeadline, clients: OptxClients, input: Static<typeof ComboInput>) {
  if ((input.type ?? 'limit') === 'limit' && input.price === undefined)
    throw unprocessable('price: required for a limit combo order', 'VALIDATION_ERROR', { field: 'price' });
  const currencies = new Set(input.legs.map((leg) => currencyOf(leg.instrument_name)));
  if (currencies.size !== 1)
    throw unprocessable('legs: all legs must be of one currency', 'VALIDATION_ERROR', { field: 'legs' });
  return Promise.all(
    input.legs.map(async (leg, i) => {
      const instrument = await listedInstrument(context, clients, leg.instrument_name);
      checkAmount(instrument, input.amount * leg.amount, `legs[${i}].amount`);
      // The structure's side turns each leg's direction over when selling.
      const side = (leg.direction === input.side ? 'buy' : 'sell') as 'buy' | 'sell';
      return { instrument, amount: input.amount * leg.amount, side };
    }),
  );
}

export const placeComboOrder = optxTool({
  name: 'place_combo_order',
  title: 'Place combo order',
  summary:
    'Creates (or reuses) a combo of 2–4 legs and trades it (private/create_combo, then private/buy|sell)',
  description:
    'The combo id comes from the venue (never built by the gateway). The leverage cap counts every leg’s notional. The order carries the client order id as its label; a lost answer is reconciled by that label.',
  kind: 'write',
  input: ComboInput,
  output: Type.Object(
    {
      combo_id: Type.String(),
      order: OrderSchema,
      trades: Type.Array(TradeSchema),
    },
    {
      examples: [
        {
          combo_id: 'BTC-CS-25DEC26-120000_130000',
          order: {
            ...ORDER_EXAMPLE,
            instrument_name: 'BTC-CS-25DEC26-120000_130000',
            price: 0.031,
            amount: 1,
          },
          trades: [],
        },
      ],
    },
  ),
  write: {
    venue: 'optx',
    clientOrderId: deribitLabel,
    exposure: {
      ...optxAccount,
      // Each leg is priced as a market order within its band: the combo's price is the structure's, not a leg's.
      plan: async (input, context) =>
        optxPlan(
          context,
          (await checkedLegs(context, context.clients, input)).map((leg) => ({
            ...leg,
            type: 'market' as const,
          })),
        ),
    },
    send: async (input, context) => {
      await checkedLegs(context, context.clients, input);
      const combo = await context.clients.trading.createCombo(
        context,
        input.legs.map((leg) => ({
          instrument_name: leg.instrument_name,
          direction: leg.direction,
          amount: leg.amount,
        })),
      );
      const comboId = String(combo.data.id);
      const type = input.type ?? 'limit';
      const placed = await context.clients.trading.place(context, input.side, {
        instrument_name: comboId,
        amount: input.amount,
        type,
        ...(type === 'limit' ? { price: input.price } : {}),
        label: context.clientOrderId,
      });
      return {
        data: { combo_id: comboId, order: placed.data.order as never, trades: placed.data.trades as never },
        obtainedAt: placed.receivedAt,
        upstreamIds: [comboId, String(placed.data.order.order_id)],
      };
    },
    lookup: async (input, context) => {
      const found = await orderByLabel(input.legs[0]!.instrument_name, context);
      if (!found) return undefined;
      return { ...found, data: { combo_id: String(found.data.order.instrument_name), ...found.data } };
    },
  },
});
