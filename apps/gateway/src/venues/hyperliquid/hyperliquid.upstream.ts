import { defineUpstream } from '../../upstream/upstream-spec.js';
import { hyperliquidBudget } from './hyperliquid-budget.js';
import { HyperliquidClient } from './hyperliquid-client.js';
import { allMidsRequest, PERPDEX_BASE_URLS } from './hyperliquid-requests.js';

/** perpdex = Hyperliquid API; `allMids` is its cheapest read (weight 2), so readiness probes with it. */
export const perpdexUpstream = defineUpstream({
  name: 'perpdex',
  environments: 'test-and-live',
  hosts: { api: { publicUrl: PERPDEX_BASE_URLS, budget: hyperliquidBudget } },
  probe: allMidsRequest(),
  // The agent (API wallet) key signs; the master account is queried (notes §8). The sim issues both.
  credentials: { fields: ['agent_private_key', 'account_address'] },
  client: (connection) => new HyperliquidClient(connection.http(), connection.cache, connection.credentials),
});
