import type { LimitRules } from '../frame/limits.js';

/**
 * IBKR's pacing (notes §4.1) as the frame's buckets: 50 requests/s per username overall, and the per-endpoint
 * limits of the table, except that the 1-per-5-s reads (orders, trades, portfolio accounts) are relaxed to a
 * burst of 5-10 at 1/s: bots and tests poll open orders while they wait for fills (docs/decisions.md).
 */
export const IBKR_LIMITS: LimitRules = {
  global: { pool: 50, refillPerSecond: 50, cost: 1 },
  snapshot: { pool: 10, refillPerSecond: 10, cost: 1 },
  orders_read: { pool: 10, refillPerSecond: 1, cost: 1 },
  trades_read: { pool: 5, refillPerSecond: 1, cost: 1 },
  portfolio_accounts: { pool: 5, refillPerSecond: 1, cost: 1 },
  tickle: { pool: 2, refillPerSecond: 1, cost: 1 },
};

/** The endpoint bucket of a request path, if it has one besides the global limit. */
export function endpointBucket(method: string, path: string): string | undefined {
  if (path.endsWith('/iserver/marketdata/snapshot')) return 'snapshot';
  if (method === 'GET' && path.endsWith('/iserver/account/orders')) return 'orders_read';
  if (path.endsWith('/iserver/account/trades')) return 'trades_read';
  if (path.endsWith('/portfolio/accounts')) return 'portfolio_accounts';
  if (path.endsWith('/tickle')) return 'tickle';
  return undefined;
}
