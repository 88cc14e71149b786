import { Type } from '@sinclair/typebox';
import type { ToolContext, ToolResult } from '../../tools/tool.js';
import type { Exposure } from '../../trading/leverage-cap.js';
import type { OrderAck } from '../../venues/ibkr/ibkr-orders.js';
import type { BrokerClients } from './broker-tool.js';
import type { OrderLeg } from './order.schema.js';
import { num, orderOfRow } from './order-rows.js';

type Context = ToolContext<BrokerClients>;

export const PlacedSchema = Type.Object(
  {
    order_id: Type.String(),
    client_order_id: Type.String({
      description: 'The cOID the gateway derived from this request (order_ref)',
    }),
    status: Type.String(),
    confirmed_questions: Type.Array(Type.String(), {
      description: 'Question ids the gateway confirmed from its allow-list (BROKER_AUTO_CONFIRM_IDS)',
    }),
    recovered: Type.Optional(Type.Boolean({ description: 'True when found by cOID after a lost answer' })),
  },
  {
    examples: [
      {
        order_id: '1234567891',
        client_order_id: 'gw-5b0f1c2d3e4f5a6b7c8d9e0f1a2b3c4d',
        status: 'Submitted',
        confirmed_questions: ['o163'],
      },
    ],
  },
);

export interface Placed {
  order_id: string;
  client_order_id: string;
  status: string;
  confirmed_questions: string[];
  recovered?: boolean;
}

export const placedResult = (
  acks: OrderAck[],
  confirmed: string[],
  clientOrderId: string,
  at: number,
): ToolResult<Placed> => ({
  data: {
    order_id: acks[0]!.order_id,
    client_order_id: clientOrderId,
    status: acks[0]!.order_status,
    confirmed_questions: confirmed,
  },
  obtainedAt: at,
  upstreamIds: acks.map((ack) => ack.order_id),
});

/** The venue's record of the order carrying this cOID (reconciliation after a lost answer), or undefined. */
export async function findByClientOrderId(context: Context, clientOrderId: string) {
  const orders = await context.clients.broker.liveOrders();
  const row = orders.data.find((order) => order.order_ref === clientOrderId);
  return row && { order: orderOfRow(row), receivedAt: orders.receivedAt };
}

export async function lookupPlaced(
  context: Context,
  clientOrderId: string,
): Promise<ToolResult<Placed> | undefined> {
  const found = await findByClientOrderId(context, clientOrderId);
  if (!found) return undefined;
  return {
    data: {
      order_id: found.order.order_id,
      client_order_id: clientOrderId,
      status: found.order.status,
      confirmed_questions: [],
      recovered: true,
    },
    obtainedAt: found.receivedAt,
    upstreamIds: [found.order.order_id],
  };
}

/** Last price of a conid (snapshot field 31), for the notional of a market or stop order. */
export async function lastPrice(context: Context, conid: number): Promise<number> {
  const snapshot = await context.clients.broker.snapshot([conid], ['31', '84', '86']);
  const row = snapshot.data.find((item) => Number(item.conid) === conid) ?? {};
  const value = num(String(row['31'] ?? '').replace(/^[CH]/, '')) ?? num(row['86']) ?? num(row['84']);
  return value ?? Number.NaN;
}

/**
 * The leverage cap's inputs (BROKER_MAX_LEVERAGE): equity = net liquidation, current = gross position value
 * (portfolio summary), added = how much the legs that open exposure change |position| × price.
 */
export async function exposureOf(context: Context, legs: OrderLeg[]): Promise<Exposure> {
  const [summary, positions] = await Promise.all([
    context.clients.broker.summary(),
    context.clients.broker.positions(),
  ]);
  const equity = Number(summary.data.netliquidation?.amount ?? Number.NaN);
  const current = Number(summary.data.grosspositionvalue?.amount ?? 0);
  let added = 0;
  // Legs that execute one after the other (an OTO pair) move the same position: held carries over.
  const held = new Map<number, number>();
  for (const leg of legs) {
    const before =
      held.get(leg.conid) ??
      Number(positions.data.find((row) => Number(row.conid) === leg.conid)?.position ?? 0);
    const price = leg.price ?? leg.stop_price ?? (await lastPrice(context, leg.conid));
    const after = before + (leg.side === 'buy' ? leg.quantity : -leg.quantity);
    held.set(leg.conid, after);
    added += (Math.abs(after) - Math.abs(before)) * price;
  }
  return { equity, current_notional: current, added_notional: added };
}
