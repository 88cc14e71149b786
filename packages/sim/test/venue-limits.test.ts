import { afterEach, describe, expect, it } from 'vitest';
import {
  createOptxSimulator,
  createPerpdexSimulator,
  optx,
  optxRateLimitFault,
  perpdex,
  perpdexRateLimitFault,
  type RunningSimulator,
  type SimulatorFleet,
  startSimulator,
  startSimulators,
} from '../src/index.js';
import { tickerSimulator } from './fixtures/ticker.simulator.js';

/**
 * The venues' rate limits over real sockets: on by default, on real elapsed time while the market clock is
 * pinned, per caller, refusals in the venue's own format and counted per instance.
 */

const NOW = Date.UTC(2026, 9, 2, 10, 0, 0);
const pinned = () => NOW;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let running: RunningSimulator | SimulatorFleet | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

const deribit = (base: string, method = 'public/get_index_price?index_name=btc_usd', headers = {}) =>
  fetch(`${base}/api/v2/${method}`, { headers });
const hyperliquid = (base: string, body: unknown) =>
  fetch(`${base}/info`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const statuses = async (calls: (() => Promise<Response>)[]) => {
  const result: number[] = [];
  for (const call of calls) {
    const response = await call();
    await response.arrayBuffer();
    result.push(response.status);
  }
  return result;
};
const times = <T>(n: number, make: () => T) => Array.from({ length: n }, make);

describe('Deribit credit model on the optx simulator', () => {
  it('is on by default with the venue numbers: 100 default calls from a full pool, then 10028 over HTTP 429', async () => {
    const sim = await startSimulator(optx, { now: pinned });
    running = sim;
    expect(sim.live.limits.enabled).toBe(true);
    expect(sim.live.limits.rules.non_matching_engine).toEqual({
      cost: 500,
      pool: 50_000,
      refillPerSecond: 10_000,
    });
    sim.live.limits.set('non_matching_engine', { refillPerSecond: 0 }); // exactly the pool, however slow the loop
    const results = await statuses(times(101, () => () => deribit(sim.live.url)));
    expect(results.slice(0, 100).every((status) => status === 200)).toBe(true);
    const refused = await deribit(sim.live.url, 'public/get_index_price?index_name=btc_usd&id=9');
    expect(refused.status).toBe(429);
    const body = await refused.json();
    expect(body).toEqual({
      jsonrpc: '2.0',
      id: 9,
      error: { message: 'too_many_requests', code: 10028 },
      usIn: NOW * 1000,
      usOut: NOW * 1000 + 1,
      usDiff: 1,
      testnet: false,
    });
    expect(results[100]).toBe(429);
    expect(sim.live.rateLimited()).toBe(2);
    expect(
      sim.live.rateLimited({ bucket: 'non_matching_engine', path: '/api/v2/public/get_index_price' }),
    ).toBe(2);
    expect(sim.test.rateLimited()).toBe(0); // the other environment is another venue
    expect((await deribit(sim.test.url)).status).toBe(200);
  });

  it('refills on real elapsed time while the market clock stands still', async () => {
    const sim = await startSimulator(optx, {
      now: pinned,
      // A slow refill, so a loaded machine's gaps between the three calls cannot refill the third (0.5 s).
      limits: { rules: { non_matching_engine: { pool: 1_000, refillPerSecond: 1_000 } } },
    });
    running = sim;
    expect(await statuses(times(3, () => () => deribit(sim.live.url)))).toEqual([200, 200, 429]);
    await sleep(600); // 600 credits at 1 000/s
    expect(await statuses([() => deribit(sim.live.url)])).toEqual([200]);
  });

  it('get_instruments and order entry spend buckets of their own', async () => {
    const sim = await startSimulator(optx, {
      now: pinned,
      limits: {
        rules: {
          get_instruments: { pool: 10_000, refillPerSecond: 0 },
          matching_engine: { pool: 1_000, refillPerSecond: 0 },
        },
      },
    });
    running = sim;
    const instruments = () => deribit(sim.live.url, 'public/get_instruments?currency=BTC&kind=future');
    const buy = () => deribit(sim.live.url, 'private/buy?instrument_name=BTC-PERPETUAL&amount=10');
    expect(await statuses([instruments, instruments, () => deribit(sim.live.url)])).toEqual([200, 429, 200]);
    // Order entry without a token is refused (401, 13009), but its credits are spent first, on its own tier.
    expect(await statuses([buy, buy, () => deribit(sim.live.url)])).toEqual([401, 429, 200]);
    expect(sim.live.rateLimited({ bucket: 'get_instruments' })).toBe(1);
    expect(sim.live.rateLimited({ bucket: 'matching_engine' })).toBe(1);
    expect(sim.live.rateLimited({ bucket: 'non_matching_engine' })).toBe(0);
  });

  it('each bearer token has a pool of its own, apart from the IP', async () => {
    const sim = await startSimulator(optx, {
      now: pinned,
      limits: { rules: { non_matching_engine: { pool: 500, refillPerSecond: 0 } } },
    });
    running = sim;
    const as = (token?: string) => () =>
      deribit(sim.live.url, undefined, token ? { authorization: `Bearer ${token}` } : {});
    expect(await statuses([as(), as(), as('alpha'), as('alpha'), as('beta')])).toEqual([
      200, 429, 200, 429, 200,
    ]);
  });

  it('switches off per instance, per definition and per fleet; nothing is refused or counted then', async () => {
    const sim = await startSimulator(optx, {
      now: pinned,
      limits: { rules: { non_matching_engine: { pool: 0 } } },
    });
    running = sim;
    sim.live.limits.enabled = false;
    expect(await statuses(times(3, () => () => deribit(sim.live.url)))).toEqual([200, 200, 200]);
    expect(sim.live.rateLimited()).toBe(0);
    expect(await statuses([() => deribit(sim.test.url)])).toEqual([429]); // the other instance still limits
    await sim.close();

    const off = await startSimulator(createOptxSimulator({ limits: { enabled: false } }), { now: pinned });
    running = off;
    expect(off.live.limits.enabled).toBe(false);
    await off.close();

    const fleet = await startSimulators([optx, perpdex, tickerSimulator], {
      now: pinned,
      limits: { enabled: false },
    });
    running = fleet;
    for (const simulator of fleet.simulators) expect(simulator.live.limits.enabled).toBe(false);
  });

  it('fleet rules go to the simulator that has the bucket; a bucket nobody has is refused at start', async () => {
    const fleet = await startSimulators([optx, perpdex], {
      now: pinned,
      limits: { rules: { ip_weight: { pool: 100 }, get_instruments: { pool: 20_000 } } },
    });
    running = fleet;
    expect(fleet.get('perpdex')?.test.limits.rules.ip_weight?.pool).toBe(100);
    expect(fleet.get('optx')?.live.limits.rules.get_instruments?.pool).toBe(20_000);
    await expect(startSimulators([optx], { limits: { rules: { ip_weight: { pool: 1 } } } })).rejects.toThrow(
      /no simulator has a rate-limit bucket ip_weight/,
    );
  });
});

describe('Hyperliquid weight budget on the perpdex simulator', () => {
  it('is on by default: 1200 per IP, refilled at 20/s; weights 20 for meta, 2 for allMids; 429 with body null', async () => {
    const sim = await startSimulator(perpdex, { now: pinned });
    running = sim;
    expect(sim.live.limits.rules).toEqual({ ip_weight: { pool: 1200, refillPerSecond: 20 } });
    sim.live.limits.set('ip_weight', { pool: 44, refillPerSecond: 0 });
    const meta = () => hyperliquid(sim.live.url, { type: 'meta' });
    const mids = () => hyperliquid(sim.live.url, { type: 'allMids' });
    // 20 + 20 + 2 + 2 = 44, then nothing left even for a weight-2 request.
    expect(await statuses([meta, meta, mids, mids])).toEqual([200, 200, 200, 200]);
    const refused = await mids();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await refused.text()).toBe('null');
    expect(sim.live.rateLimited({ path: '/info', method: 'POST' })).toBe(1);
  });

  it('the default budget: 60 meta requests (1200 / 20) from a full budget, the 61st refused', async () => {
    const sim = await startSimulator(perpdex, { now: pinned });
    running = sim;
    sim.live.limits.set('ip_weight', { refillPerSecond: 0 });
    const results = await statuses(times(61, () => () => hyperliquid(sim.live.url, { type: 'meta' })));
    expect(results.filter((status) => status === 200)).toHaveLength(60);
    expect(results[60]).toBe(429);
  });

  it('candleSnapshot costs 20 plus ceil(candles / 60), charged after the answer, so the budget may go negative', async () => {
    const sim = await startSimulator(perpdex, {
      now: pinned,
      limits: { rules: { ip_weight: { pool: 100, refillPerSecond: 0 } } },
    });
    running = sim;
    const candles = (count: number) =>
      hyperliquid(sim.live.url, {
        type: 'candleSnapshot',
        req: { coin: 'BTC', interval: '1m', startTime: NOW - (count - 1) * 60_000, endTime: NOW },
      });
    const sixtyOne = await candles(61);
    expect(await sixtyOne.json()).toHaveLength(61);
    expect(sim.live.limits.remaining('ip_weight', 'ip:127.0.0.1')).toBe(100 - 20 - 2);
    const many = await candles(5000);
    expect(await many.json()).toHaveLength(5000);
    expect(sim.live.limits.remaining('ip_weight', 'ip:127.0.0.1')).toBe(78 - 20 - 84);
    expect((await hyperliquid(sim.live.url, { type: 'allMids' })).status).toBe(429);
  });

  it('refills on real elapsed time while the market clock stands still', async () => {
    const sim = await startSimulator(perpdex, {
      now: pinned,
      // A slow refill, so a loaded machine's gap between the two calls cannot refill the second (1 s).
      limits: { rules: { ip_weight: { pool: 20, refillPerSecond: 20 } } },
    });
    running = sim;
    const meta = () => hyperliquid(sim.live.url, { type: 'meta' });
    expect(await statuses([meta, meta])).toEqual([200, 429]);
    await sleep(1_100); // 22 weight at 20/s
    expect(await statuses([meta])).toEqual([200]);
  });

  it('a body it cannot deserialize still spends weight (20), then answers 422', async () => {
    const sim = await startSimulator(
      createPerpdexSimulator({ limits: { rules: { ip_weight: { pool: 20 } } } }),
      {
        now: pinned,
      },
    );
    running = sim;
    expect(await statuses([() => hyperliquid(sim.live.url, { type: 'bogus' })])).toEqual([422]);
    expect(await statuses([() => hyperliquid(sim.live.url, { type: 'allMids' })])).toEqual([429]);
  });
});

describe('refusals counted per instance', () => {
  it('GET /__sim/stats shows the limits and refusals; resetHits forgets them and refills', async () => {
    const sim = await startSimulator(optx, {
      now: pinned,
      limits: { rules: { non_matching_engine: { pool: 500, refillPerSecond: 0 } } },
    });
    running = sim;
    expect(await statuses([() => deribit(sim.live.url), () => deribit(sim.live.url)])).toEqual([200, 429]);
    const stats = (await (await fetch(`${sim.live.url}/__sim/stats`)).json()) as { limits: unknown };
    expect(stats.limits).toEqual({
      enabled: true,
      rules: {
        non_matching_engine: { cost: 500, pool: 500, refillPerSecond: 0 },
        get_instruments: { cost: 10_000, pool: 500_000, refillPerSecond: 10_000 },
        matching_engine: { cost: 1_000, pool: 20_000, refillPerSecond: 5_000 },
      },
      rateLimited: { total: 1, by: { 'non_matching_engine GET /api/v2/public/get_index_price': 1 } },
    });
    sim.live.resetHits();
    expect(sim.live.rateLimited()).toBe(0);
    expect(sim.live.hits()).toBe(0);
    expect(await statuses([() => deribit(sim.live.url)])).toEqual([200]);
  });

  it('POST /__sim/limits switches, tunes and refills over HTTP; a wrong bucket or number is a 400 and changes nothing', async () => {
    const sim = await startSimulator(perpdex, { now: pinned });
    running = sim;
    const control = (body: unknown) =>
      fetch(`${sim.test.url}/__sim/limits`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const tuned = await control({ rules: { ip_weight: { pool: 20, refillPerSecond: 0 } } });
    expect(tuned.status).toBe(200);
    expect(((await tuned.json()) as { rules: unknown }).rules).toEqual({
      ip_weight: { pool: 20, refillPerSecond: 0 },
    });
    const meta = () => hyperliquid(sim.test.url, { type: 'meta' });
    expect(await statuses([meta, meta])).toEqual([200, 429]);
    expect((await control({ refill: true })).status).toBe(200);
    expect(await statuses([meta])).toEqual([200]);
    expect((await control({ enabled: false })).status).toBe(200);
    expect(sim.test.limits.enabled).toBe(false);
    expect(await statuses([meta, meta])).toEqual([200, 200]);
    const wrong = await control({ rules: { ip_weight: { pool: 5 }, credits: { pool: 1 } } });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: string }).error).toMatch(/no rate-limit bucket credits/);
    expect((await control({ rules: { ip_weight: { pool: -1 } } })).status).toBe(400);
    expect((await control({ enabled: 'no' })).status).toBe(400);
    expect(sim.test.limits.rules.ip_weight?.pool).toBe(20);
  });

  it("the venues' own rate-limit answers can be injected as faults; those are not counted as refusals", async () => {
    const fleet = await startSimulators([optx, perpdex], { now: pinned });
    running = fleet;
    const optxLive = fleet.get('optx')!.live;
    const perpdexLive = fleet.get('perpdex')!.live;
    optxLive.faults.inject({ fault: optxRateLimitFault('live'), times: 1 });
    perpdexLive.faults.inject({ fault: perpdexRateLimitFault(), times: 1 });
    const deribitReply = await deribit(optxLive.url);
    expect(deribitReply.status).toBe(429);
    expect(await deribitReply.json()).toMatchObject({
      jsonrpc: '2.0',
      error: { message: 'too_many_requests', code: 10028 },
      testnet: false,
    });
    const hyperliquidReply = await hyperliquid(perpdexLive.url, { type: 'allMids' });
    expect(hyperliquidReply.status).toBe(429);
    expect(hyperliquidReply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await hyperliquidReply.text()).toBe('null');
    expect(optxLive.rateLimited() + perpdexLive.rateLimited()).toBe(0);
  });
});
