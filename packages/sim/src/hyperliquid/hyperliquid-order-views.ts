import type { CancelReason, Order, RejectReason } from '../exchange/order.js';
import { triggerCrossed } from '../exchange/validation.js';
import { wireNumber } from './hyperliquid-universe.js';

/** Core orders as Hyperliquid shows them: `frontendOpenOrders` items and `orderStatus` names (notes §4.8, §4.13). */

const sideOf = (order: Readonly<Order>) => (order.side === 'buy' ? 'B' : 'A');

function orderType(order: Readonly<Order>): string {
  if (!order.trigger) return order.timeInForce === 'ioc' ? 'Market' : 'Limit';
  const kind = order.trigger.kind === 'stop' ? 'Stop' : 'Take Profit';
  return `${kind} ${order.type === 'market' ? 'Market' : 'Limit'}`;
}

function tifOf(order: Readonly<Order>): string | null {
  if (order.trigger) return null;
  if (order.postOnly) return 'Alo';
  return order.timeInForce === 'ioc' ? 'Ioc' : 'Gtc';
}

function triggerCondition(order: Readonly<Order>): string {
  if (!order.trigger) return 'N/A';
  // "above" when the order fires on a rise: the price just past the trigger on that side crosses it.
  const above = triggerCrossed(order.trigger, order.side, Number.POSITIVE_INFINITY);
  return `Price ${above ? 'above' : 'below'} ${order.trigger.price}`;
}

export function frontendOrder(order: Readonly<Order>) {
  return {
    coin: order.symbol,
    side: sideOf(order),
    limitPx: wireNumber(order.price ?? 0),
    sz: wireNumber(Math.max(0, Number((order.size - order.filled).toFixed(10)))),
    oid: order.id,
    timestamp: order.createdAt,
    origSz: wireNumber(order.size),
    triggerCondition: triggerCondition(order),
    isTrigger: order.trigger !== null,
    triggerPx: wireNumber(order.trigger?.price ?? 0),
    children: [],
    isPositionTpsl: false,
    reduceOnly: order.reduceOnly,
    orderType: orderType(order),
    tif: tifOf(order),
    cloid: order.clientId,
  };
}

const CANCELLED: Record<CancelReason, string> = {
  user: 'canceled',
  immediate_or_cancel: 'canceled',
  fill_or_kill: 'canceled',
  market_unfilled: 'canceled',
  oco_sibling: 'siblingFilledCanceled',
  oto_primary_closed: 'canceled',
  self_trade: 'selfTradeCanceled',
  reduce_only: 'reduceOnlyCanceled',
};

const REJECTED: Partial<Record<RejectReason, string>> = {
  price_not_on_tick: 'tickRejected',
  invalid_price: 'tickRejected',
  size_below_minimum: 'minTradeNtlRejected',
  insufficient_margin: 'perpMarginRejected',
  reduce_only_would_increase: 'reduceOnlyRejected',
  post_only_would_cross: 'badAloPxRejected',
  bad_trigger_price: 'badTriggerPxRejected',
  no_liquidity: 'marketOrderNoLiquidityRejected',
};

export function orderStatusName(order: Readonly<Order>): string {
  switch (order.state) {
    case 'filled':
      return 'filled';
    case 'triggered':
      return 'triggered';
    case 'cancelled':
      if (order.cancelReason === 'immediate_or_cancel' && order.filled === 0) return 'iocCancelRejected';
      return CANCELLED[order.cancelReason ?? 'user'];
    case 'rejected':
      return REJECTED[order.rejectReason ?? 'invalid_price'] ?? 'rejected';
    default:
      return 'open';
  }
}

/** The per-order error text of a core rejection (notes §6.7). */
export function rejectionMessage(order: Readonly<Order>, bbo: string, asset: number): string {
  switch (order.rejectReason) {
    case 'price_not_on_tick':
      return 'Price must be divisible by tick size.';
    case 'insufficient_margin':
      return 'Insufficient margin to place order.';
    case 'reduce_only_would_increase':
      return 'Reduce only order would increase position.';
    case 'post_only_would_cross':
      return `Post only order would have immediately matched, bbo was ${bbo}. asset=${asset}`;
    case 'bad_trigger_price':
      return 'Invalid TP/SL price.';
    case 'no_liquidity':
      return 'No liquidity available for market order.';
    case 'size_not_on_lot':
    case 'invalid_size':
    case 'size_below_minimum':
      return 'Order has invalid size.';
    default:
      return 'Order has invalid price.';
  }
}
