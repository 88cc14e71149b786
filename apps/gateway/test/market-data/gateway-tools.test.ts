import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Envelope, type Gateway, MAINNET } from '../helpers.js';
import { type MarketGateway, startMarketGateway } from './support/market-gateway.js';

/**
 * The market-data tools as a bot sees them: the real gateway in the sim
 * profile with the Deribit and Hyperliquid simulators, through auth, the
 * registry's frame fields and the envelope, on the harness's pinned clock.
 */
let market: MarketGateway;
let gateway: Gateway;
beforeAll(async () => {
  market = await startMarketGateway();
  gateway = market.gateway;
});
afterAll(() => market.close());

// biome-ignore lint/suspicious/noExplicitAny: JSON replies are checked field by field.
type Json = any;
const live = { authorization: `Bearer ${MAINNET}` };
const history = { instrument: 'BTC', interval: '1d', start_date: '2026-11-01', end_date: '2026-11-03' };

describe('market-data tools on the gateway', () => {
  it('answers consensus history in the test environment with the frame fields and header', async () => {
    const response = await gateway.call('/mcp/tools/get_historical', history);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Json;
    expect(body).toMatchObject({ exchange: null, instrument: 'BTC', testnet: true, simulated: true });
    expect(body.candles.map((c: Json) => c.timestamp)).toEqual([
      Date.parse('2026-11-01T00:00:00Z'),
      Date.parse('2026-11-02T00:00:00Z'),
      Date.parse('2026-11-03T00:00:00Z'),
    ]);
    expect(response.headers.get('x-data-timestamp')).toBe(body.data_timestamp);
  });

  it('answers both response shapes with the live token: testnet false, venues within a realistic basis', async () => {
    const consensus = (await (await gateway.call('/mcp/tools/get_historical', history, live)).json()) as Json;
    expect(consensus.testnet).toBe(false);
    expect(consensus.sources_used).toEqual(['optx', 'perpdex']);
    for (const candle of consensus.candles) expect(candle.div_pct).toBeLessThan(0.01);

    const single = await gateway.call(
      '/mcp/tools/get_historical',
      { ...history, exchange: 'optx', instrument: 'BTC-PERPETUAL' },
      live,
    );
    expect(single.status).toBe(200);
    expect(await single.json()).toMatchObject({ exchange: 'optx', testnet: false, sources_used: ['optx'] });
  });

  it('streams a long history in chunks with the same fields as a short one', async () => {
    const twoDays = { ...history, exchange: 'optx', instrument: 'BTC-PERPETUAL', interval: '1m' };
    const response = await gateway.call('/mcp/tools/get_historical', {
      ...twoDays,
      start_date: '2026-11-01',
      end_date: '2026-11-02',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('content-length')).toBeNull();
    const body = (await response.json()) as Json;
    expect(body.candles).toHaveLength(2 * 1440);
    expect(body.candles[2879]).toEqual({
      timestamp: Date.parse('2026-11-02T23:59:00Z'),
      open: expect.any(Number),
      high: expect.any(Number),
      low: expect.any(Number),
      close: expect.any(Number),
      volume: expect.any(Number),
    });
    expect(response.headers.get('x-data-timestamp')).toBe(body.data_timestamp);

    // One day is short enough for the route's serializer: same shape, with a length.
    const short = await gateway.call('/mcp/tools/get_historical', {
      ...twoDays,
      start_date: '2026-11-01',
      end_date: '2026-11-01',
    });
    expect(short.headers.get('content-length')).not.toBeNull();
    const shortBody = (await short.json()) as Json;
    expect(Object.keys(shortBody).sort()).toEqual(Object.keys(body).sort());
    expect(shortBody.candles).toEqual(body.candles.slice(0, 1440));
  });

  it('logs a streamed history the bot dropped half way as 499', async () => {
    const response = await gateway.call(
      '/mcp/tools/get_historical',
      // Three months of 1m candles (about 13 MiB): far more than the loopback socket buffers hold, so the
      // answer is still being written when the reader goes away (a year took most of the call's deadline to
      // page in on a loaded machine).
      {
        ...history,
        exchange: 'optx',
        instrument: 'BTC-PERPETUAL',
        interval: '1m',
        start_date: '2026-08-20',
        end_date: '2026-11-19',
      },
      { 'x-request-id': 'dropped-history' },
    );
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    const lines = () =>
      gateway
        .logLines()
        .filter((line) => line.name === 'mcp.request' && line.client_request_id === 'dropped-history');
    await vi.waitFor(() => expect(lines()).toHaveLength(1), { timeout: 10_000 });
    expect(lines()).toEqual([expect.objectContaining({ status_code: 499, tool: 'get_historical' })]);
  }, 30_000);

  it('lists instruments with optx paging metadata and perpdex markets', async () => {
    const instruments = (await (
      await gateway.call('/mcp/tools/get_instruments', { exchange: 'optx', limit: 2 })
    ).json()) as Json;
    expect(instruments.instruments).toHaveLength(2);
    expect(instruments.meta.optx).toMatchObject({ offset: 0, limit: 2, has_more: true });

    const markets = (await (await gateway.call('/mcp-perpdex/tools/get_markets', {})).json()) as Json;
    expect(markets.markets.map((m: Json) => m.asset)).toEqual(expect.arrayContaining(['BTC', 'ETH', 'SOL']));
  });

  it('computes indicators and reports unsupported names as null', async () => {
    const response = await gateway.call('/mcp/tools/get_indicators', {
      exchange: 'perpdex',
      instrument: 'ETH',
      interval: '1h',
      start_date: '2026-11-01',
      end_date: '2026-11-05',
      indicators: 'rsi,sma,nope',
    });
    const body = (await response.json()) as Json;
    expect(body.indicators.nope).toBeNull();
    expect(body.indicators.rsi.value).toBeGreaterThanOrEqual(0);
    expect(body.indicators.rsi.value).toBeLessThanOrEqual(100);
    expect(body.candles_used).toBe(5 * 24);
  });

  it('answers an unknown instrument with a clear 4xx envelope, not an empty 200', async () => {
    const response = await gateway.call('/mcp/tools/get_historical', {
      ...history,
      exchange: 'optx',
      instrument: 'NOPE-PERPETUAL',
    });
    expect(response.status).toBe(404);
    expect(((await response.json()) as Envelope).error.code).toBe('UNKNOWN_INSTRUMENT');
  });

  it('logs the exchange of each call in the request log', async () => {
    await gateway.call('/mcp-perpdex/tools/get_markets', {});
    const line = gateway
      .logLines()
      .reverse()
      .find((l) => l.name === 'mcp.request' && l.tool === 'get_markets');
    expect(line).toMatchObject({ exchange: 'perpdex', status_code: 200 });
  });

  it('reports both venues (and the data providers, live only) in readiness', async () => {
    const ready = (await (await fetch(`${gateway.url}/health/ready`)).json()) as Json;
    expect(ready.status).toBe('ready');
    expect(ready.upstreams.map((u: Json) => `${u.name}/${u.environment}`).sort()).toEqual([
      'binance-public/live',
      'broker/live',
      'broker/test',
      'bybit-public/live',
      'cboe/live',
      'cftc/live',
      'coingecko/live',
      'deribit-public/live',
      'fear-greed/live',
      'ff-calendar/live',
      'fred/live',
      'gdelt/live',
      'hyperliquid-public/live',
      'lunarcrush/live',
      'news-feeds/live',
      'okx-public/live',
      'optx/live',
      'optx/test',
      'perpdex/live',
      'perpdex/test',
      'treasury/live',
      'yahoo/live',
    ]);
  });
});
