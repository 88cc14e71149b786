import { type Scrape, scrape } from '@app/kit/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIVE_POLICY } from '../../src/venues/cache-policies.js';
import { type MarketGateway, startMarketGateway } from './support/market-gateway.js';

/** The cache series of a production upstream, scraped over HTTP while its simulator answers and fails. */

let market: MarketGateway;
beforeAll(async () => {
  market = await startMarketGateway();
});
afterAll(() => market.close());
beforeEach(() => market.reset());

const metrics = () => scrape(`${market.gateway.url}/metrics`);
const cache = (scraped: Scrape, result: string) =>
  scraped.value('gateway_upstream_cache_requests_total', {
    upstream: 'perpdex',
    environment: 'live',
    result,
  });
const moved = (before: Scrape, after: Scrape, result: string) => cache(after, result) - cache(before, result);
const expire = () => new Promise((resolve) => setTimeout(resolve, LIVE_POLICY.ttlMs + 50));

describe('upstream cache series', () => {
  it('counts a miss, then a hit for the repeat', async () => {
    await expire();
    const before = await metrics();
    await market.tool('get_markets', {});
    await market.tool('get_markets', {});
    const after = await metrics();
    expect(moved(before, after, 'miss')).toBeGreaterThanOrEqual(1);
    expect(moved(before, after, 'hit')).toBeGreaterThanOrEqual(1);
  });

  it('counts a stale answer and the upstream failure behind it', async () => {
    await market.tool('get_markets', {});
    market.sim('perpdex').faults.inject({ path: '/info', fault: { kind: 'error', status: 503 } });
    await expire();
    const before = await metrics();
    expect((await market.tool('get_markets', {})).stale).toBe(true);
    const after = await metrics();
    expect(moved(before, after, 'stale')).toBe(1);
    const failed = { upstream: 'perpdex', environment: 'live', outcome: 'http_5xx' };
    expect(
      after.value('gateway_upstream_calls_total', failed) -
        before.value('gateway_upstream_calls_total', failed),
    ).toBeGreaterThanOrEqual(1);
  });
});
