import { Type } from '@sinclair/typebox';
import { deribitLabel } from '../../trading/client-order-id.js';
import { optxTool } from './optx-clients.js';
import { ORDER_EXAMPLE, OrderSchema } from './order-schemas.js';

export const cancelOrder = optxTool({
  name: 'cancel_order',
  title: 'Cancel order',
  summary: 'Cancels an open or untriggered optx order (private/cancel)',
  description:
    'Answers the cancelled order. An unknown id is 404 ORDER_NOT_FOUND, an order that is no longer open 409 ORDER_NOT_OPEN (Deribit 10004 / 11044). A lost answer is reconciled with private/get_order_state.',
  kind: 'write',
  input: Type.Object(
    {
      order_id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
    },
    { additionalProperties: false, examples: [{ order_id: 'BTC-1042' }] },
  ),
  output: Type.Object(
    { order: OrderSchema },
    { examples: [{ order: { ...ORDER_EXAMPLE, order_state: 'cancelled', cancel_reason: 'user_request' } }] },
  ),
  write: {
    venue: 'optx',
    clientOrderId: deribitLabel,
    send: async (input, context) => {
      const { clients } = context;
      const cancelled = await clients.trading.cancel(context, input.order_id);
      return {
        data: { order: cancelled.data as never },
        obtainedAt: cancelled.receivedAt,
        upstreamIds: [input.order_id],
      };
    },
    // The cancel took effect when the order stands cancelled; still open: it did not (outcome unknown).
    lookup: async (input, context) => {
      const { clients } = context;
      const state = await clients.trading.getOrderState(context, input.order_id);
      if (state.data.order_state !== 'cancelled') return undefined;
      return {
        data: { order: state.data as never },
        obtainedAt: state.receivedAt,
        upstreamIds: [input.order_id],
      };
    },
  },
});
