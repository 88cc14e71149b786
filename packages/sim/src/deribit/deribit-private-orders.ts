import type { Fill, Order, Side } from '../exchange/order.js';
import { isFinal } from '../exchange/order.js';
import { comboOrder, createCombo, isCombo } from './deribit-combos.js';
import { OPTX_ACCOUNT, type OptxMarket } from './deribit-exchange.js';
import { orderRequest, rejection, tradedInstrument } from './deribit-order-params.js';
import { coreIdOf, orderType, orderWire, tradeWire } from './deribit-order-wire.js';
import {
  invalidParams,
  oneOfParam,
  optionalString,
  type Query,
  RpcError,
  requiredString,
} from './deribit-rpc.js';

/** Order entry on the core: `private/buy|sell|cancel|cancel_all*|close_position` (notes §5.5–§5.7). */

export type PrivateMethod = (market: OptxMarket, query: Query) => unknown;

const CANCEL_TYPES = ['all', 'limit', 'trigger_all', 'stop', 'take', 'trailing_stop', 'market'] as const;

export function ownOrder(market: OptxMarket, orderId: string): Readonly<Order> {
  const id = coreIdOf(orderId);
  const order = id === undefined ? undefined : market.core.order(id);
  if (!order || order.account !== OPTX_ACCOUNT) throw new RpcError(10004, 'order_not_found');
  return order;
}

export const wireOf = (market: OptxMarket, order: Readonly<Order>) =>
  orderWire(order, market.instruments.get(order.symbol)!);

/** `{order, trades}` of a placement: the order as it stands and its fills during the call. */
function placed(market: OptxMarket, order: Readonly<Order>, fills: readonly Fill[]) {
  const sim = market.instruments.get(order.symbol)!;
  const prices = market.quote(order.symbol);
  return { order: orderWire(order, sim), trades: fills.map((fill) => tradeWire(fill, order, sim, prices)) };
}

function place(market: OptxMarket, side: Side, query: Query) {
  const request = orderRequest(market, side, query);
  const { order, fills } = market.core.place(request);
  if (order.state === 'rejected')
    throw rejection(order.rejectReason ?? 'invalid_price', market.core.instrument(order.symbol));
  return placed(market, order, fills);
}

/** Whether an order matches a `type` filter of the cancel and open-order methods. */
export function ofType(order: Readonly<Order>, type: string): boolean {
  const kind = orderType(order);
  switch (type) {
    case 'all':
      return true;
    case 'limit':
    case 'market':
      return !order.trigger && order.type === type;
    case 'trigger_all':
      return order.trigger !== null;
    case 'stop':
    case 'stop_all':
      return kind.startsWith('stop_');
    case 'take':
    case 'take_all':
      return kind.startsWith('take_');
    default:
      return kind === type;
  }
}

function cancelMatching(market: OptxMarket, keep: (order: Readonly<Order>) => boolean): number {
  let count = 0;
  for (const order of market.core.openOrders(OPTX_ACCOUNT))
    if (keep(order) && !isFinal(order) && 'order' in market.core.cancel(OPTX_ACCOUNT, order.id)) count++;
  return count;
}

const currencyOf = (market: OptxMarket, symbol: string) => market.instruments.get(symbol)!.listedUnder;

/** A plain order, or a combo order when the name is a combo id (notes §6). */
function entry(market: OptxMarket, side: Side, query: Query) {
  if (isCombo(market, optionalString(query, 'instrument_name')))
    return comboOrder(market, side, query, market.now());
  return place(market, side, query);
}

export const orderMethods: Record<string, PrivateMethod> = {
  buy: (market, query) => entry(market, 'buy', query),
  sell: (market, query) => entry(market, 'sell', query),
  create_combo: (market, query) => createCombo(market, query, market.now()),

  cancel: (market, query) => {
    const order = ownOrder(market, requiredString(query, 'order_id'));
    const outcome = market.core.cancel(OPTX_ACCOUNT, order.id);
    if ('error' in outcome) throw new RpcError(11044, 'not_open_order');
    return wireOf(market, outcome.order);
  },

  cancel_all: (market) => cancelMatching(market, () => true),

  cancel_all_by_currency: (market, query) => {
    const currency = requiredString(query, 'currency');
    const kind = optionalString(query, 'kind');
    const type = oneOfParam(query, 'type', CANCEL_TYPES) ?? 'all';
    return cancelMatching(
      market,
      (order) =>
        currencyOf(market, order.symbol) === currency &&
        (!kind || kind === 'any' || market.instruments.get(order.symbol)!.kind === kind) &&
        ofType(order, type),
    );
  },

  cancel_all_by_instrument: (market, query) => {
    const sim = tradedInstrument(market, requiredString(query, 'instrument_name'));
    const type = oneOfParam(query, 'type', CANCEL_TYPES) ?? 'all';
    return cancelMatching(market, (order) => order.symbol === sim.name && ofType(order, type));
  },

  cancel_by_label: (market, query) => {
    const label = requiredString(query, 'label');
    return cancelMatching(market, (order) => order.clientId === label);
  },

  /** A reduce-only order for the whole position, opposite side; no position: 10010 (code unverified, §13 #14). */
  close_position: (market, query) => {
    const sim = tradedInstrument(market, requiredString(query, 'instrument_name'));
    const type = oneOfParam(query, 'type', ['limit', 'market'] as const);
    if (!type) throw invalidParams('value is required', 'type');
    const { size } = market.core.position(OPTX_ACCOUNT, sim.name);
    if (size === 0) throw new RpcError(10010, 'already_closed');
    const price = optionalString(query, 'price');
    return place(market, size > 0 ? 'sell' : 'buy', {
      instrument_name: sim.name,
      amount: String(Math.abs(size)),
      type,
      reduce_only: 'true',
      ...(price === undefined ? {} : { price }),
    });
  },
};
