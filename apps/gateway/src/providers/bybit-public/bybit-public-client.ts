import type { VenueFunding } from '../../domain/funding/funding.js';
import { assetOfSymbol, venueSymbol } from '../../domain/funding/symbols.js';
import type { CallDeadline } from '../../upstream/call-deadline.js';
import type { UpstreamCache } from '../../upstream/upstream-cache.js';
import { upstreamUnavailable } from '../../upstream/upstream-errors.js';
import type { UpstreamHttp, UpstreamResponse } from '../../upstream/upstream-types.js';
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

const SOURCE = 'bybit';

/**
 * Bybit's envelope `{retCode, retMsg, result, retExtInfo, time}`: errors come as HTTP 200 with `retCode ≠ 0`
 * (10001 parameter error), rate-limit refusals as HTTP 403 (notes S7).
 */
function unwrap(response: UpstreamResponse, what: string): unknown {
  const body = record(SOURCE, jsonBody(SOURCE, response, what), what);
  if (body.retCode !== 0)
    throw upstreamUnavailable(SOURCE, 'live', 'bad_response', {
      retryable: false,
      message: `bybit refused ${what}: retCode ${String(body.retCode)} ${String(body.retMsg ?? '')}`.trim(),
    });
  return body.result;
}

/** Bybit v5 public market data, linear (USDT) perpetuals (notes sentiment.md S7). */
export class BybitPublicClient {
  readonly #call: VenueCall;

  constructor(http: UpstreamHttp, cache?: UpstreamCache) {
    this.#call = new VenueCall(http, unwrap, cache);
  }

  /** Funding intervals in hours by symbol, from `fundingInterval` (minutes) of instruments-info. */
  intervals(toolCall: CallDeadline): Promise<Fetched<Map<string, number>>> {
    return this.#call.send(
      toolCall,
      {
        method: 'GET',
        path: '/v5/market/instruments-info',
        query: { category: 'linear', limit: 1000 },
        idempotent: true,
      },
      'linear instruments',
      (result) =>
        new Map(
          arrayField(SOURCE, record(SOURCE, result, 'instruments').list, 'instruments list').map((row) => {
            const item = record(SOURCE, row, 'instrument');
            return [String(item.symbol), decimalField(SOURCE, item.fundingInterval, 'fundingInterval') / 60];
          }),
        ),
      { key: 'instruments', policy: providerPolicy(24 * 3_600_000) },
    );
  }

  /** Every linear perpetual's upcoming funding (one bulk tickers call), keyed by asset. */
  async funding(toolCall: CallDeadline): Promise<Fetched<Map<string, VenueFunding>>> {
    const [tickers, intervals] = await Promise.all([
      this.#call.send(
        toolCall,
        { method: 'GET', path: '/v5/market/tickers', query: { category: 'linear' }, idempotent: true },
        'linear tickers',
        (result) => ({
          time: null as number | null,
          list: arrayField(SOURCE, record(SOURCE, result, 'tickers').list, 'tickers list'),
        }),
        { key: 'tickers', policy: providerPolicy(60_000) },
      ),
      this.intervals(toolCall),
    ]);
    const rows = new Map<string, VenueFunding>();
    for (const row of tickers.data.list) {
      const item = record(SOURCE, row, 'ticker');
      const symbol = String(item.symbol);
      const asset = assetOfSymbol('bybit', symbol);
      if (!asset || venueSymbol('bybit', asset) !== symbol || item.fundingRate === '') continue;
      rows.set(asset, {
        venue: 'bybit',
        asset,
        symbol,
        rateInterval: decimalField(SOURCE, item.fundingRate, `${symbol} fundingRate`),
        intervalHours: intervals.data.get(symbol) ?? 8,
        rateKind: 'predicted_next',
        nextFundingTime: timeField(SOURCE, item.nextFundingTime, `${symbol} nextFundingTime`),
        markPrice: decimalField(SOURCE, item.markPrice, `${symbol} markPrice`),
        asOf: tickers.receivedAt,
      });
    }
    return { ...tickers, data: rows, ...(intervals.stale ? { stale: true as const } : {}) };
  }

  /**
   * Candles oldest first (Bybit answers newest first, `[start, open, high, low, close, volume, turnover]` as
   * strings); `category` linear for the perpetual, spot for daily closes.
   */
  klines(
    toolCall: CallDeadline,
    category: 'linear' | 'spot',
    symbol: string,
    interval: string,
    limit: number,
  ): Promise<Fetched<Candle[]>> {
    const intervalMs = interval === 'D' ? 86_400_000 : Number(interval) * 60_000;
    return this.#call.send(
      toolCall,
      {
        method: 'GET',
        path: '/v5/market/kline',
        query: { category, symbol, interval, limit },
        idempotent: true,
      },
      `${symbol} ${category} klines`,
      (result) =>
        arrayField(SOURCE, record(SOURCE, result, 'klines').list, 'kline list')
          .map((row) => {
            const cells = arrayField(SOURCE, row, 'kline');
            const openTime = timeField(SOURCE, cells[0], 'start');
            return {
              openTime,
              closeTime: openTime + intervalMs - 1,
              open: decimalField(SOURCE, cells[1], 'open'),
              high: decimalField(SOURCE, cells[2], 'high'),
              low: decimalField(SOURCE, cells[3], 'low'),
              close: decimalField(SOURCE, cells[4], 'close'),
            };
          })
          .sort((a, b) => a.openTime - b.openTime),
      {
        key: `k:${category}:${symbol}:${interval}:${limit}`,
        policy: providerPolicy(category === 'spot' ? 3_600_000 : 60_000),
      },
    );
  }

  /**
   * Open interest in coins, oldest first (Bybit answers newest first), converted to USD with the close of the
   * linear kline of the same bucket (notes tool 7).
   */
  async openInterestHistory(
    toolCall: CallDeadline,
    symbol: string,
    intervalTime: string,
    klineInterval: string,
    limit: number,
  ): Promise<Fetched<OiPoint[]>> {
    const [oi, klines] = await Promise.all([
      this.#call.send(
        toolCall,
        {
          method: 'GET',
          path: '/v5/market/open-interest',
          query: { category: 'linear', symbol, intervalTime, limit },
          idempotent: true,
        },
        `${symbol} open-interest history`,
        (result) =>
          arrayField(SOURCE, record(SOURCE, result, 'open interest').list, 'open-interest list').map(
            (row) => {
              const item = record(SOURCE, row, 'open-interest item');
              return {
                timestamp: timeField(SOURCE, item.timestamp, 'timestamp'),
                oiCoin: decimalField(SOURCE, item.openInterest, 'openInterest'),
              };
            },
          ),
        { key: `oi:${symbol}:${intervalTime}:${limit}`, policy: providerPolicy(60_000) },
      ),
      this.klines(toolCall, 'linear', symbol, klineInterval, limit),
    ]);
    const closes = new Map(klines.data.map((candle) => [candle.openTime, candle.close]));
    const points = oi.data
      .filter((point) => closes.has(point.timestamp))
      .map((point) => ({ ...point, oiUsd: point.oiCoin * closes.get(point.timestamp)! }))
      .sort((a, b) => a.timestamp - b.timestamp);
    return { ...oi, data: points, ...(klines.stale ? { stale: true as const } : {}) };
  }
}
