import type { Interval } from '../../domain/intervals.js';
import type { UpstreamRequest } from '../../upstream/upstream-types.js';

/**
 * Pure builders of the Deribit API v2 calls the common interface makes
 * (notes §1.1: every method is `GET {base}/public/<method>` with query
 * parameters; timestamps in ms; booleans as `true`/`false`).
 */

export const OPTX_BASE_URLS = {
  test: 'https://test.deribit.com/api/v2',
  live: 'https://www.deribit.com/api/v2',
} as const;

/** Bars per chart-data call: under the ~5000 cap with a margin (notes §4.8). */
export const OPTX_MAX_BARS_PER_CALL = 4900;

export type OptxResolution = '1' | '5' | '15' | '60' | '1D';

/**
 * Gateway interval → Deribit resolution. `4h` has no REST resolution: it is
 * fetched as `60` and aggregated (see optx-candles.ts).
 */
export const OPTX_RESOLUTION: Record<Interval, OptxResolution> = {
  '1m': '1',
  '5m': '5',
  '15m': '15',
  '1h': '60',
  '4h': '60',
  '1d': '1D',
};

const get = (method: string, query: UpstreamRequest['query']): UpstreamRequest => ({
  method: 'GET',
  path: `/public/${method}`,
  query,
  idempotent: true,
});

export const instrumentsRequest = (params: { currency: string; kind?: string | null; expired?: boolean }) =>
  get('get_instruments', {
    currency: params.currency,
    ...(params.kind ? { kind: params.kind } : {}),
    expired: params.expired ?? false,
  });

export const chartDataRequest = (params: {
  instrument: string;
  startMs: number;
  endMs: number;
  resolution: OptxResolution;
}) =>
  get('get_tradingview_chart_data', {
    instrument_name: params.instrument,
    start_timestamp: params.startMs,
    end_timestamp: params.endMs,
    resolution: params.resolution,
  });

export const tickerRequest = (instrument: string) => get('ticker', { instrument_name: instrument });

export const indexPriceRequest = (indexName: string) => get('get_index_price', { index_name: indexName });

export const bookSummaryRequest = (params: { currency: string; kind?: string | null }) =>
  get('get_book_summary_by_currency', {
    currency: params.currency,
    ...(params.kind ? { kind: params.kind } : {}),
  });

export const timeRequest = () => get('get_time', {});

/** DVOL candles (notes §4.7); `resolution` in seconds (`1`, `60`, `3600`, `43200`) or `1D`. */
export const volatilityIndexRequest = (params: {
  currency: string;
  startMs: number;
  endMs: number;
  resolution: string;
}) =>
  get('get_volatility_index_data', {
    currency: params.currency,
    start_timestamp: params.startMs,
    end_timestamp: params.endMs,
    resolution: params.resolution,
  });

export const historicalVolatilityRequest = (currency: string) =>
  get('get_historical_volatility', { currency });
