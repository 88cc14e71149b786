import { AppError, isAppError } from '@app/kit';
import type { CallDeadline } from '../../upstream/call-deadline.js';
import type { CachePolicy, UpstreamCache } from '../../upstream/upstream-cache.js';
import { upstreamBadResponse, upstreamStatusError } from '../../upstream/upstream-errors.js';
import type { UpstreamHttp, UpstreamResponse } from '../../upstream/upstream-types.js';
import { type Fetched, VenueCall } from '../../venues/venue-call.js';
import { type Chart, ChartFormatError, chartError, parseChart } from './yahoo-chart.js';

/** Yahoo turns scripts away: a browser-like User-Agent (notes U2.1). */
const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** Quotes are held 60 s (notes U2.5), then may stand in for 24 h while Yahoo fails (`stale: true`). */
const QUOTE_POLICY: CachePolicy = { ttlMs: 60_000, staleIfErrorMs: 24 * 3_600_000 };

/** A symbol Yahoo does not know: the caller's mistake, a 404 naming the field the tool passes. */
export function unknownSymbol(symbol: string, field: string): AppError {
  return new AppError(404, 'UNKNOWN_SYMBOL', `${field}: Yahoo has no data for ${symbol}`, {
    details: { field, symbol },
  });
}

function unwrap(response: UpstreamResponse, what: string): Chart {
  if (response.status === 404 && chartError(response.body)?.code === 'Not Found')
    throw unknownSymbol(what, 'symbol');
  if (response.status !== 200) throw upstreamStatusError('yahoo', response, `chart of ${what}`);
  try {
    return parseChart(response.body);
  } catch (error) {
    if (error instanceof ChartFormatError)
      throw upstreamBadResponse('yahoo', 'live', `chart of ${what}: ${error.message}`);
    throw error;
  }
}

const retryable = (error: unknown) => isAppError(error) && error.retryable;

const chartKey = (symbol: string, range: string, interval: string) => `chart:${symbol}:${range}:${interval}`;

/**
 * Yahoo's chart API v8 (notes macro.md U2): one symbol per request on `query1`, and once on `query2` when
 * `query1` is throttled or down (notes U2.3). Answers are cached per symbol, range and interval.
 */
export class YahooClient {
  readonly #hosts: VenueCall[];

  constructor(
    query1: UpstreamHttp,
    query2: UpstreamHttp,
    private readonly cache?: UpstreamCache,
  ) {
    this.#hosts = [new VenueCall(query1, unwrap), new VenueCall(query2, unwrap)];
  }

  async chart(
    toolCall: CallDeadline,
    symbol: string,
    range = '1d',
    interval = '5m',
  ): Promise<Fetched<Chart>> {
    const fetch = () => this.#fromHosts(toolCall, symbol, range, interval);
    if (!this.cache) return fetch();
    const cached = await this.cache.get(chartKey(symbol, range, interval), QUOTE_POLICY, async () => {
      const value = await fetch();
      return { value, obtainedAt: value.receivedAt };
    });
    return cached.stale ? { ...cached.value, stale: true } : cached.value;
  }

  /** The chart the cache holds fresh (a hit), without a read; undefined when it must be read with `chart`. */
  freshChart(symbol: string, range = '1d', interval = '5m'): Fetched<Chart> | undefined {
    return this.cache?.fresh<Fetched<Chart>>(chartKey(symbol, range, interval))?.value;
  }

  async #fromHosts(
    toolCall: CallDeadline,
    symbol: string,
    range: string,
    interval: string,
  ): Promise<Fetched<Chart>> {
    const request = {
      method: 'GET' as const,
      path: `/v8/finance/chart/${encodeURIComponent(symbol)}`,
      query: { range, interval, includePrePost: false },
      headers: { 'user-agent': USER_AGENT, accept: 'application/json' },
      idempotent: true,
    };
    const send = (host: VenueCall) => host.send(toolCall, request, symbol, (chart) => chart as Chart);
    try {
      return { ...(await send(this.#hosts[0]!)), native: null };
    } catch (error) {
      if (!retryable(error)) throw error;
      return { ...(await send(this.#hosts[1]!)), native: null };
    }
  }
}
