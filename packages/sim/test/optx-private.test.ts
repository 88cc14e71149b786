import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOptxSimulator, type RunningSimulator, startSimulator } from '../src/index.js';

/**
 * The Deribit simulator's auth and private methods over HTTP: tokens rejected exactly as Deribit rejects them
 * (notes §1.4, §2.1, E19), and answers in the notes' shapes (E11–E17).
 */

const NOW = Date.UTC(2026, 10, 25, 12);
let sim: RunningSimulator;
let base: string;

beforeAll(async () => {
  sim = await startSimulator(createOptxSimulator({ limits: { enabled: false } }), { now: () => NOW });
  base = `${sim.test.url}/api/v2`;
});
afterAll(() => sim.close());

// biome-ignore lint/suspicious/noExplicitAny: envelopes are read field by field
async function get(path: string, token?: string): Promise<{ status: number; body: any }> {
  const res = await fetch(base + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: await res.json() };
}

async function auth(scope?: string): Promise<string> {
  const { client_id, client_secret } = sim.test.credentials!;
  const res = await get(
    `/public/auth?grant_type=client_credentials&client_id=${client_id}&client_secret=${client_secret}${scope ? `&scope=${encodeURIComponent(scope)}` : ''}`,
  );
  expect(res.status).toBe(200);
  return res.body.result.access_token;
}

const UNAUTHORIZED = { code: 13009, message: 'unauthorized', data: { reason: 'invalid_token' } };

describe('optx simulator auth', () => {
  it('issues a token pair with expires_in and the granted scope (notes §2.1)', async () => {
    const { client_id, client_secret } = sim.test.credentials!;
    const res = await get(
      `/public/auth?grant_type=client_credentials&client_id=${client_id}&client_secret=${client_secret}`,
    );
    expect(res.body).toMatchObject({
      jsonrpc: '2.0',
      testnet: true,
      result: {
        access_token: expect.any(String),
        refresh_token: expect.any(String),
        token_type: 'bearer',
        expires_in: 900,
        scope: expect.stringContaining('trade:read_write'),
      },
    });
    // The refresh token is single use.
    const refresh = res.body.result.refresh_token;
    expect((await get(`/public/auth?grant_type=refresh_token&refresh_token=${refresh}`)).status).toBe(200);
    expect((await get(`/public/auth?grant_type=refresh_token&refresh_token=${refresh}`)).body.error).toEqual(
      UNAUTHORIZED,
    );
  });

  it('refuses a wrong secret with 13004 and the other environment’s key as well', async () => {
    const live = sim.live.credentials!;
    const res = await get(
      `/public/auth?grant_type=client_credentials&client_id=${live.client_id}&client_secret=${live.client_secret}`,
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 13004, message: 'invalid_credentials' });
  });

  it('answers a missing, unknown or expired token with HTTP 401 13009 (E19)', async () => {
    expect(await get('/private/get_positions?currency=BTC')).toMatchObject({
      status: 401,
      body: { error: UNAUTHORIZED },
    });
    expect(await get('/private/get_positions?currency=BTC', 'nope')).toMatchObject({
      status: 401,
      body: { error: UNAUTHORIZED },
    });
    const token = await auth();
    expect((await get('/private/get_positions?currency=BTC', token)).status).toBe(200);
    sim.test.clock.set(NOW + 901_000);
    try {
      expect(await get('/private/get_positions?currency=BTC', token)).toMatchObject({
        status: 401,
        body: { error: UNAUTHORIZED },
      });
    } finally {
      sim.test.clock.set(NOW);
    }
  });

  it('refuses a method outside the token’s scope with 13021 forbidden', async () => {
    const readOnly = await auth('trade:read account:read');
    expect((await get('/private/get_open_orders_by_currency?currency=BTC', readOnly)).status).toBe(200);
    const res = await get('/private/buy?instrument_name=BTC-PERPETUAL&amount=10&type=market', readOnly);
    expect(res.body.error).toMatchObject({ code: 13021, message: 'forbidden' });
  });
});

describe('optx simulator private answers in the notes’ shapes', () => {
  it('E14 buy (limit, post-only) → {order, trades}; E16 cancel; a second cancel 11044', async () => {
    const token = await auth();
    const placed = await get(
      '/private/buy?instrument_name=BTC-PERPETUAL&amount=10&type=limit&price=40000&post_only=true&time_in_force=good_til_cancelled&label=bot-a%3A9c21',
      token,
    );
    expect(placed.body.result).toMatchObject({
      trades: [],
      order: {
        order_state: 'open',
        order_type: 'limit',
        label: 'bot-a:9c21',
        post_only: true,
        price: 40000,
        amount: 10,
        contracts: 1,
        filled_amount: 0,
        average_price: 0,
        direction: 'buy',
        time_in_force: 'good_til_cancelled',
        api: true,
      },
    });
    const id = placed.body.result.order.order_id;
    const cancelled = await get(`/private/cancel?order_id=${id}`, token);
    expect(cancelled.body.result).toMatchObject({
      order_id: id,
      order_state: 'cancelled',
      cancel_reason: 'user_request',
    });
    expect((await get(`/private/cancel?order_id=${id}`, token)).body.error).toMatchObject({ code: 11044 });
    expect((await get('/private/cancel?order_id=BTC-987654', token)).body.error).toMatchObject({
      code: 10004,
    });
  });

  it('E15 stop-loss: untriggered, price market_price, listed only under trigger_all (E13)', async () => {
    const token = await auth();
    await get('/private/buy?instrument_name=ETH-PERPETUAL&amount=5000&type=market', token);
    const stop = await get(
      '/private/sell?instrument_name=ETH-PERPETUAL&amount=5000&type=stop_market&trigger=mark_price&trigger_price=1000&reduce_only=true&label=bot-a%3Asl%3A11aa',
      token,
    );
    expect(stop.body.result.order).toMatchObject({
      triggered: false,
      trigger_price: 1000,
      trigger: 'mark_price',
      reduce_only: true,
      price: 'market_price',
      order_type: 'stop_market',
      order_state: 'untriggered',
      order_id: expect.stringMatching(/^ETH-SLMS-\d+$/),
    });
    const all = await get('/private/get_open_orders_by_currency?currency=ETH&type=all', token);
    const triggers = await get('/private/get_open_orders_by_currency?currency=ETH&type=trigger_all', token);
    expect(all.body.result).toEqual([]);
    expect(triggers.body.result.map((o: { order_id: string }) => o.order_id)).toEqual([
      stop.body.result.order.order_id,
    ]);
  });

  it('E11 account summary, E12 positions (inverse size in USD), E17 close_position', async () => {
    const token = await auth();
    const summary = await get('/private/get_account_summary?currency=ETH', token);
    expect(summary.body.result).toMatchObject({
      currency: 'ETH',
      equity: expect.any(Number),
      balance: expect.any(Number),
      available_funds: expect.any(Number),
      initial_margin: expect.any(Number),
      maintenance_margin: expect.any(Number),
      margin_model: expect.any(String),
      limits: { non_matching_engine: { rate: 20, burst: 100 }, matching_engine: { rate: 5, burst: 20 } },
    });
    const positions = await get('/private/get_positions?currency=ETH', token);
    expect(positions.body.result[0]).toMatchObject({
      instrument_name: 'ETH-PERPETUAL',
      kind: 'future',
      direction: 'buy',
      size: 5000,
      size_currency: expect.any(Number),
      average_price: expect.any(Number),
      leverage: 50,
    });
    const closed = await get('/private/close_position?instrument_name=ETH-PERPETUAL&type=market', token);
    expect(closed.body.result.order).toMatchObject({
      reduce_only: true,
      order_state: 'filled',
      direction: 'sell',
      amount: 5000,
    });
    expect(closed.body.result.trades[0]).toMatchObject({
      liquidity: 'T',
      fee_currency: 'ETH',
      reduce_only: true,
    });
    expect(
      (await get('/private/close_position?instrument_name=ETH-PERPETUAL&type=market', token)).body.error,
    ).toMatchObject({
      code: 10010,
    });
  });

  it('rejects off-grid amounts and prices with Deribit’s codes', async () => {
    const token = await auth();
    const cases: [string, number][] = [
      ['/private/buy?instrument_name=BTC-PERPETUAL&amount=15&type=market', 10027],
      ['/private/buy?instrument_name=BTC-PERPETUAL&amount=10&type=limit&price=40000.3', 10043],
      [
        '/private/buy?instrument_name=BTC-PERPETUAL&amount=10&type=stop_market&trigger=mark_price&trigger_price=99999.3',
        10044,
      ],
      ['/private/buy?instrument_name=BTC-PERPETUAL&amount=10&type=limit&price=1000000', 10007],
      [
        '/private/buy?instrument_name=BTC-PERPETUAL&amount=10&type=stop_market&trigger=mark_price&trigger_price=1000',
        11036,
      ],
    ];
    for (const [path, code] of cases) expect((await get(path, token)).body.error.code, path).toBe(code);
    expect(
      (await get('/private/buy?instrument_name=SOL-PERPETUAL&amount=1', token)).body.error,
    ).toMatchObject({
      code: -32602,
      data: { reason: 'instrument not found', param: 'instrument_name' },
    });
  });
});
