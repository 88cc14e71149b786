import type { Candle } from '../../domain/candle.js';
import type { TimeRange } from '../../domain/date-range.js';
import { INTERVAL_MS, type Interval } from '../../domain/intervals.js';
import { aggregateBars, alignDown, alignUp, mergePages, pageWindows } from '../../domain/paging.js';
import { mapLimit } from '../../upstream/map-limit.js';
import type { MarketVenue } from '../../venues/market-venue.js';
import type { MarketClients } from './market-clients.js';

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

export async function fetchSeries(
  clients: MarketClients,
  venue: MarketVenue,
  symbol: string,
  interval: Interval,
  range: TimeRange,
): Promise<Series> {
  const source = await venue.candles(symbol, interval);
  const barMs = INTERVAL_MS[interval];
  // The upstream range: every fetched bar that belongs to a requested bar (for 4 h on optx, its four hours).
  const fetchRange: TimeRange = {
    startMs: alignUp(range.startMs, barMs),
    endMs: alignDown(range.endMs, barMs) + barMs - source.step,
  };
  if (fetchRange.endMs < fetchRange.startMs) return { candles: [], obtainedAt: Date.now() };
  const key = `${venue.exchange}:${clients.environment}:${symbol}:${source.step}`;
  const cached = clients.candles.lookup(key, fetchRange.startMs, fetchRange.endMs, source.step);
  const windows = cached.missing.flatMap((gap) =>
    pageWindows({ startMs: gap.from, endMs: gap.to }, source.step, source.maxBars),
  );
  const pages = await mapLimit(windows, clients.maxConcurrency, async (window) => {
    const fetched = await source.fetch(window);
    const inWindow = mergePages([fetched.data], { startMs: window.from, endMs: window.to }, source.step);
    clients.candles.store(key, window, source.step, inWindow, fetched.receivedAt);
    return { candles: inWindow, receivedAt: fetched.receivedAt };
  });
  const times = pages.map((page) => page.receivedAt);
  if (cached.fetchedAt !== null) times.push(cached.fetchedAt);
  const merged = mergePages([cached.hits, ...pages.map((page) => page.candles)], fetchRange, source.step);
  const candles = source.step === barMs ? merged : aggregateBars(merged, barMs);
  return { candles, obtainedAt: times.length ? Math.min(...times) : Date.now() };
}
