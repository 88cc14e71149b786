import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findInstrument } from '../src/deribit/deribit-catalogue.js';
import { chartData } from '../src/deribit/deribit-chart.js';
import { optx, perpdex, RateLimits, SimClock, type SimulatorDefinition } from '../src/index.js';
import { generateBar } from '../src/market/candles.js';
import { COINS } from '../src/market/coins.js';
import { pricePath } from '../src/market/price-path.js';
import { activeExpiries, expiryCode } from '../src/market/universe.js';

/** The market-data simulators through Fastify's inject (wire shapes) and their pure generators. */

const NOW = Date.UTC(2026, 9, 2, 10, 0, 0);
const app = Fastify();

/** A context as the frame builds it: the venue's own limits (on; these tests stay far inside them). */
const contextFor = (definition: SimulatorDefinition, environment: 'test' | 'live') => ({
  environment,
  seed: 1,
  marketSeed: 1,
  now: () => NOW,
  clock: new SimClock(() => NOW),
  websocket: () => {
    throw new Error('these simulators serve no websocket');
  },
  limits: new RateLimits(definition.limits?.rules ?? {}),
});

beforeAll(async () => {
  await app.register(optx.plugin(contextFor(optx, 'live')), { prefix: '/deribit' });
  await app.register(optx.plugin(contextFor(optx, 'test')), { prefix: '/deribit-test' });
  await app.register(perpdex.plugin(contextFor(perpdex, 'live')), { prefix: '/hl' });
});
afterAll(() => app.close());

const rpc = async (path: string) => {
  const response = await app.inject({ url: `/deribit/api/v2/public/${path}` });
  return { status: response.statusCode, body: response.json() };
};
const info = async (payload: unknown) =>
  app.inject({ method: 'POST', url: '/hl/info', payload: payload as object });

describe('price paths and candles', () => {
  it('a bar is a pure function of seed, coin, venue and time: same bar whatever range asked for it', () => {
    const instrument = findInstrument(1, NOW, 'BTC-PERPETUAL')!;
    const t = Date.UTC(2026, 5, 1, 12);
    const wide = chartData(1, instrument, t - 100 * 3_600_000, t + 100 * 3_600_000, '60', NOW);
    const narrow = chartData(1, instrument, t, t, '60', NOW);
    const i = wide.ticks.indexOf(t);
    expect(narrow.ticks).toEqual([t]);
    expect([narrow.open[0], narrow.high[0], narrow.low[0], narrow.close[0]]).toEqual([
      wide.open[i],
      wide.high[i],
      wide.low[i],
      wide.close[i],
    ]);
  });

  it('paths stay near their reference price and have roughly the configured volatility', () => {
    for (const spec of COINS.slice(0, 3)) {
      const path = pricePath(1, spec);
      let sum = 0;
      let count = 0;
      let previous = Math.log(path.priceAt(NOW - 90 * 86_400_000));
      for (let t = NOW - 90 * 86_400_000 + 3_600_000; t <= NOW; t += 3_600_000) {
        const value = Math.log(path.priceAt(t));
        sum += (value - previous) ** 2;
        count++;
        previous = value;
      }
      const annualised = Math.sqrt((sum / count) * 8760);
      expect(annualised).toBeGreaterThan(spec.annualVol * 0.6);
      expect(annualised).toBeLessThan(spec.annualVol * 1.5);
      const price = path.priceAt(NOW);
      expect(price / spec.referencePrice).toBeGreaterThan(0.25);
      expect(price / spec.referencePrice).toBeLessThan(4);
    }
  });

  it('a forming bar ends at now; bars after now do not exist', () => {
    const instrument = findInstrument(1, NOW, 'ETH-PERPETUAL')!;
    expect(generateBar(instrument.quote, NOW + 60_000, 60_000, NOW)).toBeNull();
    const forming = generateBar(instrument.quote, NOW - 30_000, 60_000, NOW)!;
    expect(forming.t).toBe(NOW - 30_000);
  });

  it('expiries are at 08:00 UTC with Deribit codes (day without leading zero)', () => {
    const expiries = activeExpiries(NOW);
    expect(expiries.every((expiry) => new Date(expiry.timestamp).getUTCHours() === 8)).toBe(true);
    expect(expiryCode(Date.UTC(2026, 11, 25, 8))).toBe('25DEC26');
    expect(expiryCode(Date.UTC(2025, 2, 7, 8))).toBe('7MAR25');
    expect(expiries.filter((expiry) => expiry.kind === 'quarter')).toHaveLength(2);
  });
});

describe('Deribit simulator wire format', () => {
  it('answers the JSON-RPC envelope with µs timing and the testnet flag', async () => {
    const live = await rpc('get_index_price?index_name=btc_usd');
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ jsonrpc: '2.0', usIn: NOW * 1000, testnet: false });
    expect(live.body.usDiff).toBe(live.body.usOut - live.body.usIn);
    expect(live.body).not.toHaveProperty('id');
    const test = await app.inject({
      url: '/deribit-test/api/v2/public/get_index_price?index_name=btc_usd&id=7',
    });
    expect(test.json()).toMatchObject({ testnet: true, id: 7 });
    expect(test.json().result.index_price).not.toBe(live.body.result.index_price);
  });

  it('reports errors as HTTP 400 with the documented codes and reasons', async () => {
    expect(await rpc('nope')).toMatchObject({
      status: 400,
      body: { error: { code: -32601, message: 'Method not found' } },
    });
    // get_instruments without a currency lists everything, as production does (notes §3.2); this one needs it.
    expect(await rpc('get_book_summary_by_currency')).toMatchObject({
      status: 400,
      body: { error: { code: -32602, data: { reason: 'value is required', param: 'currency' } } },
    });
    expect(await rpc('get_instruments?currency=SOL')).toMatchObject({
      body: { error: { data: { reason: 'invalid currency', param: 'currency' } } },
    });
    expect(
      await rpc(
        'get_tradingview_chart_data?instrument_name=BTC-PERPETUAL&start_timestamp=0&end_timestamp=1&resolution=240',
      ),
    ).toMatchObject({
      status: 400,
      body: { error: { code: -32602, data: { param: 'resolution' } } },
    });
  });

  it('chart data before the listing is no_data with empty arrays', async () => {
    const reply = await rpc(
      'get_tradingview_chart_data?instrument_name=BTC-PERPETUAL&start_timestamp=1000000000000&end_timestamp=1000003600000&resolution=1',
    );
    expect(reply.body.result).toEqual({
      status: 'no_data',
      ticks: [],
      open: [],
      high: [],
      low: [],
      close: [],
      volume: [],
      cost: [],
    });
  });

  it('options carry the documented fields and strikes around the forward', async () => {
    const { body } = await rpc('get_instruments?currency=BTC&kind=option');
    const options = body.result as Record<string, unknown>[];
    expect(options.length).toBeGreaterThan(100);
    expect(options[0]).toMatchObject({
      kind: 'option',
      quote_currency: 'BTC',
      instrument_type: 'reversed',
      contract_size: 1,
      tick_size_steps: [{ above_price: 0.005, tick_size: 0.0005 }],
    });
    for (const option of options) {
      expect(option.instrument_name).toMatch(/^BTC-\d{1,2}[A-Z]{3}\d{2}-\d+-[CP]$/);
    }
  });
});

describe('Hyperliquid simulator wire format', () => {
  it('candles carry string prices and the documented field names', async () => {
    const response = await info({
      type: 'candleSnapshot',
      req: { coin: 'BTC', interval: '1h', startTime: NOW - 7_200_000, endTime: NOW },
    });
    const candles = response.json();
    expect(candles[0]).toEqual({
      t: NOW - 7_200_000,
      T: NOW - 3_600_001,
      s: 'BTC',
      i: '1h',
      o: expect.any(String),
      c: expect.any(String),
      h: expect.any(String),
      l: expect.any(String),
      v: expect.any(String),
      n: expect.any(Number),
    });
  });

  it('answers a body it cannot deserialize with 422 plain text', async () => {
    for (const payload of [
      { type: 'bogus' },
      { nope: 1 },
      { type: 'candleSnapshot', req: { coin: 'BTC', interval: '2d', startTime: 0 } },
    ]) {
      const response = await info(payload);
      expect(response.statusCode).toBe(422);
      expect(response.headers['content-type']).toContain('text/plain');
      expect(response.body).toMatch(/^Failed to deserialize the JSON body into the target type/);
    }
  });

  it('meta and metaAndAssetCtxs agree index by index', async () => {
    const meta = (await info({ type: 'meta' })).json();
    const [meta2, contexts] = (await info({ type: 'metaAndAssetCtxs' })).json();
    expect(meta2).toEqual(meta);
    expect(contexts).toHaveLength(meta.universe.length);
    expect(typeof contexts[0].markPx).toBe('string');
  });
});
