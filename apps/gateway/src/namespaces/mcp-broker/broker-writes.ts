import { Type } from '@sinclair/typebox';
import type { ExposureSteps, ToolContext, ToolResult } from '../../tools/tool.js';
import type { PlannedOrder } from '../../trading/exposure-view.js';
import { checkOwnLimit, type Market, priceOrder } from '../../trading/risk/fill-valuation.js';
import type { OrderAck } from '../../venues/ibkr/ibkr-orders.js';
import { brokerMarket, valuedLeg } from './broker-pricing.js';
import type { BrokerClients } from './broker-tool.js';
import type { OrderLeg } from './order.schema.js';
import { isOpenStatus, orderOfRow } from './order-rows.js';

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
  const orders = await context.clients.broker.liveOrders(context);
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

/**
 * The leverage cap of the broker's order tools (BROKER_MAX_LEVERAGE), spread into `WriteSteps.exposure` with
 * a `plan` from brokerPlan: equity = net liquidation, current = gross position value (portfolio summary), and
 * an order adds how much its legs change |position| × price (`nets`).
 */
export const brokerAccount: Pick<ExposureSteps<BrokerClients, unknown>, 'nets' | 'read' | 'openOrders'> = {
  nets: true,
  openOrders: async (context) =>
    (await context.clients.broker.liveOrders(context)).data
      .map(orderOfRow)
      .filter((order) => isOpenStatus(order.status) && order.client_order_id !== null)
      .map((order) => order.client_order_id as string),
  read: async (_account, _marks, context) => {
    const [summary, positions] = await Promise.all([
      context.clients.broker.summary(context),
      context.clients.broker.positions(context),
    ]);
    const held = new Map(
      positions.data.map((row) => [
        String(row.conid),
        { size: Number(row.position ?? 0), notional: Math.abs(Number(row.mktValue ?? 0)) },
      ]),
    );
    return {
      equity: Number(summary.data.netliquidation?.amount ?? Number.NaN),
      current_notional: Number(summary.data.grosspositionvalue?.amount ?? 0),
      positions: held,
      marks: new Map(),
    };
  },
};

/**
 * The order's legs valued where they can fill (broker-pricing.ts), every leg's own limit collared first; legs
 * that execute one after the other carry the position over (an OTO pair); `oneOf` when at most one leg
 * executes (an OCO group). `counted` is the quantity each leg adds (default its quantity): an amend counts only
 * its increase, a bracket's take-profit nothing, but their prices are collared all the same.
 */
export async function brokerPlan(
  context: Context,
  legs: OrderLeg[],
  { oneOf = false, counted }: { oneOf?: boolean; counted?: number[] } = {},
): Promise<PlannedOrder> {
  const markets = new Map<number, Promise<Market>>();
  const marketOf = (conid: number) => {
    let market = markets.get(conid);
    if (!market) {
      market = brokerMarket(context, conid);
      markets.set(conid, market);
    }
    return market;
  };
  const priced = await Promise.all(
    legs.map(async (leg, i) => {
      const market = await marketOf(leg.conid);
      const order = valuedLeg(leg, market.collarPct);
      const quantity = counted?.[i] ?? leg.quantity;
      if (quantity <= 0) {
        checkOwnLimit(order, market);
        return undefined;
      }
      return {
        instrument: String(leg.conid),
        size: leg.side === 'buy' ? quantity : -quantity,
        unit_notional: priceOrder(order, market).price,
      };
    }),
  );
  const counting = priced.filter((leg) => leg !== undefined);
  return {
    account: await context.clients.broker.account(context),
    oneOf,
    legs: () => counting,
  };
}
