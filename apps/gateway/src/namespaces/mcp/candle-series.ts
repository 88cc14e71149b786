import { aggregateGrid, CandleGrid } from '../../domain/candle-columns.js';
import type { TimeRange } from '../../domain/date-range.js';
import { INTERVAL_MS, type Interval } from '../../domain/intervals.js';
import { alignDown, alignUp, pageWindows, type Window } from '../../domain/paging.js';
import { mapLimit } from '../../upstream/map-limit.js';
import type { CandleSource, MarketVenue } from '../../venues/market-venue.js';
import type { MarketClients } from './market-clients.js';
import type { Page } from './shared-pages.js';

/**
 * One venue's candles for a native symbol over a range, as a grid of the requested interval: closed bars from
 * the cache, the rest paged upstream in windows under the venue's cap with bounded concurrency (pages shared
 * with concurrent requests, and the forming bar's page for a moment: shared-pages.ts), each bar written into its
 * slot as it arrives.
 */

export interface Series {
  /** The bars on the grid of the requested interval (first slot: the first bar open in the range). */
  grid: CandleGrid;
  /** Oldest upstream fetch time among the parts used (cached parts keep theirs), epoch ms. */
  obtainedAt: number;
}

/**
 * The upstream bars behind a range: every fetched bar that belongs to a requested bar (for 4 h on optx, its
 * four hours), from the first bar open in the range.
 */
export function sourceSlots(source: CandleSource, interval: Interval, range: TimeRange) {
  const barMs = INTERVAL_MS[interval];
  const first = alignUp(range.startMs, barMs);
  const last = alignDown(range.endMs, barMs) + barMs - source.step;
  return { first, last, count: last >= first ? (last - first) / source.step + 1 : 0 };
}

export async function fetchSeries(
  clients: MarketClients,
  venue: MarketVenue,
  symbol: string,
  source: CandleSource,
  interval: Interval,
  range: TimeRange,
  now: number,
): Promise<Series> {
  const barMs = INTERVAL_MS[interval];
  const { step } = source;
  const { first, last, count } = sourceSlots(source, interval, range);
  if (!count) return { grid: new CandleGrid(first, barMs, 0), obtainedAt: now };
  const fetched = new CandleGrid(first, step, count);
  const key = `${venue.exchange}:${clients.environment}:${symbol}:${step}`;
  const cached = clients.candles.read(key, first, last, step, fetched);
  const windows = cached.missing.flatMap((gap) =>
    pageWindows({ startMs: gap.from, endMs: gap.to }, step, source.maxBars),
  );
  const load = (window: Window) => async (): Promise<Page> => {
    const page = await clients.pageSlots(venue.exchange).run(() => source.fetch(window));
    clients.candles.store(key, window, step, page.data, page.receivedAt);
    return { candles: page.data, receivedAt: page.receivedAt };
  };
  const times = await mapLimit(windows, clients.maxConcurrency, async (window) => {
    const page = await clients.pages.get(key, window, step, now, load(window));
    for (const candle of page.candles)
      if (candle.timestamp >= window.from && candle.timestamp <= window.to) fetched.put(candle);
    return page.receivedAt;
  });
  if (cached.fetchedAt !== null) times.push(cached.fetchedAt);
  let obtainedAt = times.length ? Number.POSITIVE_INFINITY : now;
  for (const time of times) if (time < obtainedAt) obtainedAt = time;
  return { grid: step === barMs ? fetched : aggregateGrid(fetched, barMs), obtainedAt };
}
