import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { urlVariable } from '../../src/upstream/upstream-variables.js';
import { LIVE_POLICY } from '../../src/venues/cache-policies.js';
import { perpdexUpstream } from '../../src/venues/hyperliquid/hyperliquid.upstream.js';
import { type MarketGateway, PINNED_NOW, startMarketGateway } from './support/market-gateway.js';

/** The gateway's clock moves on by hand; cache expiry runs on real time. */
let offset = 0;
const now = () => PINNED_NOW + offset;

let market: MarketGateway;
beforeAll(async () => {
  market = await startMarketGateway({ now });
});
afterAll(() => market.close());
beforeEach(async () => {
  offset = 0;
  await market.reset();
});

const infoCalls = (type: string) =>
  market
    .sim('perpdex')
    .requests({ path: '/info' })
    .filter((r) => (r.body as { type?: string }).type === type).length;

describe('venue answers cached per upstream and environment', () => {
  it('answers a repeat from the cache with the time it was obtained upstream, then refetches', async () => {
    const first = await market.tool('get_markets', {});
    offset = 1_000;
    const second = await market.tool('get_markets', {});
    expect(second.data_timestamp).toBe(first.data_timestamp);
    expect(infoCalls('metaAndAssetCtxs')).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, LIVE_POLICY.ttlMs + 50));
    const third = await market.tool('get_markets', {});
    expect(third.data_timestamp).toBe(new Date(PINNED_NOW + 1_000).toISOString());
    expect(infoCalls('metaAndAssetCtxs')).toBe(2);
  });

  it('makes one upstream call for 50 concurrent identical requests', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => market.tool('get_instruments', { exchange: 'perpdex' })),
    );
    expect(new Set(answers.map((a) => a.instruments.length)).size).toBe(1);
    expect(infoCalls('metaAndAssetCtxs')).toBe(1);
  });

  it('serves the last answer marked stale while the venue fails, with its own data_timestamp', async () => {
    const fresh = await market.tool('get_markets', {});
    expect(fresh).not.toHaveProperty('stale');
    market.sim('perpdex').faults.inject({ path: '/info', fault: { kind: 'error', status: 503 } });
    offset = 5_000;
    await new Promise((resolve) => setTimeout(resolve, LIVE_POLICY.ttlMs + 50));
    const stale = await market.tool('get_markets', {});
    expect(stale.stale).toBe(true);
    expect(stale.data_timestamp).toBe(fresh.data_timestamp);
    expect(stale.markets).toEqual(fresh.markets);
  });
});

describe.runIf(process.env.REDIS_URL)('two gateway instances on one Redis', () => {
  it('make one upstream call for one cache miss', async () => {
    const prefix = `gateway-test:${randomUUID()}:`;
    const env = { REDIS_URL: process.env.REDIS_URL! };
    const a = await startMarketGateway({ env, redisPrefix: prefix });
    const b = await startMarketGateway({
      redisPrefix: prefix,
      env: { ...env, [urlVariable(perpdexUpstream, 'api', 'live')]: a.sim('perpdex').url },
    });
    const metaCalls = () =>
      a
        .sim('perpdex')
        .requests({ path: '/info' })
        .filter((r) => (r.body as { type?: string } | undefined)?.type === 'metaAndAssetCtxs');
    try {
      // Instance a's load is held upstream (0.6 s; the harness's attempt timeout is 1 s) and b's requests
      // start once it has reached the venue, so b finds it in flight (the lock) or landed (the entry,
      // fresh for 2 s): a slow machine cannot turn b's requests into a second miss of their own by
      // arriving after the entry expired. (A held request's body is read after the hold: count requests.)
      const infoRequests = () => a.sim('perpdex').requests({ path: '/info' }).length;
      const before = infoRequests();
      a.sim('perpdex').faults.inject({ path: '/info', fault: { kind: 'latency', ms: 600 } });
      const fromA = Promise.all(Array.from({ length: 10 }, () => a.tool('get_markets', {})));
      await vi.waitFor(() => expect(infoRequests()).toBeGreaterThan(before), {
        timeout: 10_000,
        interval: 5,
      });
      const fromB = Promise.all(Array.from({ length: 10 }, () => b.tool('get_markets', {})));
      const answers = [...(await fromA), ...(await fromB)];
      expect(new Set(answers.map((answer) => answer.data_timestamp)).size).toBe(1);
      expect(metaCalls()).toHaveLength(1);
      expect(b.sim('perpdex').hits({ path: '/info' })).toBe(0);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
