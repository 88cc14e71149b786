import type { CredentialHandle } from '../../upstream/credentials.js';
import { defineUpstream } from '../../upstream/upstream-spec.js';
import { IbkrAuthorizer } from './ibkr-authorizer.js';
import { ibkrBudget } from './ibkr-budget.js';
import { IbkrClient } from './ibkr-client.js';
import { ibkrCredentials } from './ibkr-credentials.js';

/** The authorizer of each environment, found by its credential handle (the client and rotation need it). */
const authorizers = new WeakMap<CredentialHandle, IbkrAuthorizer>();

export const authorizerOf = (credentials: CredentialHandle | undefined) =>
  credentials ? authorizers.get(credentials) : undefined;

const IBKR_BASE_URL = 'https://api.ibkr.com/v1/api';

/**
 * broker = IBKR Web API (Client Portal API v1) with first-party OAuth 1.0a (notes broker-ibkr.md). One host
 * for paper and live; the credential set (paper or live username) makes the environment. The simulator serves
 * the same paths under `/v1/api` and issues a set per environment in the sim profile.
 */
export const brokerUpstream = defineUpstream({
  name: 'broker',
  environments: 'test-and-live',
  hosts: {
    api: {
      publicUrl: { test: IBKR_BASE_URL, live: IBKR_BASE_URL },
      simPath: '/v1/api',
      budget: ibkrBudget,
    },
  },
  // Signed, needs no brokerage session, not paced per endpoint.
  probe: { method: 'POST', path: '/iserver/auth/status', idempotent: true },
  credentials: ibkrCredentials,
  authorizer: (scope) => {
    const authorizer = new IbkrAuthorizer(scope);
    authorizers.set(scope.credentials, authorizer);
    return authorizer;
  },
  client: (connection) =>
    new IbkrClient(connection.http(), authorizerOf(connection.credentials), connection.lifecycle),
});
