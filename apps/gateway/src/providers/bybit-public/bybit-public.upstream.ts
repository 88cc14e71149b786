import { defineUpstream } from '../../upstream/upstream-spec.js';
import { BybitPublicClient } from './bybit-public-client.js';

/**
 * Bybit v5 public market data (notes sentiment.md S7), key-less. Bybit allows 600 requests per 5 s per IP
 * and bans for a while after; the gateway keeps to 10 a second with a burst of 40.
 */
export const bybitPublicUpstream = defineUpstream({
  name: 'bybit-public',
  environments: 'live-only',
  hosts: {
    api: {
      publicUrl: 'https://api.bybit.com',
      budget: { pools: { requests: { capacity: 40, refillPerSecond: 10 } }, cost: () => ({ requests: 1 }) },
    },
  },
  probe: {
    method: 'GET',
    path: '/v5/market/tickers',
    query: { category: 'linear', symbol: 'BTCUSDT' },
    idempotent: true,
  },
  client: (connection) => new BybitPublicClient(connection.http(), connection.cache),
});
