import { defineUpstream } from '../../upstream/upstream-spec.js';
import { TREASURY_XML_PATH, TreasuryClient } from './treasury-client.js';

/**
 * The US Treasury daily par yield curve feed (notes macro.md U3): public, no key, no documented rate limit.
 * The budget is the gateway's own courtesy, 60 requests a minute with a burst of 20; with the 30-minute
 * cache a busy gateway sends a few an hour. Readiness reads a small, fixed month.
 */
export const treasuryUpstream = defineUpstream({
  name: 'treasury',
  environments: 'live-only',
  hosts: {
    api: {
      publicUrl: 'https://home.treasury.gov',
      budget: {
        pools: { requests: { capacity: 20, refillPerSecond: 1 } },
        cost: () => ({ requests: 1 }),
      },
    },
  },
  probe: {
    method: 'GET',
    path: TREASURY_XML_PATH,
    query: { data: 'daily_treasury_yield_curve', field_tdr_date_value_month: '202501' },
    idempotent: true,
    expect: 'text',
  },
  client: (connection) => new TreasuryClient(connection.http(), connection.cache),
});
