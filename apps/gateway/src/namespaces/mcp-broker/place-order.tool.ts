import { Type } from '@sinclair/typebox';
import { ibkrCoid } from '../../trading/client-order-id.js';
import { priceVeto } from './broker-pricing.js';
import { brokerTool } from './broker-tool.js';
import { brokerAccount, brokerPlan, lookupPlaced, PlacedSchema, placedResult } from './broker-writes.js';
import { checkLeg, legFields, ticketOf } from './order.schema.js';

export const PlaceOrderInput = Type.Object(legFields, {
  additionalProperties: false,
  examples: [{ conid: 265598, side: 'buy', type: 'limit', quantity: 1, price: 100, tif: 'DAY' }],
});

export const placeOrder = brokerTool({
  name: 'place_order',
  title: 'Place order',
  summary:
    'Places one stock order on IBKR with a cOID derived from the request; answers questions from the allow-list',
  description:
    'Sends `POST /iserver/account/{account}/orders` once. If IBKR asks a question, the gateway confirms it only when every message id is in BROKER_AUTO_CONFIRM_IDS (default o163) and, for o163, the limit is within BROKER_PRICE_COLLAR_PCT of the mark (else 422 PRICE_COLLAR with the question); otherwise it declines and answers 422 ORDER_QUESTION_REFUSED with the question text in details. Under the leverage cap BROKER_MAX_LEVERAGE; repeat with the same Idempotency-Key to get the same answer without a second order.',
  kind: 'write',
  input: PlaceOrderInput,
  output: PlacedSchema,
  write: {
    venue: 'broker',
    clientOrderId: ibkrCoid,
    exposure: {
      ...brokerAccount,
      plan: (input, context) => {
        checkLeg(input);
        return brokerPlan(context, [input]);
      },
    },
    send: async (input, context) => {
      checkLeg(input);
      const { acks, confirmed } = await context.clients.broker.placeOrders(
        context,
        [{ ...ticketOf(input), cOID: context.clientOrderId }],
        priceVeto(context, [input]),
      );
      return placedResult(acks, confirmed, context.clientOrderId, context.now());
    },
    lookup: (_input, context) => lookupPlaced(context, context.clientOrderId),
  },
});
