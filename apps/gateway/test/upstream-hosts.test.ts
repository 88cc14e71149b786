import { type RunningSimulator, startSimulator } from '@app/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedStats, feedsNamespace, feedsSimulator, feedsUpstream } from './fixtures/feeds.fixture.js';
import { type Gateway, MAINNET, startGateway } from './helpers.js';

/** A provider with two hosts and one environment, and the lifecycle of what its client opens. */

let elsewhere: RunningSimulator;
let gateway: Gateway;
beforeAll(async () => {
  // A second copy of the provider's simulator stands for another deployment of the beta host.
  elsewhere = await startSimulator(feedsSimulator('elsewhere'));
  gateway = await startGateway({
    specs: [feedsUpstream],
    simulators: [feedsSimulator('fleet')],
    namespaces: [feedsNamespace()],
    env: { FEEDS_BETA_URL: `${elsewhere.live.url}/beta` },
  });
});
afterAll(async () => {
  await gateway.close();
  await elsewhere.close();
});

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('a provider with two hosts', () => {
  it('reaches each host at its own simulator route, or at its base-URL override', async () => {
    const fleet = gateway.sims.get('feeds')!.live;
    fleet.resetHits();
    elsewhere.live.resetHits();
    const response = await gateway.call('/mcp-feeds/tools/get_values', {});
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ alpha: '1@fleet', beta: '2@elsewhere', simulated: true });
    expect(body).not.toHaveProperty('testnet');
    expect(fleet.requests({ path: '/alpha/value' })).toHaveLength(1);
    expect(fleet.requests({ path: '/beta/value' })).toHaveLength(0);
    expect(elsewhere.live.requests({ path: '/beta/value' })).toHaveLength(1);
  });

  it('is read by both tokens from its one environment', async () => {
    const testnet = await gateway.call('/mcp-feeds/tools/get_values', {});
    const mainnet = await gateway.call(
      '/mcp-feeds/tools/get_values',
      {},
      { authorization: `Bearer ${MAINNET}` },
    );
    expect(testnet.status).toBe(200);
    expect(mainnet.status).toBe(200);
    expect(gateway.sims.get('feeds')!.test.requests()).toHaveLength(0);
  });

  it('is probed once by readiness, on the host its probe names', async () => {
    const ready = await fetch(`${gateway.url}/health/ready`);
    const body = (await ready.json()) as {
      upstreams: { name: string; environment: string; host: string; base_url: string }[];
    };
    expect(body.upstreams).toEqual([
      expect.objectContaining({
        name: 'feeds',
        environment: 'live',
        host: 'beta',
        base_url: `${elsewhere.live.url}/beta`,
      }),
    ]);
  });
});

describe('lifecycle', () => {
  it('closes the client’s websocket and stops its keep-alive timer when the app closes', async () => {
    await until(() => feedStats.open === 1 && feedStats.pings > 2);
    expect(feedStats.open).toBe(1);
    expect(feedStats.pings).toBeGreaterThan(2);
    await gateway.server.close();
    expect(gateway.upstreams.registry.lifecycle.closed).toBe(true);
    await until(() => feedStats.open === 0);
    expect(feedStats.open).toBe(0);
    const pings = feedStats.pings;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(feedStats.pings).toBe(pings);
  });
});
