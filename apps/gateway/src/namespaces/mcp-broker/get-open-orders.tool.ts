import { Type } from '@sinclair/typebox';
import { brokerTool } from './broker-tool.js';
import { ORDER_EXAMPLE, OrderSchema } from './order.schema.js';
import { isOpenStatus, orderOfRow } from './order-rows.js';

export const getOpenOrders = brokerTool({
  name: 'get_open_orders',
  title: 'Open orders',
  summary: 'Working orders of the account (PendingSubmit, PreSubmitted, Submitted, PendingCancel)',
  description:
    'Reads `/iserver/account/orders`; the empty first read of a brokerage session is read again, so a caller never sees it. `include_closed` adds filled and cancelled orders of the session.',
  kind: 'read',
  input: Type.Object(
    {
      conid: Type.Optional(Type.Integer({ minimum: 1 })),
      include_closed: Type.Optional(Type.Boolean({ default: false })),
    },
    { additionalProperties: false, examples: [{}, { conid: 265598 }] },
  ),
  output: Type.Object({ orders: Type.Array(OrderSchema) }, { examples: [{ orders: [ORDER_EXAMPLE] }] }),
  handler: async (input, context) => {
    const { clients } = context;
    const fetched = await clients.broker.liveOrders(context);
    const orders = fetched.data
      .map(orderOfRow)
      .filter((order) => input.include_closed || isOpenStatus(order.status))
      .filter((order) => input.conid === undefined || order.conid === input.conid);
    return { data: { orders }, obtainedAt: fetched.receivedAt };
  },
});
