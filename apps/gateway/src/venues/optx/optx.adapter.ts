import type { Candle } from '../../domain/candle.js';
import type { UpstreamHttp, UpstreamRequest } from '../../upstream/upstream-types.js';
import type { Fetched } from '../fetched.js';
import { readResult } from './optx-errors.js';
import {
  bookSummaryRequest,
  chartDataRequest,
  indexPriceRequest,
  instrumentsRequest,
  type OptxResolution,
  tickerRequest,
  timeRequest,
} from './optx-requests.js';
import { type OptxInstrument, readChartData, readInstruments } from './optx-transforms.js';

/**
 * Read-only Deribit client for one environment. Each call is: build the
 * request (pure) → one I/O call through the upstream layer → read the result
 * (pure), keeping the raw `result` as `native`.
 */
export class OptxClient {
  readonly exchange = 'optx';

  constructor(readonly http: UpstreamHttp) {}

  private async call<T>(
    request: UpstreamRequest,
    context: string,
    read: (result: unknown) => T,
  ): Promise<Fetched<T>> {
    const response = await this.http.request(request);
    const result = readResult(response, this.http.environment, context);
    return { data: read(result), native: result, receivedAt: response.receivedAt };
  }

  getInstruments(params: { currency: string; kind?: string | null }): Promise<Fetched<OptxInstrument[]>> {
    return this.call(instrumentsRequest(params), `currency ${params.currency}`, readInstruments);
  }

  /** Bars whose open lies in [startMs, endMs]; the caller keeps each call under the bar cap. */
  getChartData(params: {
    instrument: string;
    startMs: number;
    endMs: number;
    resolution: OptxResolution;
  }): Promise<Fetched<Candle[]>> {
    return this.call(chartDataRequest(params), `instrument ${params.instrument}`, readChartData);
  }

  getTicker(instrument: string): Promise<Fetched<Record<string, unknown>>> {
    return this.call(
      tickerRequest(instrument),
      `instrument ${instrument}`,
      (result) => result as Record<string, unknown>,
    );
  }

  getIndexPrice(
    indexName: string,
  ): Promise<Fetched<{ index_price: number; estimated_delivery_price: number }>> {
    return this.call(indexPriceRequest(indexName), `index ${indexName}`, (result) => result as never);
  }

  /** Cheap liveness probe for readiness: `public/get_time` → server time in ms. */
  probe(): Promise<Fetched<number>> {
    return this.call(timeRequest(), 'time', (result) => Number(result));
  }

  getBookSummaryByCurrency(params: { currency: string; kind?: string | null }) {
    return this.call(bookSummaryRequest(params), `currency ${params.currency}`, (result) =>
      Array.isArray(result) ? (result as Record<string, unknown>[]) : [],
    );
  }
}
