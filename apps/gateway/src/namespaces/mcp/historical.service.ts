import { AppError, isAppError, unprocessable } from '@app/kit';
import type { Candle, ConsensusCandle } from '../../domain/candle.js';
import { mergeConsensus } from '../../domain/consensus.js';
import { parseRange, type TimeRange } from '../../domain/date-range.js';
import { INTERVAL_MS, INTERVALS, type Interval, isInterval } from '../../domain/intervals.js';
import { barOpens } from '../../domain/paging.js';
import { canonicalCoin } from '../../domain/symbols.js';
import type { ToolResult } from '../../tools/tool.js';
import type { Exchange } from '../../venues/market-venue.js';
import { fetchSeries } from './candle-series.js';
import type { GetHistoricalInput } from './get-historical.tool.js';
import { exchangeParam, type MarketClients, venueOf } from './market-clients.js';

/** `get_historical`: single-exchange and consensus history (spec rules 1–6). */

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
  candles: Candle[];
  sources_used: Exchange[];
}

export interface ConsensusHistory {
  exchange: null;
  instrument: string;
  asset_class: string;
  interval: Interval;
  candles: ConsensusCandle[];
  sources_used: Exchange[];
  failed_sources: FailedSource[];
  /** The native symbol used on each venue. */
  symbols: Partial<Record<Exchange, string>>;
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

export async function getSingleHistory(
  clients: MarketClients,
  exchange: Exchange,
  instrument: string,
  request: HistoryRequest,
): Promise<ToolResult<SingleHistory>> {
  const symbol = instrument.trim();
  const series = await fetchSeries(
    clients,
    venueOf(clients, exchange),
    symbol,
    request.interval,
    request.range,
  );
  return {
    data: {
      exchange,
      instrument: symbol,
      interval: request.interval,
      candles: series.candles,
      sources_used: [exchange],
    },
    obtainedAt: series.obtainedAt,
  };
}

export const errorText = (error: unknown) =>
  isAppError(error) ? `${error.code}: ${error.message}` : 'internal error while calling the exchange';

export async function getConsensusHistory(
  clients: MarketClients,
  instrument: string,
  assetClass: string,
  request: HistoryRequest,
): Promise<ToolResult<ConsensusHistory>> {
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
  // Each venue looks its symbol up and fetches on its own, so one venue's stalled listing cannot hold the
  // other back past the call's deadline.
  const outcomes = (
    await Promise.all(
      clients.venues.map(async (venue) => {
        const symbol = await venue.consensusSymbol(coin);
        if (symbol === undefined) return null;
        return fetchSeries(clients, venue, symbol, request.interval, request.range).then(
          (series) => ({ exchange: venue.exchange, symbol, series, error: null }),
          (error: unknown) => ({ exchange: venue.exchange, symbol, series: null, error }),
        );
      }),
    )
  ).filter((outcome) => outcome !== null);
  const symbols: Partial<Record<Exchange, string>> = {};
  for (const { exchange, symbol } of outcomes) symbols[exchange] = symbol;
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
      coin,
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
      candles: mergeConsensus(used.map((o) => ({ exchange: o.exchange, candles: o.series!.candles }))),
      sources_used: used.map((o) => o.exchange),
      failed_sources: failed,
      symbols,
    },
    obtainedAt: Math.min(...used.map((o) => o.series!.obtainedAt)),
  };
}

/** Single-exchange history when `exchange` is set, else the consensus (rule 1). */
export function getHistory(
  params: GetHistoricalInput,
  clients: MarketClients,
): Promise<ToolResult<SingleHistory | ConsensusHistory>> {
  const exchange = exchangeParam(params.exchange);
  const request = resolveRequest(params);
  if (exchange) return getSingleHistory(clients, exchange, params.instrument, request);
  return getConsensusHistory(clients, params.instrument, params.asset_class ?? 'crypto', request);
}

/**
 * Every source failed: 502 ALL_SOURCES_FAILED, except when every one was rate-limited (the gateway's budget
 * or the venue's own answer), which is 429 with the longest Retry-After: the caller should come back, not
 * treat the venues as broken.
 */
function allSourcesFailed(coin: string, errors: unknown[], failed: FailedSource[]): AppError {
  const limited = errors.every((error) => isAppError(error) && error.status === 429);
  if (!limited)
    return new AppError(502, 'ALL_SOURCES_FAILED', `every exchange failed for ${coin}`, {
      retryable: true,
      details: { failed_sources: failed },
    });
  const seconds = Math.max(
    1,
    ...errors.map((error) => Number((error as AppError).headers?.['retry-after'] ?? 1)),
  );
  return new AppError(
    429,
    'UPSTREAM_RATE_LIMITED',
    `every exchange is rate-limited for ${coin}; retry in ${seconds} s`,
    {
      retryable: true,
      headers: { 'retry-after': String(seconds) },
      details: { failed_sources: failed },
    },
  );
}
