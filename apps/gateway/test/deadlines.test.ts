import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Envelope, type Gateway, startGateway } from './helpers.js';
import { startMarketGateway } from './market-data/support/market-gateway.js';

/**
 * One deadline per tool call: however the upstream stalls, the caller hears back by then. Attempts are
 * allowed 5 s each here, so only the deadline can end these calls in time for the test's own timeout.
 */
let gateway: Gateway;
beforeAll(async () => {
  // A breaker that never opens: each test's timeouts must not fail the next test fast.
  gateway = await startGateway({
    env: { UPSTREAM_TIMEOUT_MS: '5000', TOOL_DEADLINE_MS: '600', UPSTREAM_BREAKER_FAILURES: '1000' },
  });
});
afterAll(() => gateway.close());
beforeEach(() => {
  const sim = gateway.sims.get('ticker')!.test;
  sim.faults.clear();
  sim.resetHits();
});

const ticker = (headers: Record<string, string> = {}) =>
  gateway.call('/mcp-ticker/tools/get_ticker', { symbol: 'BTC' }, headers);

async function expectTimeout(res: Response) {
  expect(res.status).toBe(504);
  const body = (await res.json()) as Envelope;
  expect(body.error).toMatchObject({ code: 'UPSTREAM_TIMEOUT', retryable: true });
  return body;
}

describe('tool call deadline', () => {
  it('ends a call to an upstream that never answers with 504 by TOOL_DEADLINE_MS', async () => {
    gateway.sims.get('ticker')!.test.faults.inject({ path: '/ticker', fault: { kind: 'hang' } });
    await expectTimeout(await ticker());
  });

  it('ends a call to a slow upstream by the deadline instead of after three attempts', async () => {
    gateway.sims
      .get('ticker')!
      .test.faults.inject({ path: '/ticker', fault: { kind: 'latency', ms: 3_000 } });
    await expectTimeout(await ticker());
    expect(gateway.sims.get('ticker')!.test.hits({ path: '/ticker' })).toBe(1);
  });

  it('ends a call whose answer drips in slower than the deadline', async () => {
    gateway.sims
      .get('ticker')!
      .test.faults.inject({ path: '/ticker', fault: { kind: 'drip', ms: 3_000, bytes: 2 } });
    await expectTimeout(await ticker());
  });

  it('takes a shorter deadline from X-Deadline-Ms, never a longer one', async () => {
    gateway.sims.get('ticker')!.test.faults.inject({ path: '/ticker', fault: { kind: 'latency', ms: 400 } });
    await expectTimeout(await ticker({ 'x-deadline-ms': '150' }));
    gateway.sims.get('ticker')!.test.faults.clear();
    gateway.sims
      .get('ticker')!
      .test.faults.inject({ path: '/ticker', fault: { kind: 'latency', ms: 1_500 } });
    await expectTimeout(await ticker({ 'x-deadline-ms': '60000' }));
  });

  it('answers normally within the deadline', async () => {
    gateway.sims.get('ticker')!.test.faults.inject({ path: '/ticker', fault: { kind: 'latency', ms: 50 } });
    expect((await ticker({ 'x-deadline-ms': '500' })).status).toBe(200);
  });

  it('refuses an X-Deadline-Ms that is not a positive integer', async () => {
    for (const value of ['0', '-5', 'soon', '1.5']) {
      const res = await ticker({ 'x-deadline-ms': value });
      expect(res.status).toBe(400);
      expect(((await res.json()) as Envelope).error.code).toBe('INVALID_DEADLINE');
    }
  });
});

describe('consensus under a late venue', () => {
  it('answers by the deadline with the venue that made it, the late one in failed_sources', async () => {
    const market = await startMarketGateway();
    // The venues' listings are read (and cached) before a consensus is admitted; the candle fetch is what stalls.
    await market.tool('get_instruments', { exchange: 'perpdex' });
    await market.tool('get_historical', {
      instrument: 'BTC',
      exchange: 'perpdex',
      interval: '1d',
      start_date: '2026-11-01',
      end_date: '2026-11-02',
    });
    market.sim('perpdex').faults.inject({ path: '/info', fault: { kind: 'hang' } });
    const answer = await market.tool(
      'get_historical',
      { instrument: 'BTC', interval: '1h', start_date: '2026-11-18', end_date: '2026-11-19' },
      { headers: { 'x-deadline-ms': '1500' } },
    );
    await market.close();
    expect(answer.sources_used).toEqual(['optx']);
    expect('failed_sources' in answer && answer.failed_sources).toEqual([
      { exchange: 'perpdex', error: expect.stringContaining('UPSTREAM_TIMEOUT') },
    ]);
  });
});
