import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Envelope, type Gateway, MAINNET, startGateway, TESTNET } from './helpers.js';

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(() => gateway.close());
afterEach(() => {
  for (const simulator of gateway.sims.simulators) {
    simulator.test.faults.clear();
    simulator.live.faults.clear();
    simulator.test.resetHits();
    simulator.live.resetHits();
  }
});

const ticker = () => gateway.sims.get('ticker')!;

describe('tool responses', () => {
  it('adds data_timestamp, X-Data-Timestamp, testnet and simulated to a pass-through read', async () => {
    const before = Date.now();
    const res = await gateway.call('/mcp-ticker/tools/get_ticker', { symbol: 'ETH' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ symbol: 'ETH', testnet: true, simulated: true });
    expect(typeof body.price).toBe('number');
    expect(res.headers.get('x-data-timestamp')).toBe(body.data_timestamp);
    const stamp = Date.parse(body.data_timestamp as string);
    expect(stamp).toBeGreaterThanOrEqual(before - 1);
    expect(body.data_timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('reaches the live instance with the mainnet token (separate state, testnet false)', async () => {
    const test = await (await gateway.call('/mcp-ticker/tools/get_ticker', { symbol: 'BTC' })).json();
    const live = await (
      await gateway.call(
        '/mcp-ticker/tools/get_ticker',
        { symbol: 'BTC' },
        { authorization: `Bearer ${MAINNET}` },
      )
    ).json();
    expect(live).toMatchObject({ testnet: false });
    expect(ticker().live.hits({ path: '/ticker' })).toBe(1);
    expect(ticker().test.hits({ path: '/ticker' })).toBe(1);
    expect((live as { price: number }).price).not.toBe((test as { price: number }).price);
  });

  it('shows the age of a cached answer in data_timestamp', async () => {
    const res = await gateway.call('/mcp-ticker/tools/get_cached_ticker', {});
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.data_timestamp).toBe('2026-01-02T03:04:05.000Z');
    expect(res.headers.get('x-data-timestamp')).toBe('2026-01-02T03:04:05.000Z');
  });
});

describe('request errors', () => {
  it('answers malformed JSON with 400 INVALID_JSON in the envelope', async () => {
    const res = await gateway.call('/mcp-ticker/tools/get_ticker', '{"symbol": "BTC"');
    expect(res.status).toBe(400);
    const body = (await res.json()) as Envelope;
    expect(body.error).toMatchObject({
      code: 'INVALID_JSON',
      retryable: false,
      request_id: res.headers.get('x-request-id'),
    });
  });

  it('answers a schema violation with 422 naming the field', async () => {
    const res = await gateway.call('/mcp-ticker/tools/get_ticker', { symbol: 42 });
    expect(res.status).toBe(422);
    const body = (await res.json()) as Envelope;
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.message).toMatch(/^body\.symbol: /);
    const missing = (await (await gateway.call('/mcp-ticker/tools/get_ticker', {})).json()) as Envelope;
    expect(missing.error.message).toMatch(/^body\.symbol: /);
  });

  it('answers an unknown tool or namespace with a 404 envelope', async () => {
    const tool = await gateway.call('/mcp-ticker/tools/get_nothing', {});
    expect(tool.status).toBe(404);
    expect(((await tool.json()) as Envelope).error).toMatchObject({ code: 'UNKNOWN_TOOL', retryable: false });
    const namespace = await gateway.call('/mcp-nowhere/tools/get_ticker', {});
    expect(namespace.status).toBe(404);
    expect(((await namespace.json()) as Envelope).error.request_id).toBe(
      namespace.headers.get('x-request-id'),
    );
  });
});

describe('upstream failures on reads', () => {
  it('retries a read through transient 503s and answers', async () => {
    ticker().test.faults.inject({ fault: { kind: 'error', status: 503 }, path: '/ticker', times: 2 });
    const res = await gateway.call('/mcp-ticker/tools/get_ticker', { symbol: 'BTC' });
    expect(res.status).toBe(200);
    expect(ticker().test.hits({ path: '/ticker' })).toBe(3);
  });

  it("passes a venue's 429 on as 429 UPSTREAM_RATE_LIMITED with its Retry-After, without retrying", async () => {
    ticker().test.faults.inject({
      fault: { kind: 'error', status: 429, headers: { 'retry-after': '3' } },
      path: '/ticker',
      times: 1,
    });
    const res = await gateway.call('/mcp-ticker/tools/get_ticker', { symbol: 'BTC' });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3');
    expect(((await res.json()) as Envelope).error).toMatchObject({
      code: 'UPSTREAM_RATE_LIMITED',
      retryable: true,
    });
    expect(ticker().test.hits({ path: '/ticker' })).toBe(1);
  });

  it('retries a read after a connection reset', async () => {
    ticker().test.faults.inject({ fault: { kind: 'reset' }, path: '/ticker', times: 1 });
    expect((await gateway.call('/mcp-ticker/tools/get_ticker', { symbol: 'BTC' })).status).toBe(200);
    expect(ticker().test.hits({ path: '/ticker' })).toBe(2);
  });

  it('gives up after the configured attempts with 502 retryable', async () => {
    ticker().test.faults.inject({
      fault: { kind: 'error', status: 500, body: { error: 'boom' } },
      path: '/ticker',
    });
    const res = await gateway.call('/mcp-ticker/tools/get_ticker', { symbol: 'BTC' });
    expect(res.status).toBe(502);
    const body = (await res.json()) as Envelope;
    expect(body.error).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', retryable: true });
    expect(JSON.stringify(body)).not.toMatch(/stack|at .*\.ts/);
    expect(ticker().test.hits({ path: '/ticker' })).toBe(3);
  });

  it('maps a malformed upstream body to 502', async () => {
    ticker().test.faults.inject({ fault: { kind: 'malformed' }, path: '/ticker' });
    const res = await gateway.call('/mcp-ticker/tools/get_ticker', { symbol: 'BTC' });
    expect(res.status).toBe(502);
    expect(((await res.json()) as Envelope).error.details).toMatchObject({ reason: 'bad_response' });
  });

  it('maps an upstream that is down to 502 retryable', async () => {
    await ticker().test.down();
    try {
      const res = await gateway.call('/mcp-ticker/tools/get_ticker', { symbol: 'BTC' });
      expect(res.status).toBe(502);
      const body = (await res.json()) as Envelope;
      expect(body.error).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', retryable: true });
      expect(body.error.details).toMatchObject({
        upstream: 'ticker',
        environment: 'test',
        reason: 'connection_failed',
      });
    } finally {
      await ticker().test.up();
    }
  });
});

describe('upstream failures on writes', () => {
  const order = { symbol: 'BTC', amount: 0.01 };

  it('sends a write exactly once when the venue answers 503, then looks it up', async () => {
    ticker().test.faults.inject({ fault: { kind: 'error', status: 503 }, path: '/orders', method: 'POST' });
    const res = await gateway.call('/mcp-ticker/tools/place_order', order);
    // The 503 came before the venue's route: no order with its client id, so the outcome stays unknown.
    expect(res.status).toBe(504);
    expect(((await res.json()) as Envelope).error.code).toBe('WRITE_OUTCOME_UNKNOWN');
    expect(ticker().test.hits({ method: 'POST', path: '/orders' })).toBe(1);
    expect(ticker().test.hits({ method: 'GET', path: '/orders/by-client-id/' })).toBe(1);
  });

  it('does not retry a write after a reset and says its outcome is unknown', async () => {
    ticker().test.faults.inject({ fault: { kind: 'reset' }, path: '/orders', method: 'POST' });
    const res = await gateway.call('/mcp-ticker/tools/place_order', order);
    expect(res.status).toBe(504);
    const body = (await res.json()) as Envelope;
    // Without an Idempotency-Key a repeat would be a new order: not retryable.
    expect(body.error).toMatchObject({ code: 'WRITE_OUTCOME_UNKNOWN', retryable: false });
    expect(body.error.details?.client_order_id).toMatch(/^gw-[0-9a-f]{32}$/);
    expect(ticker().test.hits({ method: 'POST', path: '/orders' })).toBe(1);
    const audit = await fetch(`${gateway.url}/admin/audit?limit=1`, {
      headers: { authorization: `Bearer ${TESTNET}` },
    });
    const [latest] = ((await audit.json()) as { records: Record<string, unknown>[] }).records;
    expect(latest).toMatchObject({ request_id: body.error.request_id, event: 'result', outcome: 'unknown' });
  });
});

describe('timeouts', () => {
  let fast: Gateway;
  beforeAll(async () => {
    fast = await startGateway({ env: { UPSTREAM_TIMEOUT_MS: '150', UPSTREAM_MAX_ATTEMPTS: '2' } });
  });
  afterAll(() => fast.close());

  it('answers 504 retryable when a read times out on every attempt', async () => {
    const sim = fast.sims.get('ticker')!;
    sim.test.faults.inject({ fault: { kind: 'hang' }, path: '/ticker' });
    const res = await fast.call('/mcp-ticker/tools/get_ticker', { symbol: 'BTC' });
    expect(res.status).toBe(504);
    expect(((await res.json()) as Envelope).error).toMatchObject({
      code: 'UPSTREAM_TIMEOUT',
      retryable: true,
    });
    expect(sim.test.hits({ path: '/ticker' })).toBe(2);
    sim.test.faults.clear();
  });

  it('answers 504 not retryable when a write times out after it was sent and the venue has no record', async () => {
    const sim = fast.sims.get('ticker')!;
    sim.test.faults.inject({ fault: { kind: 'hang' }, path: '/orders', method: 'POST' });
    const res = await fast.call('/mcp-ticker/tools/place_order', { symbol: 'BTC', amount: 0.01 });
    expect(res.status).toBe(504);
    const body = (await res.json()) as Envelope;
    expect(body.error).toMatchObject({ code: 'WRITE_OUTCOME_UNKNOWN', retryable: false });
    expect(body.error.details).toHaveProperty('client_order_id');
    expect(sim.test.hits({ method: 'POST', path: '/orders' })).toBe(1);
    sim.test.faults.clear();
  });
});
