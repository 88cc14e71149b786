import { Type } from '@sinclair/typebox';
import { ibkrCoid } from '../../trading/client-order-id.js';
import { priceVeto } from './broker-pricing.js';
import { brokerTool } from './broker-tool.js';
import { brokerAccount, brokerPlan } from './broker-writes.js';
import { LinkedOrdersSchema, lookupLinked, sendLinked } from './complex-orders.js';
import { checkLeg, legFields, ticketOf } from './order.schema.js';

export const placeOcoOrder = brokerTool({
  name: 'place_oco_order',
  title: 'Place OCO group',
  summary:
    'Two to four orders in one OCA group (isSingleGroup): when one fills or is cancelled, the others are cancelled',
  kind: 'write',
  input: Type.Object(
    {
      orders: Type.Array(Type.Object(legFields, { additionalProperties: false }), {
        minItems: 2,
        maxItems: 4,
      }),
    },
    {
      additionalProperties: false,
      examples: [
        {
          orders: [
            { conid: 265598, side: 'buy', type: 'limit', quantity: 1, price: 100, tif: 'GTC' },
            { conid: 8314, side: 'buy', type: 'limit', quantity: 1, price: 90, tif: 'GTC' },
          ],
        },
      ],
    },
  ),
  output: LinkedOrdersSchema,
  write: {
    venue: 'broker',
    clientOrderId: ibkrCoid,
    // At most one leg executes: the largest stands for the group.
    exposure: {
      ...brokerAccount,
      plan: (input, context) => {
        for (const [i, leg] of input.orders.entries()) checkLeg(leg, `orders.${i}.`);
        return brokerPlan(context, input.orders, { oneOf: true });
      },
    },
    send: (input, context) =>
      sendLinked(
        context,
        input.orders.map((leg, i) => ({
          ...ticketOf(leg),
          cOID: i === 0 ? context.clientOrderId : `${context.clientOrderId}-${i + 1}`,
          isSingleGroup: true,
        })),
        input.orders.map((_, i) => `leg_${i + 1}`),
        priceVeto(context, input.orders),
      ),
    lookup: (_input, context) => lookupLinked(context, context.clientOrderId),
  },
});
