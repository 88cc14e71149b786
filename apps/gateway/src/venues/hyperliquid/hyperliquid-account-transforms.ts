import { decimal } from './hyperliquid-transforms.js';

/** Pure readers of Hyperliquid account replies (notes §4.7–4.9, §4.13, §4.14): decimal strings become numbers. */

type Json = Record<string, unknown>;
const n = (value: unknown) => decimal(value) ?? 0;
const iso = (ms: unknown) => new Date(Number(ms)).toISOString();

export interface PerpPosition {
  coin: string;
  /** Signed size in base units: positive long, negative short. */
  size: number;
  side: 'long' | 'short';
  entry_price: number;
  position_value_usd: number;
  unrealized_pnl_usd: number;
  return_on_equity: number;
  liquidation_price: number | null;
  leverage: number;
  leverage_type: string;
  margin_used_usd: number;
  max_leverage: number | null;
  cumulative_funding_usd: number;
}

export interface AccountState {
  positions: PerpPosition[];
  account_value_usd: number;
  total_notional_usd: number;
  total_margin_used_usd: number;
  maintenance_margin_usd: number;
  withdrawable_usd: number;
}

export function readClearinghouse(body: unknown): AccountState {
  const state = (body ?? {}) as Json;
  const summary = (state.marginSummary ?? {}) as Json;
  const positions = ((state.assetPositions ?? []) as Json[]).map((entry) => {
    const p = entry.position as Json;
    const size = n(p.szi);
    const leverage = (p.leverage ?? {}) as Json;
    return {
      coin: String(p.coin),
      size,
      side: size >= 0 ? ('long' as const) : ('short' as const),
      entry_price: n(p.entryPx),
      position_value_usd: n(p.positionValue),
      unrealized_pnl_usd: n(p.unrealizedPnl),
      return_on_equity: n(p.returnOnEquity),
      liquidation_price: decimal(p.liquidationPx),
      leverage: n(leverage.value),
      leverage_type: String(leverage.type ?? 'cross'),
      margin_used_usd: n(p.marginUsed),
      max_leverage: typeof p.maxLeverage === 'number' ? p.maxLeverage : null,
      cumulative_funding_usd: n((p.cumFunding as Json | undefined)?.allTime),
    };
  });
  return {
    positions,
    account_value_usd: n(summary.accountValue),
    total_notional_usd: n(summary.totalNtlPos),
    total_margin_used_usd: n(summary.totalMarginUsed),
    maintenance_margin_usd: n(state.crossMaintenanceMarginUsed),
    withdrawable_usd: n(state.withdrawable),
  };
}

export interface OpenOrder {
  order_id: number;
  client_order_id: string | null;
  coin: string;
  side: 'buy' | 'sell';
  price: number;
  size_remaining: number;
  size_original: number;
  order_type: string;
  time_in_force: string | null;
  reduce_only: boolean;
  is_trigger: boolean;
  trigger_price: number | null;
  trigger_condition: string | null;
  created_at: string;
}

export function readOrder(order: Json): OpenOrder {
  return {
    order_id: Number(order.oid),
    client_order_id: typeof order.cloid === 'string' ? order.cloid : null,
    coin: String(order.coin),
    side: order.side === 'B' ? 'buy' : 'sell',
    price: n(order.limitPx),
    size_remaining: n(order.sz),
    size_original: n(order.origSz ?? order.sz),
    order_type: String(order.orderType ?? 'Limit'),
    time_in_force: typeof order.tif === 'string' ? order.tif : null,
    reduce_only: order.reduceOnly === true,
    is_trigger: order.isTrigger === true,
    trigger_price: order.isTrigger === true ? n(order.triggerPx) : null,
    trigger_condition: order.isTrigger === true ? String(order.triggerCondition) : null,
    created_at: iso(order.timestamp),
  };
}

export const readOpenOrders = (body: unknown): OpenOrder[] => ((body ?? []) as Json[]).map(readOrder);

/** `orderStatus`: the order and its status name, or undefined for `unknownOid`. */
export function readOrderStatus(body: unknown): { order: OpenOrder; status: string } | undefined {
  const answer = (body ?? {}) as Json;
  if (answer.status !== 'order') return undefined;
  const wrapped = answer.order as Json;
  return { order: readOrder(wrapped.order as Json), status: String(wrapped.status) };
}

export interface UserFill {
  coin: string;
  side: 'buy' | 'sell';
  price: number;
  size: number;
  time: string;
  direction: string;
  closed_pnl_usd: number;
  fee_usd: number;
  taker: boolean;
  order_id: number;
  trade_id: number;
}

export const readFills = (body: unknown): UserFill[] =>
  ((body ?? []) as Json[]).map((fill) => ({
    coin: String(fill.coin),
    side: fill.side === 'B' ? 'buy' : 'sell',
    price: n(fill.px),
    size: n(fill.sz),
    time: iso(fill.time),
    direction: String(fill.dir ?? ''),
    closed_pnl_usd: n(fill.closedPnl),
    fee_usd: n(fill.fee),
    taker: fill.crossed === true,
    order_id: Number(fill.oid),
    trade_id: Number(fill.tid),
  }));

export const readFees = (body: unknown) => {
  const fees = (body ?? {}) as Json;
  return { taker_rate: n(fees.userCrossRate), maker_rate: n(fees.userAddRate) };
};
