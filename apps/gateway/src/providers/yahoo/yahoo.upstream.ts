import { defineUpstream } from '../../upstream/upstream-spec.js';
import { YahooClient } from './yahoo-client.js';

/**
 * Yahoo Finance's chart API v8 (notes macro.md U2): unofficial, no key, throttled per IP without a published
 * number. The budget is the gateway's own restraint, 60 requests a minute with a burst of 20 per host;
 * with the 60 s quote cache a busy gateway asks each symbol about once a minute. Two hosts: `query2` is
 * asked once when `query1` throttles or fails.
 */
const budget = {
  pools: { requests: { capacity: 20, refillPerSecond: 1 } },
  cost: () => ({ requests: 1 }),
};

export const yahooUpstream = defineUpstream({
  name: 'yahoo',
  environments: 'live-only',
  hosts: {
    query1: { publicUrl: 'https://query1.finance.yahoo.com', budget },
    query2: { publicUrl: 'https://query2.finance.yahoo.com', budget },
  },
  probe: {
    method: 'GET',
    path: '/v8/finance/chart/%5EGSPC',
    query: { range: '1d', interval: '1d' },
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' },
    idempotent: true,
  },
  client: (connection) =>
    new YahooClient(connection.http('query1'), connection.http('query2'), connection.cache),
});
