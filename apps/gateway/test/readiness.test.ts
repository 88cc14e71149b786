import { afterEach, describe, expect, it } from 'vitest';
import { type Envelope, type Gateway, startGateway } from './helpers.js';

interface Readiness {
  status: string;
  profile: string;
  upstreams: { name: string; environment: string; state: string; circuit: string; error: string | null }[];
}

let gateway: Gateway | undefined;
afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
});

async function ready(g: Gateway) {
  const res = await fetch(`${g.url}/health/ready`);
  return { status: res.status, body: (await res.json()) as Readiness };
}

describe('/health/ready', () => {
  it('moves ready → degraded → not_ready as simulators stop, listing each upstream and environment', async () => {
    gateway = await startGateway();
    const all = await ready(gateway);
    expect(all.status).toBe(200);
    expect(all.body.status).toBe('ready');
    expect(all.body.profile).toBe('sim');
    expect(
      all.body.upstreams.map((u) => `${u.name}/${u.environment}/${u.state}/${u.circuit}`).sort(),
    ).toEqual([
      'quotes/live/up/closed',
      'quotes/test/up/closed',
      'ticker/live/up/closed',
      'ticker/test/up/closed',
    ]);

    await gateway.sims.get('ticker')!.test.down();
    const some = await ready(gateway);
    expect([some.status, some.body.status]).toEqual([200, 'degraded']);
    expect(some.body.upstreams.find((u) => u.name === 'ticker' && u.environment === 'test')).toMatchObject({
      state: 'down',
      error: 'network',
    });

    for (const simulator of gateway.sims.simulators) {
      await simulator.test.down();
      await simulator.live.down();
    }
    const none = await ready(gateway);
    expect([none.status, none.body.status]).toEqual([503, 'not_ready']);

    await gateway.sims.get('quotes')!.live.up();
    expect((await ready(gateway)).body.status).toBe('degraded');
  });

  it('answers 503 when degraded and READY_FAILS_ON_DEGRADED=true', async () => {
    gateway = await startGateway({ env: { READY_FAILS_ON_DEGRADED: 'true' } });
    expect((await ready(gateway)).status).toBe(200);
    await gateway.sims.get('quotes')!.live.down();
    const degraded = await ready(gateway);
    expect([degraded.status, degraded.body.status]).toEqual([503, 'degraded']);
  });

  it('stays 200 on /health whatever the upstreams do', async () => {
    gateway = await startGateway();
    for (const simulator of gateway.sims.simulators) await simulator.test.down();
    const res = await fetch(`${gateway.url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', version: '2.0.0', profile: 'sim' });
  });

  it('opens the circuit after repeated failures, fails fast, and reports it', async () => {
    gateway = await startGateway({ env: { UPSTREAM_BREAKER_FAILURES: '4', UPSTREAM_MAX_ATTEMPTS: '2' } });
    const sim = gateway.sims.get('ticker')!;
    sim.test.faults.inject({ fault: { kind: 'error', status: 503 }, path: '/ticker' });
    for (let i = 0; i < 2; i++) {
      expect((await gateway.call('/mcp-ticker/tools/get_ticker', { symbol: 'BTC' })).status).toBe(502);
    }
    const hits = sim.test.hits({ path: '/ticker' });
    expect(hits).toBe(4);
    const res = await gateway.call('/mcp-ticker/tools/get_ticker', { symbol: 'BTC' });
    expect(res.status).toBe(502);
    expect(((await res.json()) as Envelope).error.details).toMatchObject({ reason: 'circuit_open' });
    expect(sim.test.hits({ path: '/ticker' })).toBe(hits);
    const readiness = await ready(gateway);
    expect(readiness.body.status).toBe('degraded');
    expect(
      readiness.body.upstreams.find((u) => u.name === 'ticker' && u.environment === 'test'),
    ).toMatchObject({
      circuit: 'open',
      state: 'down',
    });
    // The live environment has its own breaker.
    const live = await gateway.call(
      '/mcp-ticker/tools/get_ticker',
      { symbol: 'BTC' },
      {
        authorization: `Bearer ${gateway.config.MAINNET_TOKEN}`,
      },
    );
    expect(live.status).toBe(200);
  });
});

describe('readiness stays cheap', () => {
  it('concurrent readiness calls within READY_CACHE_MS share one probe per upstream and environment', async () => {
    const cached = await startGateway({ env: { READY_CACHE_MS: '60000' } });
    try {
      const ticker = cached.sims.get('ticker')!;
      ticker.test.resetHits();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => fetch(`${cached.url}/health/ready`).then((r) => r.json())),
      );
      expect(answers.every((answer) => (answer as { status: string }).status === 'ready')).toBe(true);
      expect(ticker.test.hits({ path: '/time' })).toBe(1);
      await fetch(`${cached.url}/health/ready`);
      expect(ticker.test.hits({ path: '/time' })).toBe(1);
    } finally {
      await cached.close();
    }
  });
});
