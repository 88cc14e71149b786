import { defineUpstream } from '../../upstream/upstream-spec.js';
import { deribitAuthorizer } from './deribit-auth.js';
import { deribitBudget, deribitRateLimited } from './deribit-budget.js';
import { DeribitClient } from './deribit-client.js';
import { OPTX_BASE_URLS, timeRequest } from './deribit-requests.js';

/** optx = Deribit API v2; the simulator serves the same `/api/v2/...` paths on loopback. */
export const optxUpstream = defineUpstream({
  name: 'optx',
  environments: 'test-and-live',
  hosts: { api: { publicUrl: OPTX_BASE_URLS, simPath: '/api/v2', budget: deribitBudget } },
  probe: timeRequest(),
  rateLimited: deribitRateLimited,
  // Private methods (the optx namespace's account and order tools) take a Bearer token from `public/auth`.
  credentials: { fields: ['client_id', 'client_secret'] },
  authorizer: deribitAuthorizer,
  client: (connection) => new DeribitClient(connection.http(), connection.cache, connection.credentials),
});
