import { AppError } from '@app/kit';
import type { Candle } from '../../domain/candle.js';
import type { TimeRange } from '../../domain/date-range.js';
import { INTERVAL_MS, type Interval } from '../../domain/intervals.js';
import { alignDown, alignUp, mergePages, pageWindows, type Window } from '../../domain/paging.js';
import type { Fetched } from '../fetched.js';
import { OPTX_MAX_BARS_PER_CALL, OPTX_RESOLUTION } from '../optx/optx-requests.js';
import { aggregateBars } from '../optx/optx-transforms.js';
import { PERPDEX_MAX_BARS_PER_CALL } from '../perpdex/perpdex-requests.js';
import { type Exchange, type MarketClients, mapConcurrent } from './market-context.js';
import { perpdexCoins } from './perpdex-listing.js';

/**
 * One venue's candles for a native symbol over a range: closed bars from the
 * cache, the rest paged upstream in windows under the venue's cap with
 * bounded concurrency, then de-duplicated, trimmed and in order.
 */

export interface Series {
  candles: Candle[];
  /** Oldest upstream fetch time among the parts used (cached parts keep theirs), epoch ms. */
  obtainedAt: number;
}

const HOUR = INTERVAL_MS['1h'];

interface VenuePlan {
  /** Bar length of the upstream series actually fetched (4 h on optx is fetched hourly). */
  step: number;
  maxBars: number;
  fetchWindow: (window: Window) => Promise<Fetched<Candle[]>>;
}

function unconfigured(exchange: Exchange): AppError {
  return new AppError(503, 'EXCHANGE_NOT_CONFIGURED', `${exchange} is not configured in this environment`, {
    retryable: false,
  });
}

async function plan(
  clients: MarketClients,
  exchange: Exchange,
  symbol: string,
  interval: Interval,
): Promise<VenuePlan> {
  if (exchange === 'optx') {
    const optx = clients.optx;
    if (!optx) throw unconfigured(exchange);
    const resolution = OPTX_RESOLUTION[interval];
    return {
      step: interval === '4h' ? HOUR : INTERVAL_MS[interval],
      maxBars: OPTX_MAX_BARS_PER_CALL,
      fetchWindow: (window) =>
        optx.getChartData({ instrument: symbol, startMs: window.from, endMs: window.to, resolution }),
    };
  }
  const perpdex = clients.perpdex;
  if (!perpdex) throw unconfigured(exchange);
  // Hyperliquid answers an unknown coin with nothing useful: check the listing so the caller gets a clear 404.
  const listed = await perpdexCoins(clients);
  if (!listed.includes(symbol))
    throw new AppError(
      404,
      'UNKNOWN_INSTRUMENT',
      `perpdex does not list the coin ${JSON.stringify(symbol)}`,
      {
        details: {
          exchange,
          instrument: symbol,
          hint: 'coin names are case-sensitive, e.g. BTC, ETH, kPEPE',
        },
      },
    );
  return {
    step: INTERVAL_MS[interval],
    maxBars: PERPDEX_MAX_BARS_PER_CALL,
    fetchWindow: (window) =>
      perpdex.getCandles({ coin: symbol, interval, startMs: window.from, endMs: window.to }),
  };
}

export async function fetchSeries(
  clients: MarketClients,
  exchange: Exchange,
  symbol: string,
  interval: Interval,
  range: TimeRange,
): Promise<Series> {
  const venue = await plan(clients, exchange, symbol, interval);
  const barMs = INTERVAL_MS[interval];
  // The upstream range: every fetched bar that belongs to a requested bar (for 4 h on optx, its four hours).
  const fetchRange: TimeRange = {
    startMs: alignUp(range.startMs, barMs),
    endMs: alignDown(range.endMs, barMs) + barMs - venue.step,
  };
  if (fetchRange.endMs < fetchRange.startMs) return { candles: [], obtainedAt: Date.now() };
  const key = `${exchange}:${clients.environment}:${symbol}:${venue.step}`;
  const cached = clients.candles.lookup(key, fetchRange.startMs, fetchRange.endMs, venue.step);
  const windows = cached.missing.flatMap((gap) =>
    pageWindows({ startMs: gap.from, endMs: gap.to }, venue.step, venue.maxBars),
  );
  const pages = await mapConcurrent(windows, clients.maxConcurrency ?? 4, async (window) => {
    const fetched = await venue.fetchWindow(window);
    const inWindow = mergePages([fetched.data], { startMs: window.from, endMs: window.to }, venue.step);
    clients.candles.store(key, window, venue.step, inWindow, fetched.receivedAt);
    return { candles: inWindow, receivedAt: fetched.receivedAt };
  });
  const times = pages.map((page) => page.receivedAt);
  if (cached.fetchedAt !== null) times.push(cached.fetchedAt);
  const merged = mergePages([cached.hits, ...pages.map((page) => page.candles)], fetchRange, venue.step);
  const candles = venue.step === barMs ? merged : aggregateBars(merged, barMs);
  return { candles, obtainedAt: times.length ? Math.min(...times) : Date.now() };
}
