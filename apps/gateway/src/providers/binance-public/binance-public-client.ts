import type { VenueFunding } from '../../domain/funding/funding.js';
import { assetOfSymbol, venueSymbol } from '../../domain/funding/symbols.js';
import type { CallDeadline } from '../../upstream/call-deadline.js';
import type { UpstreamCache } from '../../upstream/upstream-cache.js';
import type { UpstreamHttp } from '../../upstream/upstream-types.js';
import { type Fetched, VenueCall } from '../../venues/venue-call.js';
import { providerPolicy } from '../provider-answer.js';
import {
  arrayField,
  type Candle,
  decimalField,
  jsonBody,
  type OiPoint,
  record,
  timeField,
} from '../venue-public/public-answer.js';

const SOURCE = 'binance';
const FUNDING_POLICY = providerPolicy(60_000);
const INTERVAL_POLICY = providerPolicy(24 * 3_600_000);
const CLOSES_POLICY = providerPolicy(3_600_000);

const unwrap = (response: Parameters<typeof jsonBody>[1], what: string) => jsonBody(SOURCE, response, what);

/** A kline array `[openTime, open, high, low, close, volume, closeTime, …]` (prices as strings). */
function readCandle(row: unknown, what: string): Candle {
  const cells = arrayField(SOURCE, row, what);
  return {
    openTime: timeField(SOURCE, cells[0], `${what} open time`),
    open: decimalField(SOURCE, cells[1], `${what} open`),
    high: decimalField(SOURCE, cells[2], `${what} high`),
    low: decimalField(SOURCE, cells[3], `${what} low`),
    close: decimalField(SOURCE, cells[4], `${what} close`),
    closeTime: timeField(SOURCE, cells[6], `${what} close time`),
  };
}

/**
 * Binance's public market data (notes sentiment.md S6): USD-M futures on the `futures` host, spot klines on the
 * `spot` host. Funding is `lastFundingRate` of `premiumIndex` (the rate settling at `nextFundingTime`) with
 * the interval from `fundingInfo`, which lists only symbols with non-default settings (absent ⇒ 8 h).
 */
export class BinancePublicClient {
  readonly #futures: VenueCall;
  readonly #spot: VenueCall;

  constructor(futures: UpstreamHttp, spot: UpstreamHttp, cache?: UpstreamCache) {
    this.#futures = new VenueCall(futures, unwrap, cache);
    this.#spot = new VenueCall(spot, unwrap, cache);
  }

  /** Funding intervals in hours by symbol, for the symbols that differ from 8 h. */
  intervals(toolCall: CallDeadline): Promise<Fetched<Map<string, number>>> {
    return this.#futures.send(
      toolCall,
      { method: 'GET', path: '/fapi/v1/fundingInfo', idempotent: true },
      'funding info',
      (payload) =>
        new Map(
          arrayField(SOURCE, payload, 'funding info').map((row) => {
            const item = record(SOURCE, row, 'funding info item');
            return [
              String(item.symbol),
              decimalField(SOURCE, item.fundingIntervalHours, 'fundingIntervalHours'),
            ];
          }),
        ),
      { key: 'funding-info', policy: INTERVAL_POLICY },
    );
  }

  /** Every USDT perpetual's current funding (one bulk `premiumIndex` call), keyed by asset. */
  async funding(toolCall: CallDeadline): Promise<Fetched<Map<string, VenueFunding>>> {
    const [index, intervals] = await Promise.all([
      this.#futures.send(
        toolCall,
        { method: 'GET', path: '/fapi/v1/premiumIndex', idempotent: true },
        'premium index',
        (payload) =>
          arrayField(SOURCE, payload, 'premium index').map((row) =>
            record(SOURCE, row, 'premium index item'),
          ),
        { key: 'premium-index', policy: FUNDING_POLICY },
      ),
      this.intervals(toolCall),
    ]);
    const rows = new Map<string, VenueFunding>();
    for (const item of index.data) {
      const symbol = String(item.symbol);
      const asset = assetOfSymbol('binance', symbol);
      if (!asset || venueSymbol('binance', asset) !== symbol) continue;
      rows.set(asset, {
        venue: 'binance',
        asset,
        symbol,
        rateInterval: decimalField(SOURCE, item.lastFundingRate, `${symbol} lastFundingRate`),
        intervalHours: intervals.data.get(symbol) ?? 8,
        rateKind: 'predicted_next',
        nextFundingTime: timeField(SOURCE, item.nextFundingTime, `${symbol} nextFundingTime`),
        markPrice: decimalField(SOURCE, item.markPrice, `${symbol} markPrice`),
        asOf: timeField(SOURCE, item.time, `${symbol} time`),
      });
    }
    return { ...index, data: rows, ...(intervals.stale ? { stale: true as const } : {}) };
  }

  /** Open-interest history, oldest first (`period` 5m…1d, at most 500 rows, the last 30 days only). */
  openInterestHistory(
    toolCall: CallDeadline,
    symbol: string,
    period: string,
    limit: number,
  ): Promise<Fetched<OiPoint[]>> {
    return this.#futures.send(
      toolCall,
      {
        method: 'GET',
        path: '/futures/data/openInterestHist',
        query: { symbol, period, limit },
        idempotent: true,
      },
      `${symbol} open-interest history`,
      (payload) =>
        arrayField(SOURCE, payload, 'open-interest history').map((row) => {
          const item = record(SOURCE, row, 'open-interest item');
          return {
            timestamp: timeField(SOURCE, item.timestamp, 'timestamp'),
            oiCoin: decimalField(SOURCE, item.sumOpenInterest, 'sumOpenInterest'),
            oiUsd: decimalField(SOURCE, item.sumOpenInterestValue, 'sumOpenInterestValue'),
          };
        }),
      { key: `oi:${symbol}:${period}:${limit}`, policy: providerPolicy(60_000) },
    );
  }

  /** The share of accounts long per bar (`globalLongShortAccountRatio.longAccount`), oldest first. */
  longShare(
    toolCall: CallDeadline,
    symbol: string,
    period: string,
    limit: number,
  ): Promise<Fetched<{ timestamp: number; long: number }[]>> {
    return this.#futures.send(
      toolCall,
      {
        method: 'GET',
        path: '/futures/data/globalLongShortAccountRatio',
        query: { symbol, period, limit },
        idempotent: true,
      },
      `${symbol} long/short ratio`,
      (payload) =>
        arrayField(SOURCE, payload, 'long/short ratio').map((row) => {
          const item = record(SOURCE, row, 'long/short item');
          return {
            timestamp: timeField(SOURCE, item.timestamp, 'timestamp'),
            long: decimalField(SOURCE, item.longAccount, 'longAccount'),
          };
        }),
      { key: `ls:${symbol}:${period}:${limit}`, policy: providerPolicy(60_000) },
    );
  }

  /** Futures candles, oldest first. */
  futuresKlines(
    toolCall: CallDeadline,
    symbol: string,
    interval: string,
    limit: number,
  ): Promise<Fetched<Candle[]>> {
    return this.#futures.send(
      toolCall,
      { method: 'GET', path: '/fapi/v1/klines', query: { symbol, interval, limit }, idempotent: true },
      `${symbol} futures klines`,
      (payload) => arrayField(SOURCE, payload, 'klines').map((row) => readCandle(row, 'kline')),
      { key: `fk:${symbol}:${interval}:${limit}`, policy: providerPolicy(60_000) },
    );
  }

  /** Spot daily candles, oldest first (the last may still be open: its close time is in the future). */
  spotDailyKlines(toolCall: CallDeadline, symbol: string, limit: number): Promise<Fetched<Candle[]>> {
    return this.#spot.send(
      toolCall,
      { method: 'GET', path: '/api/v3/klines', query: { symbol, interval: '1d', limit }, idempotent: true },
      `${symbol} spot daily klines`,
      (payload) => arrayField(SOURCE, payload, 'klines').map((row) => readCandle(row, 'kline')),
      { key: `sk:${symbol}:${limit}`, policy: CLOSES_POLICY },
    );
  }
}
