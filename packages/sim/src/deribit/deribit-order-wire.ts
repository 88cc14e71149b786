import type { PositionView } from '../exchange/margin.js';
import type { Fill, Order, OrderState } from '../exchange/order.js';
import type { SimInstrument } from './deribit-catalogue.js';

/**
 * The core's records in Deribit's wire shapes: the order object (notes §5.3), the user trade (§5.5) and
 * the position (§5.2). Order ids are `<COIN>-<n>`; trigger orders carry a prefix as on the venue
 * (`BTC-SLMB-7`: stop-loss, mark price, buy); only the number after the last dash identifies the order.
 */

const STATE: Record<OrderState, string> = {
  open: 'open',
  partially_filled: 'open',
  filled: 'filled',
  cancelled: 'cancelled',
  rejected: 'rejected',
  untriggered: 'untriggered',
  triggered: 'triggered',
  waiting: 'untriggered',
};

const TRIGGER_SOURCE = { mark: 'mark_price', index: 'index_price', last: 'last_price' } as const;
const TIME_IN_FORCE = { gtc: 'good_til_cancelled', ioc: 'immediate_or_cancel', fok: 'fill_or_kill' } as const;
const CANCEL_REASON: Record<string, string> = {
  user: 'user_request',
  oco_sibling: 'oco_other_closed',
  oto_primary_closed: 'oto_primary_closed',
  reduce_only: 'position_locked',
};

const amount = (value: number) => Math.round(value * 1e8) / 1e8;

export function orderIdOf(order: Pick<Order, 'id' | 'side' | 'trigger'>, coin: string): string {
  if (!order.trigger) return `${coin}-${order.id}`;
  const kind = order.trigger.kind === 'stop' ? 'SL' : 'TP';
  const source = order.trigger.reference[0]!.toUpperCase();
  return `${coin}-${kind}${source}${order.side === 'buy' ? 'B' : 'S'}-${order.id}`;
}

/** The core's id inside a wire order id, or undefined when the text is not one of ours. */
export function coreIdOf(orderId: string): number | undefined {
  const match = /^[A-Z]{2,10}-(?:[A-Z]{4}-)?(\d{1,12})$/.exec(orderId);
  return match ? Number(match[1]) : undefined;
}

export function orderType(order: Pick<Order, 'type' | 'trigger'>): string {
  if (!order.trigger) return order.type;
  return `${order.trigger.kind === 'stop' ? 'stop' : 'take'}_${order.type}`;
}

export function orderWire(order: Readonly<Order>, sim: SimInstrument): Record<string, unknown> {
  const contractSize = Number(sim.wire.contract_size ?? 1);
  const wire: Record<string, unknown> = {
    web: false,
    api: true,
    mobile: false,
    time_in_force: TIME_IN_FORCE[order.timeInForce],
    replaced: false,
    reduce_only: order.reduceOnly,
    price: order.trigger && order.type === 'market' ? 'market_price' : (order.price ?? 'market_price'),
    post_only: order.postOnly !== null,
    reject_post_only: order.postOnly === 'reject',
    order_type: orderType(order),
    order_state: STATE[order.state],
    order_id: orderIdOf(order, sim.spec.coin),
    max_show: order.size,
    last_update_timestamp: order.updatedAt,
    label: order.clientId ?? '',
    is_liquidation: false,
    is_rebalance: false,
    instrument_name: order.symbol,
    filled_amount: amount(order.filled),
    direction: order.side,
    creation_timestamp: order.createdAt,
    average_price: order.averagePrice,
    amount: order.size,
    contracts: amount(order.size / contractSize),
    mmp: false,
    risk_reducing: order.reduceOnly,
  };
  if (order.trigger) {
    wire.trigger = TRIGGER_SOURCE[order.trigger.reference];
    wire.trigger_price = order.trigger.price;
    wire.triggered = order.state === 'triggered';
  }
  if (order.triggerOrderId !== null) wire.trigger_order_id = String(order.triggerOrderId);
  if (order.state === 'cancelled')
    wire.cancel_reason = CANCEL_REASON[order.cancelReason ?? 'user'] ?? 'user_request';
  return wire;
}

export function tradeWire(
  fill: Fill,
  order: Readonly<Order>,
  sim: SimInstrument,
  prices: { index: number; mark: number },
): Record<string, unknown> {
  const contractSize = Number(sim.wire.contract_size ?? 1);
  return {
    trade_seq: fill.id,
    trade_id: String(fill.id),
    timestamp: fill.at,
    tick_direction: 0,
    state: STATE[order.state],
    reduce_only: order.reduceOnly,
    price: fill.price,
    post_only: order.postOnly !== null,
    order_type: order.type,
    order_id: orderIdOf(order, sim.spec.coin),
    matching_id: null,
    mark_price: prices.mark,
    liquidity: fill.liquidity === 'maker' ? 'M' : 'T',
    instrument_name: fill.symbol,
    index_price: prices.index,
    fee_currency: sim.inverse || sim.kind !== 'option' ? sim.wire.settlement_currency : 'USDC',
    fee: amount(fill.fee),
    direction: fill.side,
    amount: fill.size,
    contracts: amount(fill.size / contractSize),
    api: true,
    mmp: false,
    profit_loss: amount(fill.realisedPnl),
    ...(order.clientId ? { label: order.clientId } : {}),
  };
}

export function positionWire(view: PositionView, sim: SimInstrument, index: number): Record<string, unknown> {
  const option = sim.kind === 'option';
  const direction = view.size > 0 ? 'buy' : view.size < 0 ? 'sell' : 'zero';
  const sizeCurrency = sim.inverse && !option ? view.size / view.markPrice : view.size;
  const row: Record<string, unknown> = {
    instrument_name: sim.name,
    kind: sim.kind,
    direction,
    size: view.size,
    average_price: view.entryPrice,
    mark_price: view.markPrice,
    index_price: index,
    settlement_price: view.markPrice,
    floating_profit_loss: amount(view.unrealisedPnl),
    realized_profit_loss: amount(view.realisedPnl),
    total_profit_loss: amount(view.unrealisedPnl + view.realisedPnl),
    initial_margin: amount(view.initialMargin),
    maintenance_margin: amount(view.maintenanceMargin),
    open_orders_margin: 0,
    delta: amount(sizeCurrency),
  };
  if (option) {
    row.average_price_usd = amount(view.entryPrice * (sim.inverse ? index : 1));
    row.floating_profit_loss_usd = amount(view.unrealisedPnl * (sim.inverse ? index : 1));
  } else {
    row.size_currency = amount(sizeCurrency);
    row.leverage = view.leverage;
    row.estimated_liquidation_price = view.liquidationPrice;
    if (sim.expiry === null) {
      row.realized_funding = amount(-view.funding);
      row.interest_value = 0;
    }
  }
  return row;
}
