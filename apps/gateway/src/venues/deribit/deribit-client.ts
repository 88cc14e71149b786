import type { Candle } from '../../domain/candle.js';
import type { CallDeadline } from '../../upstream/call-deadline.js';
import type { CredentialHandle } from '../../upstream/credentials.js';
import type { UpstreamCache } from '../../upstream/upstream-cache.js';
import type { UpstreamHttp } from '../../upstream/upstream-types.js';
import { LISTING_POLICY, LIVE_POLICY } from '../cache-policies.js';
import { type Fetched, VenueCall } from '../venue-call.js';
import { readResult } from './deribit-errors.js';
import {
  bookSummaryRequest,
  chartDataRequest,
  historicalVolatilityRequest,
  indexPriceRequest,
  instrumentsRequest,
  type OptxResolution,
  tickerRequest,
  timeRequest,
  volatilityIndexRequest,
} from './deribit-requests.js';
import {
  type OptxInstrument,
  readChartData,
  readHistoricalVolatility,
  readInstruments,
  readVolatilityIndex,
} from './deribit-transforms.js';

/** Read-only Deribit API v2 client for one environment (notes optx-deribit.md). */
export class DeribitClient {
  readonly exchange = 'optx';
  readonly #call: VenueCall;

  constructor(
    readonly http: UpstreamHttp,
    readonly cache?: UpstreamCache,
    /** The environment's API key, for the private client (`optx` namespace); none: public reads only. */
    readonly credentials?: CredentialHandle,
  ) {
    this.#call = new VenueCall(http, (response, what) => readResult(response, http.environment, what), cache);
  }

  /** Listings change a few times a day and cost 20× a plain call (notes §1.6): held a minute. */
  getInstruments(
    toolCall: CallDeadline,
    params: { currency: string; kind?: string | null },
  ): Promise<Fetched<OptxInstrument[]>> {
    return this.#call.send(
      toolCall,
      instrumentsRequest(params),
      `currency ${params.currency}`,
      readInstruments,
      {
        key: `instruments:${params.currency}:${params.kind ?? '*'}`,
        policy: LISTING_POLICY,
      },
    );
  }

  /** Bars whose open lies in [startMs, endMs]; the caller keeps each call under the bar cap. */
  getChartData(
    toolCall: CallDeadline,
    params: {
      instrument: string;
      startMs: number;
      endMs: number;
      resolution: OptxResolution;
    },
  ): Promise<Fetched<Candle[]>> {
    return this.#call.send(
      toolCall,
      chartDataRequest(params),
      `instrument ${params.instrument}`,
      readChartData,
    );
  }

  getTicker(toolCall: CallDeadline, instrument: string): Promise<Fetched<Record<string, unknown>>> {
    return this.#call.send(
      toolCall,
      tickerRequest(instrument),
      `instrument ${instrument}`,
      (result) => result as Record<string, unknown>,
    );
  }

  getIndexPrice(
    toolCall: CallDeadline,
    indexName: string,
  ): Promise<Fetched<{ index_price: number; estimated_delivery_price: number }>> {
    return this.#call.send(
      toolCall,
      indexPriceRequest(indexName),
      `index ${indexName}`,
      (result) => result as never,
    );
  }

  /** Cheap liveness probe for readiness: `public/get_time` → server time in ms. */
  probe(toolCall: CallDeadline): Promise<Fetched<number>> {
    return this.#call.send(toolCall, timeRequest(), 'time', (result) => Number(result));
  }

  /** Live prices and open interest: shared for a couple of seconds, so pollers make one call. */
  getBookSummaryByCurrency(toolCall: CallDeadline, params: { currency: string; kind?: string | null }) {
    return this.#call.send(
      toolCall,
      bookSummaryRequest(params),
      `currency ${params.currency}`,
      (result) => (Array.isArray(result) ? (result as Record<string, unknown>[]) : []),
      { key: `book_summary:${params.currency}:${params.kind ?? '*'}`, policy: LIVE_POLICY },
    );
  }

  /** One page of DVOL rows, ascending; `continuation` (older data) as the venue returns it (notes §4.7). */
  getVolatilityIndexData(
    toolCall: CallDeadline,
    params: { currency: string; startMs: number; endMs: number; resolution: string },
  ) {
    return this.#call.send(
      toolCall,
      volatilityIndexRequest(params),
      `currency ${params.currency}`,
      readVolatilityIndex,
    );
  }

  /** Hourly realised volatility points `[ms, percent]`, about two weeks (notes §4.6). */
  getHistoricalVolatility(toolCall: CallDeadline, currency: string) {
    return this.#call.send(
      toolCall,
      historicalVolatilityRequest(currency),
      `currency ${currency}`,
      readHistoricalVolatility,
      {
        key: `historical_volatility:${currency}`,
        policy: LIVE_POLICY,
      },
    );
  }
}
