import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_DEADLINE } from '../../src/upstream/call-deadline.js';
import { urlVariable } from '../../src/upstream/upstream-variables.js';
import { optxUpstream } from '../../src/venues/deribit/deribit.upstream.js';
import type { DeribitClient } from '../../src/venues/deribit/deribit-client.js';
import { perpdexUpstream } from '../../src/venues/hyperliquid/hyperliquid.upstream.js';
import type { HyperliquidClient } from '../../src/venues/hyperliquid/hyperliquid-client.js';
import { type MarketGateway, PINNED_NOW, startMarketGateway } from './support/market-gateway.js';

/** The venue clients over the gateway's upstream layer, against the simulators over real sockets. */

const HOUR = 3_600_000;
let market: MarketGateway;
let optxClient: DeribitClient;
let perpdexClient: HyperliquidClient;

beforeAll(async () => {
  market = await startMarketGateway();
  optxClient = market.gateway.upstreams.registry.client(optxUpstream, 'live');
  perpdexClient = market.gateway.upstreams.registry.client(perpdexUpstream, 'live');
});
afterAll(() => market.close());

describe('optx client against the Deribit simulator', () => {
  it('lists BTC futures: the inverse perpetual and dated futures, raw objects kept as native', async () => {
    const { data, native, receivedAt } = await optxClient.getInstruments(NO_DEADLINE, {
      currency: 'BTC',
      kind: 'future',
    });
    expect(receivedAt).toBe(PINNED_NOW);
    expect(native).toEqual(data);
    const perpetual = data.find((row) => row.instrument_name === 'BTC-PERPETUAL');
    expect(perpetual).toMatchObject({
      kind: 'future',
      settlement_period: 'perpetual',
      contract_size: 10,
      tick_size: 0.5,
    });
    expect(data.some((row) => /^BTC-\d{1,2}[A-Z]{3}\d{2}$/.test(row.instrument_name))).toBe(true);
    expect(data.every((row) => row.base_currency === 'BTC')).toBe(true);
  });

  it('lists USDC-linear perpetuals of other coins under USDC and no SOL inverse perpetual anywhere', async () => {
    const usdc = await optxClient.getInstruments(NO_DEADLINE, { currency: 'USDC', kind: 'future' });
    expect(usdc.data.map((row) => row.instrument_name)).toContain('SOL_USDC-PERPETUAL');
    const all = await optxClient.getInstruments(NO_DEADLINE, { currency: 'any', kind: 'future' });
    const names = all.data.map((row) => row.instrument_name);
    expect(names).not.toContain('SOL-PERPETUAL');
    expect(names).toContain('XRP-PERPETUAL'); // the stale inverse symbol the spec warns about
  });

  it('returns chart data with at most 5000 bars per call, the newest kept, on the resolution grid', async () => {
    const end = Math.floor(PINNED_NOW / 60_000) * 60_000;
    const { data } = await optxClient.getChartData(NO_DEADLINE, {
      instrument: 'BTC-PERPETUAL',
      startMs: end - 6000 * 60_000,
      endMs: end,
      resolution: '1',
    });
    expect(data).toHaveLength(5000);
    expect(data.at(-1)!.timestamp).toBe(end);
    expect(data.every((bar, i) => i === 0 || bar.timestamp - data[i - 1]!.timestamp === 60_000)).toBe(true);
    expect(
      data.every(
        (bar) => bar.high >= Math.max(bar.open, bar.close) && bar.low <= Math.min(bar.open, bar.close),
      ),
    ).toBe(true);
  });

  it('answers an unknown instrument with a clear 404 and a ticker/index consistent with the candles', async () => {
    await expect(
      optxClient.getChartData(NO_DEADLINE, {
        instrument: 'SOL-PERPETUAL',
        startMs: 0,
        endMs: HOUR,
        resolution: '60',
      }),
    ).rejects.toMatchObject({ status: 404, code: 'UNKNOWN_INSTRUMENT' });
    const ticker = await optxClient.getTicker(NO_DEADLINE, 'BTC-PERPETUAL');
    const index = await optxClient.getIndexPrice(NO_DEADLINE, 'btc_usd');
    const mark = ticker.data.mark_price as number;
    expect(Math.abs(mark / index.data.index_price - 1)).toBeLessThan(0.005);
  });

  it('the stale inverse symbol trades far from the index', async () => {
    const stale = await optxClient.getTicker(NO_DEADLINE, 'XRP-PERPETUAL');
    const index = await optxClient.getIndexPrice(NO_DEADLINE, 'xrp_usdc');
    expect(Math.abs((stale.data.mark_price as number) / index.data.index_price - 1)).toBeGreaterThan(0.1);
  });

  it("turns Deribit's too_many_requests (10028, under any status) into 429 with Retry-After, not retried", async () => {
    const sim = market.sim('optx', 'live');
    sim.resetHits();
    sim.faults.inject({
      path: '/api/v2/public/get_index_price',
      times: 1,
      fault: {
        kind: 'error',
        status: 400,
        body: { jsonrpc: '2.0', error: { message: 'too_many_requests', code: 10028 }, testnet: false },
      },
    });
    await expect(optxClient.getIndexPrice(NO_DEADLINE, 'eth_usd')).rejects.toMatchObject({
      status: 429,
      code: 'UPSTREAM_RATE_LIMITED',
      retryable: true,
      headers: { 'retry-after': '1' },
    });
    expect(sim.hits({ path: '/api/v2/public/get_index_price' })).toBe(1);
  });

  it('detects a base URL pointing at the other environment', async () => {
    // The live optx URL set to this file's test-environment simulator.
    const misrouted = await startMarketGateway({
      env: { [urlVariable(optxUpstream, 'api', 'live')]: `${market.sim('optx', 'test').url}/api/v2` },
    });
    try {
      const client = misrouted.gateway.upstreams.registry.client(optxUpstream, 'live');
      await expect(client.getIndexPrice(NO_DEADLINE, 'btc_usd')).rejects.toMatchObject({
        code: 'UPSTREAM_ENVIRONMENT_MISMATCH',
      });
    } finally {
      await misrouted.close();
    }
  });
});

describe('perpdex client against the Hyperliquid simulator', () => {
  it('reads meta with szDecimals and maxLeverage, and markets aligned with the universe', async () => {
    const meta = await perpdexClient.getMeta(NO_DEADLINE);
    const btc = meta.data.universe.find((asset) => asset.name === 'BTC');
    expect(btc).toMatchObject({ szDecimals: 5, maxLeverage: 40 });
    expect(meta.data.universe.some((asset) => asset.isDelisted)).toBe(true);
    const markets = await perpdexClient.getMarkets(NO_DEADLINE);
    expect(markets.data.map((row) => row.asset)).toEqual(meta.data.universe.map((asset) => asset.name));
    const eth = markets.data.find((row) => row.asset === 'ETH')!;
    expect(eth.mark_price).toBeGreaterThan(0);
    expect(typeof (eth.native.context as Record<string, unknown>).markPx).toBe('string');
  });

  it('reads mids of perps only', async () => {
    const mids = await perpdexClient.getAllMids(NO_DEADLINE);
    expect(Object.keys(mids.data)).toContain('BTC');
    expect(Object.keys(mids.data).some((coin) => coin.includes('/'))).toBe(false);
  });

  it('returns at most 5000 candles, including the candle containing the start bound', async () => {
    const hourly = await perpdexClient.getCandles(NO_DEADLINE, {
      coin: 'BTC',
      interval: '1h',
      startMs: PINNED_NOW - 10 * HOUR - 1,
      endMs: PINNED_NOW,
    });
    expect(hourly.data[0]!.timestamp).toBe(Math.floor((PINNED_NOW - 10 * HOUR - 1) / HOUR) * HOUR);
    const wide = await perpdexClient.getCandles(NO_DEADLINE, {
      coin: 'ETH',
      interval: '1m',
      startMs: PINNED_NOW - 8000 * 60_000,
      endMs: PINNED_NOW,
    });
    expect(wide.data.length).toBe(5000);
  });

  it('venues quote the same underlying within a realistic basis', async () => {
    const start = PINNED_NOW - 48 * HOUR;
    const [d, h] = await Promise.all([
      optxClient.getChartData(NO_DEADLINE, {
        instrument: 'ETH-PERPETUAL',
        startMs: start,
        endMs: PINNED_NOW,
        resolution: '60',
      }),
      perpdexClient.getCandles(NO_DEADLINE, {
        coin: 'ETH',
        interval: '1h',
        startMs: start,
        endMs: PINNED_NOW,
      }),
    ]);
    const byTime = new Map(h.data.map((bar) => [bar.timestamp, bar.close]));
    const gaps = d.data
      .filter((bar) => byTime.has(bar.timestamp))
      .map((bar) => Math.abs(bar.close / byTime.get(bar.timestamp)! - 1));
    expect(gaps.length).toBeGreaterThan(40);
    expect(Math.max(...gaps)).toBeLessThan(0.003);
    expect(Math.max(...gaps)).toBeGreaterThan(0);
  });
});
