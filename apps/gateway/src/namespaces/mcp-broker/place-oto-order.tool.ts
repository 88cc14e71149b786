import { Type } from '@sinclair/typebox';
import { ibkrCoid } from '../../trading/client-order-id.js';
import { priceVeto } from './broker-pricing.js';
import { brokerTool } from './broker-tool.js';
import { brokerAccount, brokerPlan } from './broker-writes.js';
import { LinkedOrdersSchema, lookupLinked, sendLinked } from './complex-orders.js';
import { checkLeg, legFields, ticketOf } from './order.schema.js';

export const placeOtoOrder = brokerTool({
  name: 'place_oto_order',
  title: 'Place OTO pair',
  summary:
    'A parent order and a child that starts working only after the parent fills (parentId = parent cOID)',
  kind: 'write',
  input: Type.Object(
    {
      parent: Type.Object(legFields, { additionalProperties: false }),
      child: Type.Object(legFields, { additionalProperties: false }),
    },
    {
      additionalProperties: false,
      examples: [
        {
          parent: { conid: 265598, side: 'buy', type: 'limit', quantity: 1, price: 100, tif: 'GTC' },
          child: { conid: 265598, side: 'sell', type: 'limit', quantity: 1, price: 120, tif: 'GTC' },
        },
      ],
    },
  ),
  output: LinkedOrdersSchema,
  write: {
    venue: 'broker',
    clientOrderId: ibkrCoid,
    exposure: {
      ...brokerAccount,
      plan: (input, context) => {
        checkLeg(input.parent, 'parent.');
        checkLeg(input.child, 'child.');
        return brokerPlan(context, [input.parent, input.child]);
      },
    },
    send: (input, context) =>
      sendLinked(
        context,
        [
          { ...ticketOf(input.parent), cOID: context.clientOrderId },
          { ...ticketOf(input.child), parentId: context.clientOrderId },
        ],
        ['parent', 'child'],
        priceVeto(context, [input.parent, input.child]),
      ),
    lookup: (_input, context) => lookupLinked(context, context.clientOrderId),
  },
});
