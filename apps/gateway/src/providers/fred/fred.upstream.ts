import { defineUpstream } from '../../upstream/upstream-spec.js';
import { FredClient } from './fred-client.js';

/**
 * FRED (notes macro.md U1): the observations API (`api`, needs a key) and the key-less graph CSV (`graph`),
 * two hosts of one upstream. About 120 requests a minute per key is the reported limit: the budget keeps
 * to 100 a minute with a burst of 20, shared by both hosts' calls. The key is optional
 * (`FRED_CREDENTIALS_FILE`, field `api_key`); without it every series is read from the CSV. Readiness
 * asks the CSV host, which needs no key.
 */
const budget = {
  pools: { requests: { capacity: 20, refillPerSecond: 100 / 60 } },
  cost: () => ({ requests: 1 }),
};

export const fredUpstream = defineUpstream({
  name: 'fred',
  environments: 'live-only',
  hosts: {
    api: { publicUrl: 'https://api.stlouisfed.org', budget },
    graph: { publicUrl: 'https://fred.stlouisfed.org', budget },
  },
  credentials: { fields: ['api_key'] },
  probe: {
    host: 'graph',
    method: 'GET',
    path: '/graph/fredgraph.csv',
    query: { id: 'DFF', cosd: '2025-01-01', coed: '2025-01-03' },
    idempotent: true,
    expect: 'text',
  },
  client: (connection) =>
    new FredClient(
      connection.http('api'),
      connection.http('graph'),
      connection.credentials,
      connection.cache,
    ),
});
