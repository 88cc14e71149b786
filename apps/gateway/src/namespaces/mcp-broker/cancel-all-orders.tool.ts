import { AppError } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { ibkrCoid } from '../../trading/client-order-id.js';
import { brokerTool } from './broker-tool.js';
import { cancelOne } from './cancel-order.tool.js';
import { isOpenStatus, orderOfRow } from './order-rows.js';

export const ItemResultSchema = Type.Object({
  id: Type.String(),
  ok: Type.Boolean(),
  status: Type.Union([Type.String(), Type.Null()]),
  error: Type.Union([Type.Object({ code: Type.String(), message: Type.String() }), Type.Null()]),
});

export const itemError = (error: unknown) =>
  error instanceof AppError
    ? { code: error.code, message: error.message }
    : { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) };

export const cancelAllOrders = brokerTool({
  name: 'cancel_all_orders',
  title: 'Cancel all orders',
  summary: 'Cancels every working order (of one conid if given), one by one, with a result per order',
  kind: 'write',
  input: Type.Object(
    { conid: Type.Optional(Type.Integer({ minimum: 1 })) },
    { additionalProperties: false, examples: [{}, { conid: 265598 }] },
  ),
  output: Type.Object(
    { results: Type.Array(ItemResultSchema), cancelled: Type.Integer(), failed: Type.Integer() },
    {
      examples: [
        {
          results: [{ id: '1234567891', ok: true, status: 'Cancelled', error: null }],
          cancelled: 1,
          failed: 0,
        },
      ],
    },
  ),
  write: {
    venue: 'broker',
    clientOrderId: ibkrCoid,
    send: async (input, context) => {
      const orders = await context.clients.broker.liveOrders(context);
      // Bracket children go with their parent: cancelled parents first, children that are already gone skip.
      const working = orders.data
        .map(orderOfRow)
        .filter(
          (order) => isOpenStatus(order.status) && (input.conid === undefined || order.conid === input.conid),
        );
      const results = [];
      for (const order of working) {
        try {
          const done = await cancelOne(context, context.clients, order.order_id);
          results.push({ id: order.order_id, ok: true, status: done.status, error: null });
        } catch (error) {
          // A bracket or OTO child goes with its parent: already cancelled by the time its turn comes.
          const now = await context.clients.broker
            .orderStatus(context, order.order_id)
            .catch(() => undefined);
          const status = now ? String(now.data.order_status ?? '') : null;
          if (status === 'Cancelled') results.push({ id: order.order_id, ok: true, status, error: null });
          else results.push({ id: order.order_id, ok: false, status, error: itemError(error) });
        }
      }
      const cancelled = results.filter((r) => r.ok).length;
      return {
        data: { results, cancelled, failed: results.length - cancelled },
        obtainedAt: context.now(),
        upstreamIds: results.map((r) => r.id),
      };
    },
    // Cancels are safe to repeat: after a lost answer the caller sees what is still open.
    lookup: async () => undefined,
  },
});
