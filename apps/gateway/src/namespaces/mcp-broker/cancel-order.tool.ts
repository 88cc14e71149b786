import { AppError } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { ibkrCoid } from '../../trading/client-order-id.js';
import type { CallDeadline } from '../../upstream/call-deadline.js';
import { readWriteBody, venueError } from '../../venues/ibkr/ibkr-errors.js';
import { brokerTool } from './broker-tool.js';

const OrderIdSchema = Type.String({
  pattern: '^[0-9]{1,20}$',
  description: 'IBKR order id (get_open_orders)',
});

export const CancelOrderInput = Type.Object(
  { order_id: OrderIdSchema },
  { additionalProperties: false, examples: [{ order_id: '1234567891' }] },
);

export const CancelledSchema = Type.Object(
  {
    order_id: Type.String(),
    status: Type.String({
      description:
        'The order status after the request (Cancelled, PendingCancel, or Filled if it filled first)',
    }),
    message: Type.String(),
  },
  { examples: [{ order_id: '1234567891', status: 'Cancelled', message: 'Request was submitted' }] },
);

/** Cancels one order, then reads its status (the DELETE only acknowledges the request, notes §5.5). */
export async function cancelOne(
  context: CallDeadline,
  clients: { broker: import('../../venues/ibkr/ibkr-client.js').IbkrClient },
  orderId: string,
) {
  const response = await clients.broker.cancelOrder(context, orderId);
  if (response.status === 400)
    throw new AppError(
      422,
      'ORDER_NOT_CANCELLABLE',
      `broker cannot cancel order ${orderId}: ${venueError(response.body) ?? 'refused'}`,
      {
        details: { order_id: orderId, venue_error: venueError(response.body) ?? null },
      },
    );
  const body = readWriteBody(response, clients.broker.environment, `the cancel of ${orderId}`) as {
    msg?: string;
  };
  const status = await clients.broker.orderStatus(context, orderId);
  return {
    order_id: orderId,
    status: String(status.data.order_status ?? 'PendingCancel'),
    message: String(body.msg ?? ''),
    receivedAt: status.receivedAt,
  };
}

export const cancelOrder = brokerTool({
  name: 'cancel_order',
  title: 'Cancel order',
  summary: 'Cancels one working order by its IBKR order id and reports its status afterwards',
  kind: 'write',
  input: CancelOrderInput,
  output: CancelledSchema,
  write: {
    venue: 'broker',
    clientOrderId: ibkrCoid,
    send: async (input, context) => {
      const { receivedAt, ...data } = await cancelOne(context, context.clients, input.order_id);
      return { data, obtainedAt: receivedAt, upstreamIds: [input.order_id] };
    },
    // A cancel carries no cOID of its own: after a lost answer the order's status says what happened.
    lookup: async (input, context) => {
      const status = await context.clients.broker.orderStatus(context, input.order_id);
      return {
        data: {
          order_id: input.order_id,
          status: String(status.data.order_status ?? ''),
          message: 'status read after a lost answer',
        },
        obtainedAt: status.receivedAt,
        upstreamIds: [input.order_id],
      };
    },
  },
});
