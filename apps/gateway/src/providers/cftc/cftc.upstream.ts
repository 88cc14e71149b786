import { defineUpstream } from '../../upstream/upstream-spec.js';
import { CftcClient } from './cftc-client.js';

/**
 * CFTC Public Reporting (Socrata, notes macro.md U4): without an app token requests share an IP-based pool
 * and may be throttled; the budget keeps to 30 a minute with a burst of 10, which the weekly cache makes
 * ample. The token is optional (`CFTC_CREDENTIALS_FILE`, field `app_token`).
 */
export const cftcUpstream = defineUpstream({
  name: 'cftc',
  environments: 'live-only',
  hosts: {
    api: {
      publicUrl: 'https://publicreporting.cftc.gov',
      budget: { pools: { requests: { capacity: 10, refillPerSecond: 0.5 } }, cost: () => ({ requests: 1 }) },
    },
  },
  credentials: { fields: ['app_token'] },
  probe: {
    method: 'GET',
    path: '/resource/gpe5-46if.json',
    query: { $limit: 1, $select: 'report_date_as_yyyy_mm_dd' },
    idempotent: true,
  },
  client: (connection) => new CftcClient(connection.http(), connection.credentials, connection.cache),
});
