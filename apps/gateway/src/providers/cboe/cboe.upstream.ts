import { defineUpstream } from '../../upstream/upstream-spec.js';
import { CboeClient, VIX_HISTORY_PATH } from './cboe-client.js';

/**
 * Cboe's CDN of index history files (notes macro.md U6): public, no key, no published limit. One file is
 * read, held an hour: the budget (30 a minute, burst 10) is the gateway's courtesy.
 */
export const cboeUpstream = defineUpstream({
  name: 'cboe',
  environments: 'live-only',
  hosts: {
    api: {
      publicUrl: 'https://cdn.cboe.com',
      budget: { pools: { requests: { capacity: 10, refillPerSecond: 0.5 } }, cost: () => ({ requests: 1 }) },
    },
  },
  probe: { method: 'GET', path: VIX_HISTORY_PATH, idempotent: true, expect: 'text' },
  client: (connection) => new CboeClient(connection.http(), connection.cache),
});
