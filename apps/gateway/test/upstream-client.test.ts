import { Readable } from 'node:stream';
import { type RunningSimulator, type SimulatorDefinition, startSimulator } from '@app/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UndiciUpstream, type UpstreamClientOptions } from '../src/upstream/undici-upstream.js';

/** Echoes what it received, and serves a large and a plain-text body. */
const echo: SimulatorDefinition = {
  name: 'echo',
  plugin: () => async (app) => {
    app.all('/api/v2/*', async (request) => ({
      method: request.method,
      url: request.url,
      body: request.body ?? null,
      signed: request.headers['x-signature'] ?? null,
    }));
    app.get('/big', async () => ({ blob: 'x'.repeat(4096) }));
    // Chunked, no content-length: the limit must hold while streaming.
    app.get('/stream', async (_request, reply) =>
      reply.type('application/json').send(Readable.from(Array.from({ length: 64 }, () => 'x'.repeat(1024)))),
    );
    app.get('/text', async (_request, reply) => reply.type('text/plain').send('maintenance'));
    // Headers at once, then a chunk every 50 ms for a second: never idle long enough for a body timeout.
    app.get('/drip', async (_request, reply) =>
      reply.type('application/json').send(
        Readable.from(
          (async function* () {
            yield '[';
            for (let i = 0; i < 20; i++) {
              await new Promise((resolve) => setTimeout(resolve, 50));
              yield `${i},`;
            }
            yield '0]';
          })(),
        ),
      ),
    );
  },
};

let sim: RunningSimulator;
const clients: UndiciUpstream[] = [];
beforeAll(async () => {
  sim = await startSimulator(echo);
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await sim.close();
});

function client(overrides: Partial<UpstreamClientOptions> = {}) {
  const made = new UndiciUpstream({
    name: 'echo',
    host: 'api',
    environment: 'test',
    baseUrl: sim.test.url,
    timeoutMs: 1000,
    connectTimeoutMs: 1000,
    maxAttempts: 3,
    retryBaseMs: 1,
    retryCapMs: 5,
    retryAfterCapMs: 1000,
    maxResponseBytes: 1024 * 1024,
    breakerFailureThreshold: 100,
    breakerOpenMs: 1000,
    connections: 4,
    rateLimitBackoffMs: 1000,
    budgetWaitMs: 1000,
    ...overrides,
  });
  clients.push(made);
  return made;
}

describe('UndiciUpstream', () => {
  it('joins the base path, encodes the query, sends JSON and headers, stamps receivedAt', async () => {
    const http = client({ baseUrl: `${sim.test.url}/api/v2/`, now: () => 1234 });
    const response = await http.request<Record<string, unknown>>(
      {
        method: 'POST',
        path: '/private/buy',
        query: { instrument_name: 'BTC-PERPETUAL', amount: 10, post_only: true, label: undefined },
        body: { price: 1.5 },
        headers: { 'x-signature': 'sig' },
        idempotent: false,
      },
      undefined,
    );
    expect(response.status).toBe(200);
    expect(response.receivedAt).toBe(1234);
    expect(response.body).toEqual({
      method: 'POST',
      url: '/api/v2/private/buy?instrument_name=BTC-PERPETUAL&amount=10&post_only=true',
      body: { price: 1.5 },
      signed: 'sig',
    });
  });

  it('hands a non-JSON body over as text', async () => {
    const response = await client().request({ method: 'GET', path: '/text', idempotent: true }, undefined);
    expect(response.body).toBe('maintenance');
  });

  it('rejects a response above the size limit without retrying', async () => {
    sim.test.resetHits();
    const error = await client({ maxResponseBytes: 1024 })
      .request({ method: 'GET', path: '/big', idempotent: true }, undefined)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'UPSTREAM_UNAVAILABLE', retryable: false });
    expect((error as { details: unknown }).details).toMatchObject({ reason: 'response_too_large' });
    expect(sim.test.hits({ path: '/big' })).toBe(1);
    const streamed = await client({ maxResponseBytes: 8 * 1024 })
      .request({ method: 'GET', path: '/stream', idempotent: true }, undefined)
      .catch((e: unknown) => e);
    expect(streamed).toMatchObject({ status: 502, details: { reason: 'response_too_large' } });
  });

  it('ends an attempt at its deadline even while the body keeps arriving', async () => {
    // The same drip read to its end alongside: the deadline must cut the attempt before that body is complete
    // (an order of events, where an elapsed-time bound failed on a loaded machine).
    const whole = fetch(`${sim.test.url}/drip`)
      .then((response) => response.text())
      .then(() => 'drip ended');
    const attempt = client({ timeoutMs: 300 })
      .request({ method: 'GET', path: '/drip', idempotent: false }, undefined)
      .catch((e: unknown) => e);
    expect(await Promise.race([attempt.then(() => 'deadline'), whole])).toBe('deadline');
    expect(await attempt).toMatchObject({ status: 504, code: 'UPSTREAM_TIMEOUT', retryable: false });
    await whole;
  });

  it("rejects a venue's 429 at once as UPSTREAM_RATE_LIMITED with its Retry-After, without retrying", async () => {
    sim.test.resetHits();
    sim.test.faults.inject({
      fault: { kind: 'error', status: 429, headers: { 'retry-after': '60' } },
      path: '/text',
    });
    const error = await client()
      .request({ method: 'GET', path: '/text', idempotent: true }, undefined)
      .catch((e: unknown) => e);
    sim.test.faults.clear();
    expect(error).toMatchObject({
      status: 429,
      code: 'UPSTREAM_RATE_LIMITED',
      retryable: true,
      headers: { 'retry-after': '60' },
    });
    expect(sim.test.hits({ path: '/text' })).toBe(1);
  });

  it('resolves with the final error response of a read after its retries', async () => {
    sim.test.resetHits();
    sim.test.faults.inject({
      fault: { kind: 'error', status: 502, body: { error: 'bad gateway' } },
      path: '/text',
    });
    const response = await client().request({ method: 'GET', path: '/text', idempotent: true }, undefined);
    sim.test.faults.clear();
    expect(response).toMatchObject({ status: 502, body: { error: 'bad gateway' } });
    expect(sim.test.hits({ path: '/text' })).toBe(3);
  });

  it('sends a write once even when the answer is a 503', async () => {
    sim.test.resetHits();
    sim.test.faults.inject({ fault: { kind: 'error', status: 503 }, path: '/api/v2/private/buy' });
    const response = await client().request(
      {
        method: 'POST',
        path: '/api/v2/private/buy',
        body: {},
        idempotent: false,
      },
      undefined,
    );
    sim.test.faults.clear();
    expect(response.status).toBe(503);
    expect(sim.test.hits({ path: '/api/v2/private/buy' })).toBe(1);
  });

  it('says a write that never left (connection refused) is safe to retry', async () => {
    await sim.live.down();
    try {
      const error = await client({ baseUrl: sim.live.url })
        .request({ method: 'POST', path: '/x', body: {}, idempotent: false }, undefined)
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 502, retryable: true, details: { reason: 'connection_failed' } });
    } finally {
      await sim.live.up();
    }
  });
});
