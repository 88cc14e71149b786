import type { ExchangeCore, Placement } from '../exchange/exchange-core.js';
import type { OrderRequest } from '../exchange/order.js';
import { rejectionMessage } from './hyperliquid-order-views.js';
import { PERP_UNIVERSE, wireNumber } from './hyperliquid-universe.js';

/** `/exchange` actions on the exchange core, answered with Hyperliquid's statuses (notes §6.2–6.5, §6.7). */

type Json = Record<string, unknown>;
type Answer = { status: 'ok'; response: unknown } | { status: 'err'; response: string };

const MIN_NOTIONAL_USD = 10;
const MISSING_ORDER = 'Order was never placed, already canceled, or filled.';

/** The orders refused before reaching the book, by cloid, so `orderStatus` can still report them. */
export type Rejections = Map<string, { status: string; order: Json; at: number }>;

function coinOf(asset: number): string | undefined {
  const entry = PERP_UNIVERSE[asset];
  return entry && !entry.delisted ? entry.name : undefined;
}

/** 5 significant figures and 6 − szDecimals decimals, integers always (notes §5.2). */
function validPrice(text: string, szDecimals: number): boolean {
  if (!text.includes('.')) return true;
  const decimals = text.length - text.indexOf('.') - 1;
  const figures = text.replace('.', '').replace(/^0+/, '').length;
  return figures <= 5 && decimals <= 6 - szDecimals;
}

function request(account: string, coin: string, wire: Json): OrderRequest {
  const t = wire.t as {
    limit?: { tif: string };
    trigger?: { isMarket: boolean; triggerPx: string; tpsl: string };
  };
  const base = {
    account,
    symbol: coin,
    side: wire.b ? ('buy' as const) : ('sell' as const),
    size: Number(wire.s),
    price: Number(wire.p),
    reduceOnly: wire.r === true,
    ...(typeof wire.c === 'string' ? { clientId: wire.c } : {}),
  };
  if (t.trigger)
    return {
      ...base,
      type: t.trigger.isMarket ? 'market' : 'limit',
      trigger: {
        kind: t.trigger.tpsl === 'sl' ? 'stop' : 'take_profit',
        price: Number(t.trigger.triggerPx),
        reference: 'mark',
      },
    };
  const tif = t.limit?.tif;
  return {
    ...base,
    type: 'limit',
    timeInForce: tif === 'Ioc' || tif === 'FrontendMarket' ? 'ioc' : 'gtc',
    ...(tif === 'Alo' ? { postOnly: 'reject' as const } : {}),
  };
}

function bbo(core: ExchangeCore, coin: string): string {
  const book = core.book(coin, 1);
  return `${wireNumber(book.bids[0]?.price ?? 0)}@${wireNumber(book.asks[0]?.price ?? 0)}`;
}

function statusOf(core: ExchangeCore, placed: Placement, asset: number): unknown {
  const { order } = placed;
  const cloid = order.clientId === null ? {} : { cloid: order.clientId };
  if (order.state === 'rejected') return { error: rejectionMessage(order, bbo(core, order.symbol), asset) };
  if (order.state === 'untriggered' || order.state === 'waiting')
    return { resting: { oid: order.id, ...cloid } };
  if (order.filled === 0 && order.state === 'cancelled')
    return { error: 'Order could not immediately match against any resting orders.' };
  if (order.state === 'open' || order.state === 'partially_filled')
    return { resting: { oid: order.id, ...cloid } };
  return {
    filled: {
      totalSz: wireNumber(order.filled),
      avgPx: wireNumber(order.averagePrice),
      oid: order.id,
      ...cloid,
    },
  };
}

/** A problem only the venue layer knows (price format, minimum value), or null. */
function venueProblem(wire: Json, asset: number): string | null {
  const meta = PERP_UNIVERSE[asset]!;
  if (!validPrice(wire.p as string, meta.szDecimals)) return 'Order has invalid price.';
  const trigger = (wire.t as { trigger?: { triggerPx: string } }).trigger;
  if (trigger && !validPrice(trigger.triggerPx, meta.szDecimals)) return 'Order has invalid price.';
  const size = wire.s as string;
  if (size.includes('.') && size.length - size.indexOf('.') - 1 > meta.szDecimals)
    return 'Order has invalid size.';
  if (wire.r !== true && Number(wire.p) * Number(wire.s) < MIN_NOTIONAL_USD)
    return 'Order must have minimum value of $10.';
  return null;
}

export function placeOrders(
  core: ExchangeCore,
  account: string,
  action: Json,
  rejections: Rejections,
  now: number,
): Answer {
  const orders = action.orders as Json[];
  if (orders.length === 0) return { status: 'err', response: 'Order list is empty.' };
  const prepared = orders.map((wire) => {
    const asset = wire.a as number;
    const coin = coinOf(asset);
    const problem = coin ? venueProblem(wire, asset) : 'Asset not found.';
    if (!problem) return { asset, request: request(account, coin!, wire) };
    if (typeof wire.c === 'string') {
      const status = problem.includes('$10') ? 'minTradeNtlRejected' : 'tickRejected';
      rejections.set(`${account}:${wire.c}`, { status, order: wire, at: now });
    }
    return { asset, problem };
  });
  // normalTpsl: the first order is the entry, the others its TP/SL, working only once it fills.
  if (action.grouping === 'normalTpsl' && prepared.length > 1 && prepared.every((p) => p.request)) {
    const [entry, ...children] = prepared.map((p) => p.request!);
    const placed = core.placeOto(entry!, children, { oco: true });
    return ok('order', [
      statusOf(core, placed.primary, prepared[0]!.asset),
      ...placed.secondaries.map((child) =>
        child.order.state === 'waiting' ? 'waitingForFill' : statusOf(core, child, prepared[0]!.asset),
      ),
    ]);
  }
  return ok(
    'order',
    prepared.map((p) => (p.request ? statusOf(core, core.place(p.request), p.asset) : { error: p.problem })),
  );
}

const ok = (type: string, statuses: unknown[]): Answer => ({
  status: 'ok',
  response: { type, data: { statuses } },
});

export function cancelOrders(core: ExchangeCore, account: string, action: Json): Answer {
  const cancels = action.cancels as Json[];
  const statuses = cancels.map((cancel) => {
    const outcome = core.cancel(account, cancel.o as number);
    const order = 'order' in outcome ? outcome.order : undefined;
    return order && order.symbol === coinOf(cancel.a as number) ? 'success' : { error: MISSING_ORDER };
  });
  return ok('cancel', statuses);
}

export function cancelByCloid(core: ExchangeCore, account: string, action: Json): Answer {
  const cancels = action.cancels as Json[];
  const statuses = cancels.map((cancel) => {
    const coin = coinOf(cancel.asset as number);
    const working = core
      .ordersByClientId(account, cancel.cloid as string)
      .filter((order) => order.symbol === coin);
    const cancelled = working.length > 0 && core.cancelByClientId(account, cancel.cloid as string).length > 0;
    return cancelled ? 'success' : { error: MISSING_ORDER };
  });
  return ok('cancel', statuses);
}

export function updateLeverage(core: ExchangeCore, account: string, action: Json): Answer {
  const coin = coinOf(action.asset as number);
  if (!coin) return { status: 'err', response: 'Asset not found.' };
  if (!core.setLeverage(account, coin, action.leverage as number))
    return { status: 'err', response: 'Invalid leverage value' };
  return { status: 'ok', response: { type: 'default' } };
}
