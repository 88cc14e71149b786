import type { Fault } from '@app/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MarketGateway, startMarketGateway } from './support/market-gateway.js';

interface Readiness {
  status: string;
  upstreams: { name: string; environment: string; state: string; error: string | null }[];
}

// A probe's timeout well above what a healthy loopback answer takes on a loaded CI machine; the slow faults
// are slower still.
const PROBE_TIMEOUT_MS = 1_000;
let market: MarketGateway;
beforeAll(async () => {
  market = await startMarketGateway({ env: { READY_PROBE_TIMEOUT_MS: String(PROBE_TIMEOUT_MS) } });
});
afterAll(() => market.close());

async function perpdexLive() {
  const res = await fetch(`${market.gateway.url}/health/ready`);
  const body = (await res.json()) as Readiness;
  return {
    status: body.status,
    perpdex: body.upstreams.find((u) => u.name === 'perpdex' && u.environment === 'live')!,
  };
}

/** Every way a venue can be unusable, each with the reason readiness gives. */
const FAULTS: [string, Fault | 'down', string][] = [
  ['connection refused', 'down', 'network'],
  ['connection reset', { kind: 'reset' }, 'network'],
  ['no answer at all', { kind: 'hang' }, 'timeout'],
  ['a slow answer', { kind: 'latency', ms: 3 * PROBE_TIMEOUT_MS }, 'timeout'],
  ['a 5xx', { kind: 'error', status: 502 }, 'http_502'],
  ['a 400', { kind: 'error', status: 400, body: { error: 'bad request' } }, 'http_400'],
  ['malformed JSON', { kind: 'malformed' }, 'unparseable'],
  ['a dripping body', { kind: 'drip', ms: 3 * PROBE_TIMEOUT_MS, bytes: 2 }, 'timeout'],
  ['an HTML page', { kind: 'html' }, 'unparseable'],
  // Last: a rate-limit answer holds the budget back for the venue's retry time.
  ['rate limiting (429)', { kind: 'error', status: 429, headers: { 'retry-after': '1' } }, 'rate_limited'],
];

describe('readiness under upstream faults', () => {
  it.each(FAULTS)(
    'is degraded by %s, naming the reason, and recovers when it ends',
    async (_, fault, reason) => {
      const sim = market.sim('perpdex', 'live');
      expect((await perpdexLive()).status).toBe('ready');
      if (fault === 'down') await sim.down();
      else sim.faults.inject({ path: '/info', fault });
      const faulted = await perpdexLive();
      expect(faulted.status).toBe('degraded');
      expect(faulted.perpdex).toMatchObject({ state: 'down', error: reason });
      await market.reset();
      // After a rate-limit answer nothing is sent for the venue's retry time: readiness comes back after it.
      let recovered = await perpdexLive();
      for (let tries = 0; recovered.status !== 'ready' && tries < 50; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        recovered = await perpdexLive();
      }
      expect(recovered).toMatchObject({ status: 'ready', perpdex: { state: 'up', error: null } });
    },
  );

  it("is degraded by Deribit's own rate-limit answer (10028 under HTTP 400)", async () => {
    const sim = market.sim('optx', 'test');
    sim.faults.inject({
      path: '/api/v2/public/get_time',
      times: 1,
      fault: {
        kind: 'error',
        status: 400,
        body: { jsonrpc: '2.0', error: { message: 'too_many_requests', code: 10028 }, testnet: true },
      },
    });
    const res = await fetch(`${market.gateway.url}/health/ready`);
    const body = (await res.json()) as Readiness;
    expect(body.upstreams.find((u) => u.name === 'optx' && u.environment === 'test')).toMatchObject({
      state: 'down',
      error: 'rate_limited',
    });
  });
});
