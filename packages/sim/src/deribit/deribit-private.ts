import type { OptxMarket } from './deribit-exchange.js';
import { accountMethods } from './deribit-private-account.js';
import { orderMethods, type PrivateMethod } from './deribit-private-orders.js';

/**
 * The `private/*` methods the simulator answers, each with the key scope it needs (notes §2.4): order entry
 * `trade:read_write`, order reads `trade:read`, positions and the account summary `account:read`.
 */

interface ScopedMethod {
  scope: string;
  run: PrivateMethod;
}

const TRADE_READS = new Set([
  'get_open_orders_by_currency',
  'get_open_orders_by_instrument',
  'get_open_orders',
  'get_order_state',
  'get_order_state_by_label',
  'get_user_trades_by_instrument',
  'get_user_trades_by_currency',
]);

function scoped(): Record<string, ScopedMethod> {
  const table: Record<string, ScopedMethod> = {};
  for (const [name, run] of Object.entries(orderMethods)) table[name] = { scope: 'trade:read_write', run };
  for (const [name, run] of Object.entries(accountMethods))
    table[name] = { scope: TRADE_READS.has(name) ? 'trade:read' : 'account:read', run };
  return table;
}

export const privateMethods: Readonly<Record<string, ScopedMethod>> = scoped();

export type { OptxMarket };
