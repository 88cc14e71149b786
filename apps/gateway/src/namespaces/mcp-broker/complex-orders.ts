import { Type } from '@sinclair/typebox';
import type { ToolContext, ToolResult, WriteContext } from '../../tools/tool.js';
import type { QuestionVeto } from '../../venues/ibkr/ibkr-orders.js';
import type { BrokerClients } from './broker-tool.js';
import { findByClientOrderId } from './broker-writes.js';

export const LinkedOrdersSchema = Type.Object(
  {
    client_order_id: Type.String({ description: 'cOID of the first (parent) order' }),
    orders: Type.Array(Type.Object({ role: Type.String(), order_id: Type.String(), status: Type.String() })),
    confirmed_questions: Type.Array(Type.String()),
    recovered: Type.Optional(Type.Boolean()),
  },
  {
    examples: [
      {
        client_order_id: 'gw-5b0f1c2d3e4f5a6b7c8d9e0f1a2b3c4d',
        orders: [
          { role: 'entry', order_id: '1234567891', status: 'Submitted' },
          { role: 'take_profit', order_id: '1234567892', status: 'PreSubmitted' },
          { role: 'stop_loss', order_id: '1234567893', status: 'PreSubmitted' },
        ],
        confirmed_questions: [],
      },
    ],
  },
);

export interface LinkedOrders {
  client_order_id: string;
  orders: { role: string; order_id: string; status: string }[];
  confirmed_questions: string[];
  recovered?: boolean;
}

/** Sends tickets as one request (atomic at IBKR) and names each acknowledgement by its role. */
export async function sendLinked(
  context: WriteContext<BrokerClients>,
  tickets: Record<string, unknown>[],
  roles: string[],
  veto?: QuestionVeto,
): Promise<ToolResult<LinkedOrders>> {
  const { acks, confirmed } = await context.clients.broker.placeOrders(context, tickets, veto);
  return {
    data: {
      client_order_id: context.clientOrderId,
      orders: acks.map((ack, i) => ({
        role: roles[i] ?? `leg_${i + 1}`,
        order_id: ack.order_id,
        status: ack.order_status,
      })),
      confirmed_questions: confirmed,
    },
    obtainedAt: context.now(),
    upstreamIds: acks.map((ack) => ack.order_id),
  };
}

/** After a lost answer: the group is found by its first order's cOID (its other legs carry none or derived ones). */
export async function lookupLinked(
  context: ToolContext<BrokerClients>,
  clientOrderId: string,
): Promise<ToolResult<LinkedOrders> | undefined> {
  const found = await findByClientOrderId(context, clientOrderId);
  if (!found) return undefined;
  return {
    data: {
      client_order_id: clientOrderId,
      orders: [{ role: 'first', order_id: found.order.order_id, status: found.order.status }],
      confirmed_questions: [],
      recovered: true,
    },
    obtainedAt: found.receivedAt,
    upstreamIds: [found.order.order_id],
  };
}
