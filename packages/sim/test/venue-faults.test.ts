import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type Fault,
  optx,
  optxRateLimitFault,
  perpdex,
  perpdexRateLimitFault,
  type SimInstance,
  type SimulatorFleet,
  startSimulators,
} from '../src/index.js';

/**
 * The ten upstream failures the gateway's readiness is tested against, injected into each venue simulator
 * over real sockets (the README's table): down, reset, hang, latency, drip, 5xx, 429 (the venue's own
 * refusal), 400, malformed JSON, an HTML page.
 */

const NOW = Date.UTC(2026, 9, 2, 10, 0, 0);
let fleet: SimulatorFleet;

beforeAll(async () => {
  fleet = await startSimulators([optx, perpdex], { now: () => NOW });
});
afterAll(() => fleet.close());

interface Venue {
  name: 'optx' | 'perpdex';
  call(instance: SimInstance, signal?: AbortSignal): Promise<Response>;
  /** The venue's own 400 answer. */
  badRequest: Fault;
}

const venues: Venue[] = [
  {
    name: 'optx',
    call: (instance, signal) =>
      fetch(`${instance.url}/api/v2/public/get_index_price?index_name=btc_usd`, { signal }),
    badRequest: {
      kind: 'error',
      status: 400,
      body: {
        jsonrpc: '2.0',
        error: {
          message: 'Invalid params',
          data: { reason: 'wrong format', param: 'index_name' },
          code: -32602,
        },
        usIn: NOW * 1000,
        usOut: NOW * 1000 + 24,
        usDiff: 24,
        testnet: false,
      },
    },
  },
  {
    name: 'perpdex',
    call: (instance, signal) =>
      fetch(`${instance.url}/info`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'allMids' }),
        signal,
      }),
    badRequest: {
      kind: 'error',
      status: 400,
      body: 'Bad Request',
      headers: { 'content-type': 'text/plain' },
    },
  },
];

const rateLimitFault = (venue: Venue) =>
  venue.name === 'optx' ? optxRateLimitFault('live') : perpdexRateLimitFault();

describe.each(venues)('faults on the $name simulator', (venue) => {
  let instance: SimInstance;
  beforeAll(() => {
    instance = fleet.get(venue.name)!.live;
  });
  afterEach(async () => {
    instance.faults.clear();
    await instance.up();
  });
  const inject = (fault: Fault) => instance.faults.inject({ fault, times: 1 });

  it('answers normally without a fault', async () => {
    const res = await venue.call(instance);
    expect(res.status).toBe(200);
    expect(await res.json()).toBeTruthy();
  });

  it('down: connection refused until up()', async () => {
    await instance.down();
    await expect(venue.call(instance)).rejects.toThrow();
  });

  it('reset: the connection drops without an answer', async () => {
    inject({ kind: 'reset' });
    await expect(venue.call(instance)).rejects.toThrow();
  });

  it("hang: no answer; the client's timeout decides", async () => {
    inject({ kind: 'hang' });
    await expect(venue.call(instance, AbortSignal.timeout(150))).rejects.toThrow();
  });

  it('latency: the real answer, late', async () => {
    inject({ kind: 'latency', ms: 250 });
    const started = performance.now();
    const res = await venue.call(instance);
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
  });

  it('drip: headers at once, the real body over ms', async () => {
    inject({ kind: 'drip', ms: 250 });
    const started = performance.now();
    const res = await venue.call(instance);
    expect(res.status).toBe(200);
    // Headers first, then the body in pieces: counted, not timed (a loaded machine only adds delay).
    const reader = res.body!.getReader();
    const chunks: Uint8Array[] = [];
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) chunks.push(chunk.value);
    expect(chunks.length).toBeGreaterThan(1);
    expect(JSON.parse(Buffer.concat(chunks).toString())).toBeTruthy();
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
  });

  it('5xx: a server error', async () => {
    inject({ kind: 'error', status: 503, body: { error: 'unavailable' } });
    expect((await venue.call(instance)).status).toBe(503);
  });

  it("429: the venue's own rate-limit answer", async () => {
    inject(rateLimitFault(venue));
    const res = await venue.call(instance);
    expect(res.status).toBe(429);
    const body = (await res.json()) as { error?: unknown } | null;
    if (venue.name === 'optx') expect(body?.error).toEqual({ message: 'too_many_requests', code: 10028 });
    else expect(body).toBeNull();
  });

  it("400: the venue's own bad-request answer", async () => {
    inject(venue.badRequest);
    expect((await venue.call(instance)).status).toBe(400);
  });

  it('malformed: 200, a JSON content type, a body that does not parse', async () => {
    inject({ kind: 'malformed' });
    const res = await venue.call(instance);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    await expect(res.json()).rejects.toThrow();
  });

  it('html: 200 and a maintenance page where JSON was expected', async () => {
    inject({ kind: 'html' });
    const res = await venue.call(instance);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('<html');
  });

  it('none of these counted as a rate-limit violation', () => {
    expect(instance.rateLimited()).toBe(0);
  });
});
