import { AppError } from '@app/kit';
import { Type } from '@sinclair/typebox';
import type { ExposureSteps, ToolContext, ToolResult, WriteContext } from '../../tools/tool.js';
import type { PlannedOrder } from '../../trading/exposure-view.js';
import { type Market, priceOrder } from '../../trading/risk/fill-valuation.js';
import { type OrderStatus, singleStatus } from '../../venues/hyperliquid/hyperliquid-exchange-answers.js';
import {
  type OrderKind,
  orderAction,
  orderWire,
  type PerpAssetRef,
  resolveAsset,
} from '../../venues/hyperliquid/perp-orders.js';
import type { PerpdexClients } from './perpdex-tool.js';

/** What the order-sending tools of `/mcp-perpdex` share: the asset lookup, exposure, the answer and its lookup. */

export type PerpdexContext = ToolContext<PerpdexClients>;

export async function assetOf(context: PerpdexContext, coin: string): Promise<PerpAssetRef> {
  const meta = await context.clients.perpdex.getMeta(context);
  return resolveAsset(meta.data, coin);
}

/** Mid price of a coin (the reference of market orders, notes §7). */
export async function midOf(context: PerpdexContext, coin: string): Promise<number> {
  const mids = await context.clients.perpdex.getAllMids(context);
  const mid = mids.data[coin];
  if (!(mid && mid > 0))
    throw new AppError(503, 'NO_REFERENCE_PRICE', `perpdex has no mid price for ${coin} right now`, {
      retryable: true,
      details: { coin },
    });
  return mid;
}

/**
 * The leverage cap of perpdex orders: the whole order's notional (size × limit or worst price) counts against
 * PERPDEX_MAX_LEVERAGE, and the coin's position with it against the asset's own `maxLeverage` × equity. The
 * account is the master address, read by `clearinghouseState`. Spread into `WriteSteps.exposure` with a `plan`
 * from perpdexPlan.
 */
export const perpdexAccount: Pick<ExposureSteps<PerpdexClients, unknown>, 'nets' | 'read' | 'openOrders'> = {
  nets: false,
  openOrders: async (context) =>
    (await context.clients.perpdex.trading.openOrders(context)).data.flatMap((order) =>
      order.client_order_id === null ? [] : [order.client_order_id],
    ),
  read: async (_account, _marks, context) => {
    const state = (await context.clients.perpdex.trading.accountState(context)).data;
    const positions = new Map(
      state.positions.map((p) => [p.coin, { size: p.size, notional: Math.abs(p.position_value_usd) }]),
    );
    return {
      equity: state.account_value_usd,
      current_notional: state.total_notional_usd,
      positions,
      marks: new Map(),
    };
  },
};

/** The coin's book and mark now with the venue's collar: what an order is priced against before it is sent. */
async function marketOf(context: PerpdexContext, coin: string): Promise<Market> {
  const [book, markets] = await Promise.all([
    context.clients.perpdex.getBook(context, coin),
    context.clients.perpdex.getMarkets(context),
  ]);
  const levels = (side: { price: number; size: number }[] | undefined) =>
    (side ?? []).map((level) => [level.price, level.size] as const);
  return {
    book: { bids: levels(book.data?.bids), asks: levels(book.data?.asks) },
    mark: markets.data.find((market) => market.asset === coin)?.mark_price ?? undefined,
    collarPct: context.clients.priceCollarPct,
  };
}

/**
 * The order's one leg, valued where it can fill (trading/risk/fill-valuation.ts): the walked book within its
 * limit (a market order's: the mid moved by its slippage) or, for a trigger order, its worst price once fired.
 * `collared`: the price is the bot's own limit, so the collar applies (reduce-only orders too).
 */
export async function perpdexPlan(
  context: PerpdexContext,
  order: WireOrder,
  { reduceOnly, collared }: { reduceOnly: boolean; collared: boolean },
): Promise<PlannedOrder> {
  const fill = priceOrder(
    {
      venue: 'perpdex',
      instrument: order.coin,
      side: order.isBuy ? 'buy' : 'sell',
      size: order.size,
      limit: order.price,
      ...(order.triggerPrice === null ? {} : { trigger: order.triggerPrice }),
      collared,
    },
    await marketOf(context, order.coin),
  );
  const leg = {
    instrument: order.ref.coin,
    size: order.isBuy ? order.size : -order.size,
    unit_notional: fill.price,
    max_leverage: order.ref.maxLeverage,
  };
  return { account: context.clients.perpdex.trading.account(), reduceOnly, legs: () => [leg] };
}

export const OrderAnswerSchema = Type.Object({
  order_id: Type.Union([Type.Integer(), Type.Null()], { description: 'The venue order id (oid)' }),
  client_order_id: Type.String({ description: 'The cloid the gateway derived from the request' }),
  coin: Type.String(),
  side: Type.Union([Type.Literal('buy'), Type.Literal('sell')]),
  status: Type.String({
    description:
      '`resting` (on the book or waiting for its trigger), `filled`; after a reconciled lost answer the venue order status (`open`, `filled`, `canceled`, ...)',
  }),
  size: Type.Number({ description: 'Size sent, base units' }),
  filled_size: Type.Number({ description: 'Size filled by this order so far, base units' }),
  average_price: Type.Union([Type.Number(), Type.Null()], {
    description: 'Mean fill price, USD; null when nothing filled',
  }),
  price: Type.Number({ description: 'Limit (or worst) price sent, USD' }),
  trigger_price: Type.Union([Type.Number(), Type.Null()], {
    description: 'Trigger price of a TP/SL order, USD',
  }),
});

export interface OrderFacts {
  coin: string;
  isBuy: boolean;
  size: number;
  price: number;
  triggerPrice: number | null;
}

/** The fields every order answer opens with: what was asked, under the call's cloid. */
const askedFields = (facts: OrderFacts, cloid: string) => ({
  client_order_id: cloid,
  coin: facts.coin,
  side: facts.isBuy ? ('buy' as const) : ('sell' as const),
  size: facts.size,
  price: facts.price,
  trigger_price: facts.triggerPrice,
});

/** The answer of a one-order `order` action. */
export function orderResult(
  facts: OrderFacts,
  cloid: string,
  statuses: OrderStatus[] | undefined,
  receivedAt: number,
): ToolResult<typeof OrderAnswerSchema.static> {
  const status = singleStatus(statuses);
  const base = askedFields(facts, cloid);
  if (typeof status === 'object' && 'filled' in status) {
    const { oid, totalSz, avgPx } = status.filled;
    const data = {
      ...base,
      order_id: oid,
      status: 'filled',
      filled_size: Number(totalSz),
      average_price: Number(avgPx),
    };
    return { data, obtainedAt: receivedAt, upstreamIds: [String(oid)] };
  }
  const oid = typeof status === 'object' && 'resting' in status ? status.resting.oid : null;
  const data = { ...base, order_id: oid, status: 'resting', filled_size: 0, average_price: null };
  return { data, obtainedAt: receivedAt, upstreamIds: oid === null ? [] : [String(oid)] };
}

/** An order ready to sign: the asset and the wire price and size, next to the facts its answer shows. */
export interface WireOrder extends OrderFacts {
  ref: PerpAssetRef;
  wirePrice: string;
  wireSize: string;
}

/** Signs and sends one order under the call's cloid, and answers as orderResult reads the venue's status. */
export async function sendOrder(
  context: WriteContext<PerpdexClients>,
  order: WireOrder,
  { reduceOnly, kind }: { reduceOnly: boolean; kind: OrderKind },
): Promise<ToolResult<typeof OrderAnswerSchema.static>> {
  const wire = orderWire(order.ref, {
    isBuy: order.isBuy,
    price: order.wirePrice,
    size: order.wireSize,
    reduceOnly,
    kind,
    cloid: context.clientOrderId,
  });
  const { response, receivedAt } = await context.clients.perpdex.trading.exchange(
    context,
    orderAction([wire]),
  );
  return orderResult(order, context.clientOrderId, response.data?.statuses, receivedAt);
}

/** After a lost answer: the order the venue has under the cloid, as the answer `send` would have given. */
export async function orderByCloid(
  context: PerpdexContext,
  facts: OrderFacts,
  cloid: string,
): Promise<ToolResult<typeof OrderAnswerSchema.static> | undefined> {
  const found = await context.clients.perpdex.trading.orderStatus(context, cloid);
  if (!found.data) return undefined;
  const { order, status } = found.data;
  if (status.endsWith('Rejected'))
    throw new AppError(422, 'ORDER_REJECTED', `perpdex rejected the order (${status})`, {
      details: { upstream: 'perpdex', order_status: status, client_order_id: cloid },
    });
  const filled = Math.max(0, order.size_original - order.size_remaining);
  const data = {
    ...askedFields(facts, cloid),
    order_id: order.order_id,
    status,
    filled_size: status === 'filled' ? order.size_original : filled,
    average_price: null,
  };
  return { data, obtainedAt: found.receivedAt, upstreamIds: [String(order.order_id)] };
}

/** One preparation per call: the pipeline hands `exposure`, `send` and `lookup` the same input object. */
export function oncePerCall<I extends object, T>(make: (input: I, context: PerpdexContext) => Promise<T>) {
  const made = new WeakMap<I, Promise<T>>();
  return (input: I, context: PerpdexContext): Promise<T> => {
    let entry = made.get(input);
    if (!entry) {
      entry = make(input, context);
      made.set(input, entry);
    }
    return entry;
  };
}

/** The account's open position on a coin, or 422 NO_POSITION naming the field: nothing to close or protect. */
export async function positionOf(context: PerpdexContext, coin: string) {
  const state = await context.clients.perpdex.trading.accountState(context);
  const position = state.data.positions.find((entry) => entry.coin === coin && entry.size !== 0);
  if (!position)
    throw new AppError(422, 'NO_POSITION', `the account has no open ${coin} position`, {
      details: { field: 'coin' },
    });
  return position;
}
