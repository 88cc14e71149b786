import type { Candle } from '../../domain/candle.js';
import type { Interval } from '../../domain/intervals.js';
import type { UpstreamHttp, UpstreamRequest } from '../../upstream/upstream-types.js';
import type { Fetched } from '../fetched.js';
import {
  allMidsRequest,
  candleSnapshotRequest,
  metaAndAssetCtxsRequest,
  metaRequest,
} from './perpdex-requests.js';
import {
  type PerpMarket,
  type PerpMeta,
  readBody,
  readCandles,
  readMarkets,
  readMeta,
  readMids,
} from './perpdex-transforms.js';

/**
 * Read-only Hyperliquid `/info` client for one environment: build the body
 * (pure) → one POST through the upstream layer → read the reply (pure),
 * keeping the raw body as `native`.
 */
export class PerpdexClient {
  readonly exchange = 'perpdex';

  constructor(readonly http: UpstreamHttp) {}

  private async call<T>(
    request: UpstreamRequest,
    what: string,
    read: (body: unknown) => T,
  ): Promise<Fetched<T>> {
    const response = await this.http.request(request);
    const body = readBody(response, what);
    return { data: read(body), native: body, receivedAt: response.receivedAt };
  }

  getMeta(): Promise<Fetched<PerpMeta>> {
    return this.call(metaRequest(), 'meta', readMeta);
  }

  getMarkets(): Promise<Fetched<PerpMarket[]>> {
    return this.call(metaAndAssetCtxsRequest(), 'metaAndAssetCtxs', readMarkets);
  }

  getAllMids(): Promise<Fetched<Record<string, number>>> {
    return this.call(allMidsRequest(), 'allMids', readMids);
  }

  /** Cheap liveness probe for readiness (`allMids` has weight 2, `meta` 20): number of perps quoted. */
  probe(): Promise<Fetched<number>> {
    return this.call(allMidsRequest(), 'allMids', (body) => Object.keys(readMids(body)).length);
  }

  /** Candles meeting [startMs, endMs] (the bounds' candles included); the caller trims and pages. */
  getCandles(params: {
    coin: string;
    interval: Interval;
    startMs: number;
    endMs: number;
  }): Promise<Fetched<Candle[]>> {
    return this.call(candleSnapshotRequest(params), 'candleSnapshot', readCandles);
  }
}
