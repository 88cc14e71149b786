import type { ExchangeCore } from '../exchange/exchange-core.js';
import type { Order, OrderRequest } from '../exchange/order.js';
import { stockByConid } from './ibkr-contracts.js';

/** IBKR order ids are large numbers; the core's ids are offset into that range. */
export const ORDER_ID_BASE = 1_234_567_000;
export const ibkrOrderId = (order: Readonly<Order>) => ORDER_ID_BASE + order.id;

/** One order ticket of `POST /iserver/account/{acct}/orders` (notes §5.5). */
export interface Ticket {
  conid?: unknown;
  orderType?: unknown;
  side?: unknown;
  quantity?: unknown;
  price?: unknown;
  auxPrice?: unknown;
  tif?: unknown;
  cOID?: unknown;
  parentId?: unknown;
  isSingleGroup?: unknown;
}

const TIF: Record<string, OrderRequest['timeInForce']> = { DAY: 'gtc', GTC: 'gtc', IOC: 'ioc', OPG: 'gtc' };

/** The core's request for a ticket, or the IBKR error text. */
export function requestOf(ticket: Ticket, account: string): OrderRequest | string {
  const conid = Number(ticket.conid);
  if (!Number.isInteger(conid) || !stockByConid(conid)) return `Invalid conid: ${String(ticket.conid)}`;
  const side = String(ticket.side ?? '').toUpperCase();
  if (side !== 'BUY' && side !== 'SELL') return 'Invalid side';
  const quantity = Number(ticket.quantity);
  if (!(quantity > 0)) return 'Invalid quantity';
  const tif = TIF[String(ticket.tif ?? 'DAY')];
  if (!tif) return `Invalid tif: ${String(ticket.tif)}`;
  const base = {
    account,
    symbol: String(conid),
    side: side === 'BUY' ? ('buy' as const) : ('sell' as const),
    size: quantity,
    timeInForce: tif,
    ...(typeof ticket.cOID === 'string' ? { clientId: ticket.cOID } : {}),
  };
  const price = Number(ticket.price);
  switch (ticket.orderType) {
    case 'LMT':
      return price > 0 ? { ...base, type: 'limit', price } : 'Limit price required';
    case 'MKT':
      return { ...base, type: 'market' };
    case 'STP':
      return price > 0
        ? { ...base, type: 'market', trigger: { kind: 'stop', price, reference: 'last' } }
        : 'Stop price required';
    case 'STOP_LIMIT': {
      const stop = Number(ticket.auxPrice);
      return price > 0 && stop > 0
        ? { ...base, type: 'limit', price, trigger: { kind: 'stop', price: stop, reference: 'last' } }
        : 'Stop limit needs price and auxPrice';
    }
    default:
      return `Unsupported orderType: ${String(ticket.orderType)}`;
  }
}

/** IBKR's status for a core order (§5.7); a fired stop shows the state of the order it became. */
export function statusOf(core: ExchangeCore, order: Readonly<Order>): string {
  switch (order.state) {
    case 'open':
    case 'partially_filled':
      return 'Submitted';
    case 'untriggered':
    case 'waiting':
      return 'PreSubmitted';
    case 'filled':
      return 'Filled';
    case 'rejected':
      return 'Inactive';
    case 'cancelled':
      return 'Cancelled';
    case 'triggered': {
      const next = order.triggeredOrderId === null ? undefined : core.order(order.triggeredOrderId);
      return next ? statusOf(core, next) : 'Filled';
    }
  }
}

/** The order that carries the fills of `order` (itself, or the order its stop created). */
export function working(core: ExchangeCore, order: Readonly<Order>): Readonly<Order> {
  const next = order.triggeredOrderId === null ? undefined : core.order(order.triggeredOrderId);
  return next ? working(core, next) : order;
}

const TYPE_NAMES: Record<string, [string, string]> = {
  LMT: ['Limit', 'LIMIT'],
  MKT: ['Market', 'MARKET'],
  STP: ['Stop', 'STOP'],
  STOP_LIMIT: ['Stop Limit', 'STOP_LIMIT'],
};

/** An order as `/iserver/account/orders` lists it (notes §5.2, E12). */
export function liveOrderRow(core: ExchangeCore, order: Readonly<Order>, ticket: Ticket) {
  const stock = stockByConid(Number(order.symbol))!;
  const fills = working(core, order);
  const [orderType, origOrderType] = TYPE_NAMES[String(ticket.orderType)] ?? ['Limit', 'LIMIT'];
  return {
    acct: order.account,
    account: order.account,
    orderId: ibkrOrderId(order),
    conid: stock.conid,
    conidex: String(stock.conid),
    ticker: stock.symbol,
    secType: 'STK',
    side: order.side === 'buy' ? 'BUY' : 'SELL',
    orderType,
    origOrderType,
    price: ticket.price === undefined ? '' : String(ticket.price),
    ...(ticket.auxPrice === undefined ? {} : { auxPrice: String(ticket.auxPrice) }),
    timeInForce: String(ticket.tif ?? 'DAY'),
    status: statusOf(core, order),
    totalSize: order.size,
    filledQuantity: fills.filled,
    remainingQuantity: order.size - fills.filled,
    avgPrice: fills.filled > 0 ? String(fills.averagePrice) : '',
    sizeAndFills: `${fills.filled}/${order.size}`,
    order_ref: order.clientId ?? undefined,
    listingExchange: stock.listingExchange,
    companyName: stock.companyName,
    lastExecutionTime_r: order.updatedAt,
    ...(order.ocoGroup === null ? {} : { oca_group_id: String(order.ocoGroup) }),
  };
}
