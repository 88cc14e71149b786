import { tmpdir } from 'node:os';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { HISTORY_DEFAULTS } from '../../src/namespaces/mcp/market-clients.js';
import { upstreamSpecs } from '../../src/upstreams.js';
import type { Envelope } from '../helpers.js';
import {
  type MarketGateway,
  startMarketGateway,
  TOOL_PATHS,
  tokenHeaders,
} from './support/market-gateway.js';

/**
 * History requests over HTTP against a small budget of bars in flight (HISTORY_BARS_IN_FLIGHT): 30,000 bars,
 * about three weeks of 1m candles from one venue. Requests are held in flight by delaying the simulator's
 * answer; no assertion depends on how long anything took.
 */

const CHART_PATH = '/api/v2/public/get_tradingview_chart_data';
const BUDGET = '30000';

/** 1m candles of optx over `days` days: 1,440 bars a day, all from optx (single exchange). */
const optxDays = (days: number) => ({
  exchange: 'optx',
  instrument: 'BTC-PERPETUAL',
  interval: '1m',
  start_date: '2026-10-01',
  end_date: `2026-10-${String(days).padStart(2, '0')}`,
});

/** Resolves once the simulator has received `count` chart requests (an admitted request reached upstream). */
async function chartRequests(market: MarketGateway, count: number): Promise<void> {
  while (market.sim('optx').hits({ path: CHART_PATH }) < count) await new Promise((r) => setTimeout(r, 5));
}

describe('history admission, waiting for room', () => {
  let market: MarketGateway;
  beforeAll(async () => {
    market = await startMarketGateway({
      env: { HISTORY_BARS_IN_FLIGHT: BUDGET, HISTORY_ADMISSION_WAIT_MS: '30000' },
    });
  });
  afterAll(() => market.close());
  beforeEach(() => market.reset());

  it('admits a request larger than the whole budget when it is alone', async () => {
    // Consensus over two venues: 2 × 15,840 bars.
    const answer = await market.tool('get_historical', {
      instrument: 'BTC',
      interval: '1m',
      start_date: '2026-09-01',
      end_date: '2026-09-11',
    });
    expect(answer.candles).toHaveLength(11 * 1440);
  });

  it('a request that does not fit waits for the one in flight and is answered after it', async () => {
    market.sim('optx').faults.inject({ fault: { kind: 'latency', ms: 300 }, path: CHART_PATH, times: 1 });
    const first = market.tool('get_historical', optxDays(14)); // 20,160 bars
    await chartRequests(market, 1);
    const second = market.tool('get_historical', {
      ...optxDays(14),
      start_date: '2026-09-01',
      end_date: '2026-09-14',
    });
    const [a, b] = await Promise.all([first, second]);
    expect(a.candles).toHaveLength(20_160);
    expect(b.candles).toHaveLength(20_160);
  });

  it('gives the bars back when the answer is done, even when its client went away half way', async () => {
    const response = await market.gateway.call(
      TOOL_PATHS.get_historical,
      { ...optxDays(20), start_date: '2026-08-01', end_date: '2026-08-20' }, // 28,800 bars, streamed
      tokenHeaders('live'),
    );
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    // Were its 28,800 bars still counted, this one would wait out its 30 s and be refused.
    const next = await market.tool('get_historical', {
      ...optxDays(20),
      start_date: '2026-07-01',
      end_date: '2026-07-20',
    });
    expect(next.candles).toHaveLength(28_800);
  });
});

describe('history admission, refusing when the wait runs out', () => {
  let market: MarketGateway;
  beforeAll(async () => {
    market = await startMarketGateway({
      env: { HISTORY_BARS_IN_FLIGHT: BUDGET, HISTORY_ADMISSION_WAIT_MS: '100' },
    });
  });
  afterAll(() => market.close());

  it('answers 429 BUSY, retryable, with Retry-After, while the budget is held; then admits again', async () => {
    // The first request's only upstream call hangs until the client's timeout (1 s here), then is retried.
    market.sim('optx').faults.inject({ fault: { kind: 'hang' }, path: CHART_PATH, times: 1 });
    const first = market.tool('get_historical', optxDays(3)); // 4,320 bars
    await chartRequests(market, 1);
    const refused = await market.gateway.call(
      TOOL_PATHS.get_historical,
      { ...optxDays(18), start_date: '2026-09-01', end_date: '2026-09-18' }, // 25,920 bars: 4,320 + 25,920 > 30,000
      tokenHeaders('live'),
    );
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    const { error } = (await refused.json()) as Envelope;
    expect(error).toMatchObject({
      code: 'BUSY',
      retryable: true,
      details: { bars_requested: 25_920, bars_in_flight: 4_320, budget: 30_000 },
    });
    expect(error.message).toMatch(/retry/);
    expect((await first).candles).toHaveLength(4_320);
    const again = await market.tool('get_historical', {
      ...optxDays(18),
      start_date: '2026-09-01',
      end_date: '2026-09-18',
    });
    expect(again.candles).toHaveLength(25_920);
  });
});

describe('history limits in the run contract', () => {
  it('default to what the namespace uses without a configuration', () => {
    const config = loadConfig({ DATA_DIR: tmpdir() }, upstreamSpecs);
    expect({
      cacheBytes: config.CANDLE_CACHE_MB * 2 ** 20,
      barsInFlight: config.HISTORY_BARS_IN_FLIGHT,
      admissionWaitMs: config.HISTORY_ADMISSION_WAIT_MS,
      pagesPerVenue: config.HISTORY_PAGES_PER_VENUE,
    }).toEqual(HISTORY_DEFAULTS);
  });
});
