import type { BudgetSpec } from '../../upstream/budget.js';
import type { UpstreamRequest } from '../../upstream/upstream-types.js';

/**
 * IBKR pacing (notes §4.1) as outbound pools: 40 of the 50 requests/s per username, snapshots 10/s, and the
 * slow reads (orders, trades) and `/tickle` (1/s) at the numbers the simulator enforces (a burst at 1/s, docs/decisions.md), so
 * polling bots wait for budget instead of earning the venue's 429 penalty box.
 */
export const ibkrBudget: BudgetSpec = {
  pools: {
    global: { capacity: 40, refillPerSecond: 40, writeReserve: 8 },
    snapshot: { capacity: 10, refillPerSecond: 10 },
    orders_read: { capacity: 8, refillPerSecond: 1 },
    trades_read: { capacity: 4, refillPerSecond: 1 },
    tickle: { capacity: 1, refillPerSecond: 1 },
  },
  cost(request: UpstreamRequest): Record<string, number> {
    if (request.path.endsWith('/marketdata/snapshot')) return { global: 1, snapshot: 1 };
    if (request.method === 'GET' && request.path === '/iserver/account/orders')
      return { global: 1, orders_read: 1 };
    if (request.path === '/iserver/account/trades') return { global: 1, trades_read: 1 };
    if (request.path === '/tickle') return { global: 1, tickle: 1 };
    return { global: 1 };
  },
};
