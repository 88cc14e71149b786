import type { Static } from '@sinclair/typebox';
import type { OrderSchema } from './order.schema.js';

type Order = Static<typeof OrderSchema>;

const num = (value: unknown): number | null => {
  if (value === undefined || value === null || value === '') return null;
  const parsed = Number(String(value).replace(/,/g, ''));
  return Number.isFinite(parsed) ? parsed : null;
};

const OPEN = new Set(['PendingSubmit', 'PreSubmitted', 'Submitted', 'PendingCancel', 'ApiPending']);
export const isOpenStatus = (status: string) => OPEN.has(status);

/** A row of `/iserver/account/orders` (notes §5.2) as the tools answer it. */
export function orderOfRow(row: Record<string, unknown>): Order {
  const type = String(row.origOrderType ?? row.orderType ?? '');
  const price = num(row.price);
  const aux = num(row.auxPrice);
  return {
    order_id: String(row.orderId),
    client_order_id: typeof row.order_ref === 'string' ? row.order_ref : null,
    conid: Number(row.conid),
    symbol: typeof row.ticker === 'string' ? row.ticker : null,
    side: String(row.side).toUpperCase().startsWith('B') ? 'buy' : 'sell',
    type,
    quantity: num(row.totalSize) ?? 0,
    filled: num(row.filledQuantity) ?? 0,
    // IBKR puts a stop order's trigger in `price`, a stop-limit's in `auxPrice`.
    price: type === 'STOP' ? null : price,
    stop_price: type === 'STOP' ? price : type === 'STOP_LIMIT' ? aux : null,
    average_fill_price: num(row.avgPrice),
    status: String(row.status ?? ''),
    tif: String(row.timeInForce ?? ''),
  };
}

export { num };
