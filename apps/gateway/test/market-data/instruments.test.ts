import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_DEADLINE } from '../../src/upstream/call-deadline.js';
import { optxUpstream } from '../../src/venues/deribit/deribit.upstream.js';
import { type MarketGateway, startMarketGateway } from './support/market-gateway.js';

let market: MarketGateway;

beforeAll(async () => {
  market = await startMarketGateway();
});
afterAll(() => market.close());
beforeEach(() => market.reset());

describe('get_instruments on optx', () => {
  it('defaults to BTC futures: perpetual and dated futures as uniform records with fees and history_start', async () => {
    const result = await market.tool('get_instruments', { exchange: 'optx' });
    const perpetual = result.instruments.find((row) => row.symbol === 'BTC-PERPETUAL');
    expect(perpetual).toEqual({
      exchange: 'optx',
      symbol: 'BTC-PERPETUAL',
      asset_class: 'crypto',
      type: 'perpetual',
      fees: { maker: 0, taker: 0.0005 },
      history_start: '2018-08-14',
      tick_size: 0.5,
      native: expect.objectContaining({ instrument_name: 'BTC-PERPETUAL', contract_size: 10 }),
    });
    expect(result.instruments.filter((row) => row.type === 'future').length).toBeGreaterThan(0);
    expect(result.instruments.every((row) => row.type !== 'option')).toBe(true);
    expect(result.meta.optx).toMatchObject({ offset: 0, limit: 100, has_more: false });
  });

  it('filters options by expiry and strike, sorted by expiry, strike, type, name', async () => {
    const all = await market.tool('get_instruments', { exchange: 'optx', kind: 'option', limit: 1000 });
    const expiries = [
      ...new Set(all.instruments.map((row) => row.native.expiration_timestamp as number)),
    ].sort();
    const to = new Date(expiries[2]!).toISOString().slice(0, 10);
    const filtered = await market.tool('get_instruments', {
      exchange: 'optx',
      kind: 'option',
      expiry_from: new Date(expiries[1]!).toISOString().slice(0, 10),
      expiry_to: to,
      strike_min: 80_000,
      strike_max: 100_000,
      limit: 1000,
    });
    expect(filtered.instruments.length).toBeGreaterThan(0);
    for (const row of filtered.instruments) {
      expect(row.native.expiration_timestamp).toBeGreaterThanOrEqual(expiries[1]!);
      expect(row.native.expiration_timestamp).toBeLessThanOrEqual(expiries[2]!);
      expect(row.native.strike).toBeGreaterThanOrEqual(80_000);
      expect(row.native.strike).toBeLessThanOrEqual(100_000);
    }
    const keys = filtered.instruments.map((row) => [
      row.native.expiration_timestamp as number,
      row.native.strike as number,
    ]);
    expect(keys).toEqual([...keys].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!));
  });

  it('pages with meta.optx total, offset, limit and has_more, every instrument exactly once', async () => {
    const first = await market.tool('get_instruments', { exchange: 'optx', kind: 'option', limit: 50 });
    const total = first.meta.optx!.total;
    expect(total).toBeGreaterThan(100);
    expect(first.meta.optx).toEqual({ total, offset: 0, limit: 50, has_more: true });
    const seen: string[] = [];
    for (let offset = 0; offset < total; offset += 50) {
      const page = await market.tool('get_instruments', {
        exchange: 'optx',
        kind: 'option',
        limit: 50,
        offset,
      });
      expect(page.meta.optx!.has_more).toBe(offset + 50 < total);
      seen.push(...page.instruments.map((row) => row.symbol));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    const past = await market.tool('get_instruments', {
      exchange: 'optx',
      kind: 'option',
      offset: total + 5,
    });
    expect(past).toMatchObject({ instruments: [], meta: { optx: { total, has_more: false } } });
  });

  it('filters by minimum open interest using the book summary', async () => {
    const all = await market.tool('get_instruments', { exchange: 'optx', kind: 'option', limit: 1000 });
    const optxClient = market.gateway.upstreams.registry.client(optxUpstream, 'live');
    const summary = await optxClient.getBookSummaryByCurrency(NO_DEADLINE, {
      currency: 'BTC',
      kind: 'option',
    });
    const oi = new Map(
      summary.data.map((row) => [row.instrument_name as string, row.open_interest as number]),
    );
    const threshold = [...oi.values()].sort((a, b) => a - b)[Math.floor(oi.size / 2)]!;
    const rich = await market.tool('get_instruments', {
      exchange: 'optx',
      kind: 'option',
      min_open_interest: threshold,
      limit: 1000,
    });
    expect(rich.instruments.length).toBeGreaterThan(0);
    expect(rich.instruments.length).toBeLessThan(all.instruments.length);
    expect(rich.instruments.every((row) => oi.get(row.symbol)! >= threshold)).toBe(true);
  });

  it('finds another coin among the USDC-linear instruments', async () => {
    const sol = await market.tool('get_instruments', { exchange: 'optx', currency: 'SOL' });
    expect(sol.instruments.map((row) => row.symbol)).toContain('SOL_USDC-PERPETUAL');
    expect(sol.instruments.every((row) => row.native.base_currency === 'SOL')).toBe(true);
  });

  it('caches the listing briefly: a second call does not ask upstream again', async () => {
    await market.tool('get_instruments', { exchange: 'optx', currency: 'ETH' });
    const calls = market.sim('optx').hits();
    expect(calls).toBeGreaterThan(0);
    await market.tool('get_instruments', { exchange: 'optx', currency: 'ETH', offset: 1 });
    expect(market.sim('optx').hits()).toBe(calls);
  });
});

describe('get_instruments fan-out and perpdex', () => {
  it('lists both exchanges when exchange is omitted; perpdex records have null fees and history_start', async () => {
    const result = await market.tool('get_instruments', {});
    expect(result.failed_sources).toEqual([]);
    const btc = result.instruments.find((row) => row.exchange === 'perpdex' && row.symbol === 'BTC');
    expect(btc).toMatchObject({
      type: 'perpetual',
      fees: null,
      history_start: null,
      tick_size: 1,
      asset_class: 'crypto',
    });
    expect(btc!.native).toMatchObject({ szDecimals: 5, maxLeverage: 40 });
    expect(result.instruments.some((row) => row.symbol === 'LOOM')).toBe(false); // delisted
    expect(Object.keys(result.meta)).toEqual(['optx']);
  });

  it('reports a failing venue in failed_sources and still returns the other', async () => {
    market.sim('perpdex').faults.inject({ fault: { kind: 'error', status: 502, body: 'bad gateway' } });
    const result = await market.tool('get_instruments', { currency: 'ETH' });
    expect(result.failed_sources).toEqual([{ exchange: 'perpdex', error: expect.stringContaining('502') }]);
    expect(result.instruments.length).toBeGreaterThan(0);
    expect(result.instruments.every((row) => row.exchange === 'optx')).toBe(true);
    await expect(market.tool('get_instruments', { exchange: 'perpdex' })).rejects.toMatchObject({
      status: 502,
      retryable: true,
    });
  });
});

describe('get_markets and get_indicators', () => {
  it('get_markets returns the perpdex market record fields', async () => {
    const result = await market.tool('get_markets', { assets: ['BTC', 'SOL'] });
    expect(result.markets.map((row) => row.asset)).toEqual(['BTC', 'SOL']);
    expect(Object.keys(result.markets[0]!).sort()).toEqual(
      ['asset', 'funding_rate', 'mark_price', 'max_leverage', 'open_interest', 'volume_24h'].sort(),
    );
    expect(result.markets[0]!.max_leverage).toBe(40);
  });

  it('get_indicators reports candles_used, sources_used, parameters, and null for unsupported names', async () => {
    const result = await market.tool('get_indicators', {
      instrument: 'ETH',
      interval: '1h',
      start_date: '2026-11-01',
      end_date: '2026-11-19',
      indicators: 'rsi, sma,foo',
    });
    expect(result).toMatchObject({
      exchange: null,
      instrument: 'ETH',
      candles_used: 19 * 24,
      sources_used: ['optx', 'perpdex'],
      failed_sources: [],
    });
    expect(Object.keys(result.indicators)).toEqual(['rsi', 'sma', 'foo']);
    expect(result.indicators.foo).toBeNull();
    expect(result.indicators.rsi).toMatchObject({
      parameters: { period: 14 },
      timestamp: Date.UTC(2026, 10, 19, 23),
    });
    const rsiValue = result.indicators.rsi!.value as number;
    expect(rsiValue).toBeGreaterThanOrEqual(0);
    expect(rsiValue).toBeLessThanOrEqual(100);
    const single = await market.tool('get_indicators', {
      exchange: 'perpdex',
      instrument: 'SOL',
      interval: '1d',
      start_date: '2026-10-01',
      end_date: '2026-10-10',
    });
    expect(single).not.toHaveProperty('failed_sources');
    expect(Object.keys(single.indicators)).toEqual(['rsi', 'atr', 'macd', 'adx']);
    expect(single.indicators.macd).toMatchObject({ value: null, min_candles: 34 });
  });
});
