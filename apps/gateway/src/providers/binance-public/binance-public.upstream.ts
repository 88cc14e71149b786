import { defineUpstream } from '../../upstream/upstream-spec.js';
import type { UpstreamRequest } from '../../upstream/upstream-types.js';
import { BinancePublicClient } from './binance-public-client.js';

/** Request weights of the public endpoints the client uses (Binance's documented weights; klines by limit). */
function weight(request: UpstreamRequest): number {
  if (request.path === '/fapi/v1/premiumIndex') return request.query?.symbol === undefined ? 10 : 1;
  if (request.path.endsWith('/klines')) {
    const limit = Number(request.query?.limit ?? 500);
    return limit < 100 ? 1 : limit < 500 ? 2 : limit <= 1000 ? 5 : 10;
  }
  return 1;
}

/**
 * Binance's public market data (notes sentiment.md S6), key-less: USD-M futures (`fapi`) and spot. The limit
 * is 2400 weight a minute per IP (unverified); the gateway keeps to a quarter of it, 10 a second with a burst
 * of 120, per host.
 */
export const binancePublicUpstream = defineUpstream({
  name: 'binance-public',
  environments: 'live-only',
  hosts: {
    futures: {
      publicUrl: 'https://fapi.binance.com',
      simPath: '/futures',
      budget: {
        pools: { weight: { capacity: 120, refillPerSecond: 10 } },
        cost: (r) => ({ weight: weight(r) }),
      },
    },
    spot: {
      publicUrl: 'https://api.binance.com',
      simPath: '/spot',
      budget: {
        pools: { weight: { capacity: 120, refillPerSecond: 10 } },
        cost: (r) => ({ weight: weight(r) }),
      },
    },
  },
  probe: { method: 'GET', path: '/fapi/v1/fundingInfo', idempotent: true },
  client: (connection) =>
    new BinancePublicClient(connection.http('futures'), connection.http('spot'), connection.cache),
});
