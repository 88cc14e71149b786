import { notFound, unprocessable } from '@app/kit';
import { Type } from '@sinclair/typebox';
import type { ToolContext } from '../../tools/tool.js';
import { ibkrCoid } from '../../trading/client-order-id.js';
import { priceVeto } from './broker-pricing.js';
import type { BrokerClients } from './broker-tool.js';
import { brokerTool } from './broker-tool.js';
import { brokerAccount, brokerPlan } from './broker-writes.js';
import { checkLeg, type OrderLeg, ticketOf } from './order.schema.js';
import { isOpenStatus, orderOfRow } from './order-rows.js';

const TYPES: Record<string, OrderLeg['type']> = {
  LIMIT: 'limit',
  MARKET: 'market',
  STOP: 'stop',
  STOP_LIMIT: 'stop_limit',
};

/** The working order as a leg, with the caller's changes over it: what the full ticket is built from. */
async function amendedLeg(
  input: { order_id: string; quantity?: number; price?: number; stop_price?: number; tif?: OrderLeg['tif'] },
  context: ToolContext<BrokerClients>,
) {
  const orders = await context.clients.broker.liveOrders(context);
  const row = orders.data.find((order) => String(order.orderId) === input.order_id);
  if (!row) throw notFound(`order ${input.order_id} is not among the account's orders`, 'ORDER_NOT_FOUND');
  const order = orderOfRow(row);
  if (!isOpenStatus(order.status))
    throw unprocessable(
      `order_id: order ${input.order_id} is ${order.status}, not working`,
      'ORDER_NOT_AMENDABLE',
      { field: 'order_id' },
    );
  const type = TYPES[order.type];
  if (!type)
    throw unprocessable(`order_id: cannot amend a ${order.type} order`, 'ORDER_NOT_AMENDABLE', {
      field: 'order_id',
    });
  const leg: OrderLeg = {
    conid: order.conid,
    side: order.side,
    type,
    quantity: input.quantity ?? order.quantity,
    tif: input.tif ?? ((order.tif || 'DAY') as OrderLeg['tif']),
    ...(type === 'limit' || type === 'stop_limit' ? { price: input.price ?? order.price ?? undefined } : {}),
    ...(type === 'stop' || type === 'stop_limit'
      ? { stop_price: input.stop_price ?? order.stop_price ?? undefined }
      : {}),
  };
  checkLeg(leg);
  return { leg, order };
}

export const amendOrder = brokerTool({
  name: 'amend_order',
  title: 'Amend order',
  summary:
    'Changes quantity, price, stop price or time in force of a working order; IBKR gets the full ticket',
  description:
    'Reads the working order and sends every field of its ticket with the changes (`POST /iserver/account/{account}/order/{id}`), through the reply loop.',
  kind: 'write',
  input: Type.Object(
    {
      order_id: Type.String({ pattern: '^[0-9]{1,20}$' }),
      quantity: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000 })),
      price: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
      stop_price: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
      tif: Type.Optional(Type.Union([Type.Literal('DAY'), Type.Literal('GTC'), Type.Literal('IOC')])),
    },
    { additionalProperties: false, minProperties: 2, examples: [{ order_id: '1234567891', price: 101 }] },
  ),
  output: Type.Object(
    {
      order_id: Type.String(),
      status: Type.String(),
      ticket: Type.Record(Type.String(), Type.Unknown()),
      confirmed_questions: Type.Array(Type.String()),
    },
    {
      examples: [
        {
          order_id: '1234567891',
          status: 'Submitted',
          confirmed_questions: [],
          ticket: {
            conid: 265598,
            orderType: 'LMT',
            side: 'BUY',
            quantity: 1,
            price: 101,
            tif: 'DAY',
            outsideRTH: false,
          },
        },
      ],
    },
  ),
  write: {
    venue: 'broker',
    clientOrderId: ibkrCoid,
    exposure: {
      ...brokerAccount,
      plan: async (input, context) => {
        const { leg, order } = await amendedLeg(input, context);
        // Only the change counts: the working order's own size is already accounted as open. Its price is
        // collared whatever the size (a smaller order moved through the market is still a fat finger).
        const extra = leg.quantity - (order.quantity - order.filled);
        return brokerPlan(context, [leg], { counted: [Math.max(0, extra)] });
      },
    },
    send: async (input, context) => {
      const { leg } = await amendedLeg(input, context);
      const ticket = ticketOf(leg);
      const { acks, confirmed } = await context.clients.broker.amendOrder(
        context,
        input.order_id,
        ticket,
        priceVeto(context, [leg]),
      );
      return {
        data: {
          order_id: input.order_id,
          status: acks[0]!.order_status,
          ticket,
          confirmed_questions: confirmed,
        },
        obtainedAt: context.now(),
        upstreamIds: [input.order_id],
      };
    },
    lookup: async (input, context) => {
      const status = await context.clients.broker.orderStatus(context, input.order_id);
      return {
        data: {
          order_id: input.order_id,
          status: String(status.data.order_status ?? ''),
          ticket: {},
          confirmed_questions: [],
        },
        obtainedAt: status.receivedAt,
        upstreamIds: [input.order_id],
      };
    },
  },
});
