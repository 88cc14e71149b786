import { createPerpdexSimulator, simulators } from '@app/sim';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Candle, ConsensusCandle } from '../../src/domain/candle.js';
import { type MarketGateway, PINNED_NOW, startMarketGateway } from './support/market-gateway.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const CHART_PATH = '/api/v2/public/get_tradingview_chart_data';
let market: MarketGateway;

beforeAll(async () => {
  market = await startMarketGateway();
});
afterAll(() => market.close());
beforeEach(() => market.reset());

const chartCalls = () => market.sim('optx').requests({ path: CHART_PATH });
const candleSnapshots = (instance = market.sim('perpdex')) =>
  instance.requests({ path: '/info' }).filter((r) => (r.body as { type: string }).type === 'candleSnapshot');

describe('get_historical, single exchange', () => {
  it('returns one year of 1m candles — wider than one upstream call — every bar once, in order, from start_date', async () => {
    const params = {
      exchange: 'optx',
      instrument: 'BTC-PERPETUAL',
      interval: '1m',
      start_date: '2025-11-20',
      end_date: '2026-11-19',
    };
    const result = await market.tool('get_historical', params);
    const candles = result.candles as Candle[];
    expect(candles).toHaveLength(365 * 1440);
    expect(candles[0]!.timestamp).toBe(Date.UTC(2025, 10, 20));
    expect(candles.at(-1)!.timestamp).toBe(Date.UTC(2026, 10, 19, 23, 59));
    for (let i = 1; i < candles.length; i++) {
      if (candles[i]!.timestamp - candles[i - 1]!.timestamp !== MIN)
        throw new Error(`bar ${i} out of sequence`);
    }
    const calls = chartCalls();
    expect(calls).toHaveLength(Math.ceil(525_600 / 4900));
    for (const call of calls) {
      const start = Number(call.query.start_timestamp);
      const end = Number(call.query.end_timestamp);
      expect((end - start) / MIN + 1).toBeLessThanOrEqual(5000);
    }
    expect(result).toMatchObject({ exchange: 'optx', interval: '1m', sources_used: ['optx'] });
    expect(result.data_timestamp).toBe(new Date(PINNED_NOW).toISOString());

    // Closed candles are cached: the same range again does not call upstream.
    const again = await market.tool('get_historical', params);
    expect(market.sim('optx').hits({ path: CHART_PATH })).toBe(calls.length);
    expect(again.candles).toHaveLength(525_600);
    expect(again.data_timestamp).toBe(result.data_timestamp);
  }, 120_000);

  it('pages perpdex too: a year of 1h candles (two upstream calls) from start_date, every bar once', async () => {
    const result = await market.tool('get_historical', {
      exchange: 'perpdex',
      instrument: 'BTC',
      interval: '1h',
      start_date: '2025-11-20',
      end_date: '2026-11-19',
    });
    expect(result.candles).toHaveLength(365 * 24);
    expect(result.candles[0]!.timestamp).toBe(Date.UTC(2025, 10, 20));
    expect(
      result.candles.every((c, i) => i === 0 || c.timestamp - result.candles[i - 1]!.timestamp === HOUR),
    ).toBe(true);
    expect(candleSnapshots()).toHaveLength(2);
  });

  it('a date-only end_date includes the whole day (rule 4), a datetime start starts at the next bar open', async () => {
    const day = await market.tool('get_historical', {
      exchange: 'perpdex',
      instrument: 'ETH',
      interval: '15m',
      start_date: '2026-11-19',
      end_date: '2026-11-19',
    });
    expect(day.candles).toHaveLength(96);
    expect(day.candles.at(-1)!.timestamp).toBe(Date.UTC(2026, 10, 19, 23, 45));
    const partial = await market.tool('get_historical', {
      exchange: 'perpdex',
      instrument: 'ETH',
      interval: '1h',
      start_date: '2026-11-19T10:30:00',
      end_date: '2026-11-19T13:00:00',
    });
    expect(partial.candles.map((c) => new Date(c.timestamp).toISOString().slice(11, 16))).toEqual([
      '11:00',
      '12:00',
      '13:00',
    ]);
  });

  it('serves 4h on optx by aggregating hourly bars aligned to 00/04/08/12/16/20 UTC', async () => {
    const params = {
      instrument: 'BTC-PERPETUAL',
      interval: '4h',
      start_date: '2026-11-10',
      end_date: '2026-11-12',
    } as const;
    const four = await market.tool('get_historical', { ...params, exchange: 'optx' });
    const hourly = await market.tool('get_historical', { ...params, interval: '1h', exchange: 'optx' });
    expect(four.candles).toHaveLength(18);
    expect(four.candles.every((c) => c.timestamp % (4 * HOUR) === 0)).toBe(true);
    const first = hourly.candles.slice(0, 4);
    expect(four.candles[0]).toMatchObject({
      open: first[0]!.open,
      close: first[3]!.close,
      high: Math.max(...first.map((c) => c.high)),
      low: Math.min(...first.map((c) => c.low)),
    });
  });

  it('unknown symbols are a clear 404, not an empty 200; a listed stale symbol answers with what the venue has', async () => {
    const base = { interval: '1h', start_date: '2026-11-01', end_date: '2026-11-02' };
    await expect(
      market.tool('get_historical', { ...base, exchange: 'optx', instrument: 'SOL-PERPETUAL' }),
    ).rejects.toMatchObject({
      status: 404,
      code: 'UNKNOWN_INSTRUMENT',
    });
    await expect(
      market.tool('get_historical', { ...base, exchange: 'perpdex', instrument: 'NOPE' }),
    ).rejects.toMatchObject({
      status: 404,
      message: expect.stringContaining('NOPE'),
    });
    const stale = await market.tool('get_historical', {
      ...base,
      exchange: 'optx',
      instrument: 'XRP-PERPETUAL',
    });
    expect(stale.candles.length).toBeLessThan(24);
  });

  it('rejects bad intervals, unparseable dates and oversized ranges with 422', async () => {
    const base = {
      exchange: 'optx' as const,
      instrument: 'BTC-PERPETUAL',
      start_date: '2026-01-01',
      end_date: '2026-01-02',
    };
    await expect(market.tool('get_historical', { ...base, interval: '2h' })).rejects.toMatchObject({
      status: 422,
    });
    // Shorter than a date: the HTTP schema refuses it before the date parser sees it.
    await expect(market.tool('get_historical', { ...base, start_date: 'last week' })).rejects.toMatchObject({
      status: 422,
      code: 'VALIDATION_ERROR',
      details: { field: 'body.start_date' },
    });
    await expect(
      market.tool('get_historical', { ...base, start_date: 'last tuesday' }),
    ).rejects.toMatchObject({
      status: 422,
      code: 'INVALID_DATE',
    });
    await expect(
      market.tool('get_historical', {
        ...base,
        interval: '1m',
        start_date: '2020-01-01',
        end_date: '2026-01-01',
      }),
    ).rejects.toMatchObject({ status: 422, code: 'RANGE_TOO_LARGE' });
  });
});

describe('get_historical, consensus', () => {
  it('merges both venues per bar with medians, sources and div_pct', async () => {
    const result = await market.tool('get_historical', {
      instrument: 'btc',
      interval: '1h',
      start_date: '2026-11-10',
      end_date: '2026-11-12',
    });
    expect(result).toMatchObject({
      exchange: null,
      instrument: 'BTC',
      asset_class: 'crypto',
      sources_used: ['optx', 'perpdex'],
      failed_sources: [],
      symbols: { optx: 'BTC-PERPETUAL', perpdex: 'BTC' },
    });
    const candles = result.candles as ConsensusCandle[];
    expect(candles).toHaveLength(72);
    expect(candles.every((c) => c.sources === 2 && c.div_pct >= 0 && c.div_pct < 0.003)).toBe(true);
  });

  it('uses the USDC-linear symbol for other coins and merges bars one venue misses', async () => {
    const result = await market.tool('get_historical', {
      instrument: 'SOL',
      interval: '1m',
      start_date: '2026-11-19',
      end_date: '2026-11-19',
    });
    expect(result).toMatchObject({ symbols: { optx: 'SOL_USDC-PERPETUAL', perpdex: 'SOL' } });
    const candles = result.candles as ConsensusCandle[];
    expect(candles).toHaveLength(1440);
    const single = candles.filter((c) => c.sources === 1);
    expect(single.length).toBeGreaterThan(0);
    expect(single.every((c) => c.div_pct === 0)).toBe(true);
  });

  it('returns the available bars plus failed_sources when one venue fails (rule 3)', async () => {
    market.sim('perpdex').faults.inject({ fault: { kind: 'error', status: 503, body: 'upstream down' } });
    const result = await market.tool('get_historical', {
      instrument: 'ETH',
      interval: '1d',
      start_date: '2026-10-01',
      end_date: '2026-10-31',
    });
    expect(result.sources_used).toEqual(['optx']);
    expect((result as { failed_sources: unknown[] }).failed_sources).toEqual([
      { exchange: 'perpdex', error: expect.stringContaining('503') },
    ]);
    expect(result.candles).toHaveLength(31);
    expect((result.candles as ConsensusCandle[]).every((c) => c.sources === 1)).toBe(true);
  });

  it('answers 502 retryable when every source fails (rule 2)', async () => {
    await market.sim('optx').down();
    market.sim('perpdex').faults.inject({ fault: { kind: 'error', status: 500, body: '' } });
    await expect(
      market.tool('get_historical', {
        instrument: 'ETH',
        interval: '5m',
        start_date: '2026-09-01',
        end_date: '2026-09-01',
      }),
    ).rejects.toMatchObject({ status: 502, code: 'ALL_SOURCES_FAILED', retryable: true });
  });

  it('a coin no venue lists is a 404', async () => {
    await expect(
      market.tool('get_historical', {
        instrument: 'NOPECOIN',
        interval: '1h',
        start_date: '2026-11-01',
        end_date: '2026-11-01',
      }),
    ).rejects.toMatchObject({ status: 404, code: 'UNKNOWN_INSTRUMENT' });
  });

  it('with the real API horizon (only the newest 5000 candles), older consensus bars come from optx alone', async () => {
    const horizon = await startMarketGateway({
      // The catalog's simulators (every production upstream needs one), perpdex with the real horizon.
      simulators: simulators.map((simulator) =>
        simulator.name === 'perpdex' ? createPerpdexSimulator({ retainedCandles: 5000 }) : simulator,
      ),
    });
    try {
      const result = await horizon.tool('get_historical', {
        instrument: 'ETH',
        interval: '1h',
        start_date: '2025-11-20',
        end_date: '2026-11-19',
      });
      const candles = result.candles as ConsensusCandle[];
      expect(candles).toHaveLength(365 * 24);
      const oldestBoth = candles.find((c) => c.sources === 2)!.timestamp;
      expect(oldestBoth).toBe(Math.floor(PINNED_NOW / HOUR) * HOUR - 4999 * HOUR);
      expect(candles.filter((c) => c.timestamp < oldestBoth).every((c) => c.sources === 1)).toBe(true);
    } finally {
      await horizon.close();
    }
  });
});

describe('the still-forming bar', () => {
  it('is served fresh on every call and never cached', async () => {
    let now = Date.UTC(2026, 10, 20, 12, 30, 20);
    const moving = await startMarketGateway({ now: () => now });
    try {
      const params = {
        exchange: 'optx' as const,
        instrument: 'ETH-PERPETUAL',
        interval: '1h',
        start_date: '2026-11-20',
        end_date: '2026-11-20',
      };
      const first = await moving.tool('get_historical', params);
      expect(first.candles.at(-1)!.timestamp).toBe(Date.UTC(2026, 10, 20, 12));
      now += 20 * MIN;
      const calls = moving.sim('optx').hits();
      const second = await moving.tool('get_historical', params);
      expect(moving.sim('optx').hits()).toBe(calls + 1);
      const window = moving.sim('optx').requests().at(-1)!.query;
      expect(Number(window.start_timestamp)).toBe(Date.UTC(2026, 10, 20, 12));
      expect(second.candles.at(-1)!.close).not.toBe(first.candles.at(-1)!.close);
      expect(second.candles.slice(0, -1)).toEqual(first.candles.slice(0, -1));
    } finally {
      await moving.close();
    }
  });
});

describe('the still-forming bar, shared', () => {
  it('concurrent identical calls ending now make one candle call per venue and get the same answer', async () => {
    const params = {
      instrument: 'BTC',
      interval: '1m',
      start_date: '2026-11-20T12:00:00Z',
      end_date: '2026-11-20',
    };
    const answers = await Promise.all(Array.from({ length: 8 }, () => market.tool('get_historical', params)));
    expect(chartCalls()).toHaveLength(1);
    expect(candleSnapshots()).toHaveLength(1);
    const candles = answers[0]!.candles as ConsensusCandle[];
    expect(candles).toHaveLength(35);
    expect(candles.at(-1)).toMatchObject({ timestamp: Date.UTC(2026, 10, 20, 12, 34), sources: 2 });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });
});

describe('request checks before any upstream call', () => {
  it('an unknown exchange is a 422 naming the field', async () => {
    await expect(
      market.tool('get_historical', {
        exchange: 'binance',
        instrument: 'BTC',
        start_date: '2026-01-01',
        end_date: '2026-01-02',
      }),
    ).rejects.toMatchObject({ status: 422, details: { field: 'body.exchange' } });
    expect(market.sim('optx').hits() + market.sim('perpdex').hits()).toBe(0);
  });

  it('asset classes other than crypto have no consensus sources', async () => {
    await expect(
      market.tool('get_historical', {
        instrument: 'BTC',
        asset_class: 'equity',
        start_date: '2026-01-01',
        end_date: '2026-01-02',
      }),
    ).rejects.toMatchObject({ status: 422, code: 'UNSUPPORTED_ASSET_CLASS' });
  });
});
