import { setImmediate } from 'node:timers/promises';
import { AppError, isAppError, unprocessable } from '@app/kit';
import type { Candle, ConsensusCandle } from '../../domain/candle.js';
import {
  type CandleColumns,
  type CandleGrid,
  compactGrid,
  consensusColumns,
  slotOfBar,
} from '../../domain/candle-columns.js';
import {
  anySource,
  consensusAt,
  consensusLength,
  emptyConsensusBar,
  mergeConsensusInto,
} from '../../domain/consensus.js';
import { parseRange, type TimeRange } from '../../domain/date-range.js';
import { INTERVAL_MS, INTERVALS, type Interval, isInterval } from '../../domain/intervals.js';
import { barOpens } from '../../domain/paging.js';
import { canonicalCoin } from '../../domain/symbols.js';
import { LazyList } from '../../tools/lazy-list.js';
import type { ToolResult } from '../../tools/tool.js';
import type { CallDeadline } from '../../upstream/call-deadline.js';
import type { CandleSource, Exchange, MarketVenue } from '../../venues/market-venue.js';
import { fetchSeries, type Series, sourceSlots } from './candle-series.js';
import { allSourcesFailed, errorText } from './failed-sources.js';
import type { GetHistoricalInput } from './get-historical.tool.js';
import type { Permit } from './history-admission.js';
import { exchangeParam, type MarketClients, venueOf } from './market-clients.js';

/**
 * `get_historical`: single-exchange and consensus history (spec rules 1–6). Bars travel as columns: each venue's
 * bars on the grid of the requested interval (domain/candle-columns.ts), and the answer's candle list makes its
 * objects (consensus bars merged on the way) a chunk at a time as the transport writes them, so a request holds
 * about 41 bytes per fetched bar. Every request is first admitted against the instance's budget of bars in
 * flight (history-admission.ts), by the bars it will fetch from each venue.
 */

/** Bars one request may span (about two years of 1 m candles): bounds memory and upstream calls. */
export const MAX_BARS_PER_REQUEST = 1_100_000;

export interface FailedSource {
  exchange: string;
  error: string;
}

export interface SingleHistory {
  exchange: Exchange;
  instrument: string;
  interval: Interval;
  candles: LazyList<Candle>;
  sources_used: Exchange[];
}

export interface ConsensusHistory {
  exchange: null;
  instrument: string;
  asset_class: string;
  interval: Interval;
  candles: LazyList<ConsensusCandle>;
  sources_used: Exchange[];
  failed_sources: FailedSource[];
  /** The native symbol used on each venue. */
  symbols: Partial<Record<Exchange, string>>;
}

/**
 * A history before it becomes an answer: its fields, and its bars as the grids of the venues used (one for a
 * single exchange; the consensus is merged from them as it is read).
 */
export type GridHistory =
  | (Omit<SingleHistory, 'candles'> & { grids: readonly CandleGrid[] })
  | (Omit<ConsensusHistory, 'candles'> & { grids: readonly CandleGrid[] });

export interface LoadedHistory {
  data: GridHistory;
  obtainedAt: number;
  /** Gives the request's bars back to the admission budget; call once the answer is no longer held. */
  release: () => void;
}

export interface HistoryRequest {
  interval: Interval;
  range: TimeRange;
}

/** Interval and dates checked and resolved (rules 4 and 5), with the size bound. */
export function resolveRequest(
  params: Pick<GetHistoricalInput, 'interval' | 'start_date' | 'end_date'>,
): HistoryRequest {
  const interval = params.interval ?? '1h';
  if (!isInterval(interval))
    throw unprocessable(`interval must be one of ${INTERVALS.join(', ')}`, 'VALIDATION_ERROR', {
      field: 'interval',
    });
  const range = parseRange(params.start_date, params.end_date);
  const { count } = barOpens(range, INTERVAL_MS[interval]);
  if (count > MAX_BARS_PER_REQUEST)
    throw unprocessable(
      `the range spans ${count} ${interval} bars; at most ${MAX_BARS_PER_REQUEST} per request — split it or use a longer interval`,
      'RANGE_TOO_LARGE',
      { field: 'end_date' },
    );
  return { interval, range };
}

/** Admits a request of `bars`, runs `load` under the permit; the permit goes back if `load` fails. */
async function admitted(
  clients: MarketClients,
  bars: number,
  load: () => Promise<Omit<LoadedHistory, 'release'>>,
): Promise<LoadedHistory> {
  const permit: Permit = await clients.admission.admit(bars);
  try {
    const { data, obtainedAt } = await load();
    return { data, obtainedAt, release: permit.release };
  } catch (error) {
    permit.release();
    throw error;
  }
}

async function loadSingle(
  context: CallDeadline,
  clients: MarketClients,
  exchange: Exchange,
  instrument: string,
  request: HistoryRequest,
  now: number,
): Promise<LoadedHistory> {
  const symbol = instrument.trim();
  const venue = venueOf(clients, exchange);
  const source = await venue.candles(context, symbol, request.interval);
  const bars = sourceSlots(source, request.interval, request.range).count;
  return admitted(clients, bars, async () => {
    const series = await fetchSeries(clients, venue, symbol, source, request.interval, request.range, now);
    return {
      data: {
        exchange,
        instrument: symbol,
        interval: request.interval,
        grids: [series.grid],
        sources_used: [exchange],
      },
      obtainedAt: series.obtainedAt,
    };
  });
}

interface Outcome {
  exchange: Exchange;
  venue: MarketVenue;
  symbol: string;
  source: CandleSource | null;
  series: Series | null;
  error: unknown;
}

async function loadConsensus(
  context: CallDeadline,
  clients: MarketClients,
  instrument: string,
  assetClass: string,
  request: HistoryRequest,
  now: number,
): Promise<LoadedHistory> {
  if (assetClass !== 'crypto')
    throw unprocessable(
      `asset_class ${JSON.stringify(assetClass)} has no consensus sources; use crypto`,
      'UNSUPPORTED_ASSET_CLASS',
      { field: 'asset_class' },
    );
  const coin = canonicalCoin(instrument);
  if (!coin)
    throw unprocessable(
      'instrument must be a canonical coin such as BTC, ETH or SOL when exchange is omitted',
      'VALIDATION_ERROR',
      { field: 'instrument' },
    );
  // Each venue looks up its symbol and its candle source on its own, in parallel (a venue may not list the
  // symbol): the request's bars are known before anything is fetched.
  const outcomes: Outcome[] = (
    await Promise.all(
      clients.venues.map(async (venue): Promise<Outcome | null> => {
        const symbol = await venue.consensusSymbol(context, coin);
        if (symbol === undefined) return null;
        const base = { exchange: venue.exchange, venue, symbol, series: null };
        return venue.candles(context, symbol, request.interval).then(
          (source): Outcome => ({ ...base, source, error: null }),
          (error: unknown): Outcome => ({ ...base, source: null, error }),
        );
      }),
    )
  ).filter((outcome) => outcome !== null);
  const symbols: Partial<Record<Exchange, string>> = {};
  for (const { exchange, symbol } of outcomes) symbols[exchange] = symbol;
  let bars = 0;
  for (const o of outcomes)
    if (o.source) bars += sourceSlots(o.source, request.interval, request.range).count;
  return admitted(clients, bars, async () => {
    await Promise.all(
      outcomes.map(async (o) => {
        if (!o.source) return;
        try {
          o.series = await fetchSeries(
            clients,
            o.venue,
            o.symbol,
            o.source,
            request.interval,
            request.range,
            now,
          );
        } catch (error) {
          o.error = error;
        }
      }),
    );
    // A venue that does not list the symbol does not support it: it is left out, not failed (rule 1).
    const supported = outcomes.filter((o) => !(isAppError(o.error) && o.error.code === 'UNKNOWN_INSTRUMENT'));
    if (!supported.length)
      throw new AppError(404, 'UNKNOWN_INSTRUMENT', `no integrated exchange lists ${coin}`, {
        details: { instrument: coin, tried: symbols },
      });
    const failed: FailedSource[] = supported
      .filter((o) => o.error !== null)
      .map((o) => ({ exchange: o.exchange, error: errorText(o.error) }));
    const used = supported.filter((o) => o.series !== null);
    if (!used.length)
      throw allSourcesFailed(
        `every exchange failed for ${coin}`,
        supported.map((o) => o.error),
        failed,
      );
    for (const o of outcomes) if (!supported.includes(o)) delete symbols[o.exchange];
    return {
      data: {
        exchange: null,
        instrument: coin,
        asset_class: assetClass,
        interval: request.interval,
        grids: used.map((o) => o.series!.grid),
        sources_used: used.map((o) => o.exchange),
        failed_sources: failed,
        symbols,
      },
      obtainedAt: Math.min(...used.map((o) => o.series!.obtainedAt)),
    };
  });
}

/**
 * Single-exchange history when `exchange` is set, else the consensus (rule 1), as grids, under an admission
 * permit the caller releases. `now` is the request's clock (epoch ms).
 */
export function loadHistory(
  context: CallDeadline,
  params: GetHistoricalInput,
  clients: MarketClients,
  now: number,
): Promise<LoadedHistory> {
  const exchange = exchangeParam(params.exchange);
  const request = resolveRequest(params);
  if (exchange) return loadSingle(context, clients, exchange, params.instrument, request, now);
  return loadConsensus(context, clients, params.instrument, params.asset_class ?? 'crypto', request, now);
}

/** A venue's bars as a list, read off its grid. */
export function candleList(grid: CandleGrid): LazyList<Candle> {
  const slotOf = slotOfBar(grid.count, (slot) => grid.present[slot] === 1);
  return new LazyList(grid.bars(), (i) => grid.candle(slotOf(i)));
}

/** The consensus of the venues' bars as a list, each bar merged as it is read. */
export function consensusList(grids: readonly CandleGrid[]): LazyList<ConsensusCandle> {
  const slotOf = slotOfBar(grids[0]?.count ?? 0, (slot) => anySource(grids, slot));
  return new LazyList(consensusLength(grids), (i) => {
    const bar = emptyConsensusBar();
    consensusAt(grids, slotOf(i), bar);
    return bar;
  });
}

/** Consensus bars merged into columns between two turns of the event loop (a few milliseconds of work). */
const MERGE_SLICE = 65_536;

/**
 * The bars as columns (get_indicators): a venue's bars without its empty slots, or the consensus merged a
 * slice at a time with the event loop served in between (a year of 1m bars is over half a million slots).
 */
export async function historyColumns(grids: readonly CandleGrid[]): Promise<CandleColumns> {
  if (grids.length === 1) return compactGrid(grids[0]!);
  const slots = grids[0]?.count ?? 0;
  const out = consensusColumns(consensusLength(grids));
  for (let from = 0, at = 0; from < slots; from += MERGE_SLICE) {
    at = mergeConsensusInto(grids, out, from, Math.min(slots, from + MERGE_SLICE), at);
    await setImmediate();
  }
  return out;
}

/** The get_historical answer: the history's candles as a list made a chunk at a time while it is sent. */
export async function getHistory(
  context: CallDeadline,
  params: GetHistoricalInput,
  clients: MarketClients,
  now: number,
): Promise<ToolResult<SingleHistory | ConsensusHistory>> {
  const { data, obtainedAt, release } = await loadHistory(context, params, clients, now);
  const { grids, ...fields } = data;
  if (fields.exchange === null)
    return { data: { ...fields, candles: consensusList(grids) }, obtainedAt, release };
  return { data: { ...fields, candles: candleList(grids[0]!) }, obtainedAt, release };
}
