import type { Candle } from '../../domain/candle.js';
import type { Interval } from '../../domain/intervals.js';
import type { UpstreamCache } from '../../upstream/upstream-cache.js';
import type { UpstreamHttp } from '../../upstream/upstream-types.js';
import { LISTING_POLICY, LIVE_POLICY } from '../cache-policies.js';
import { type Fetched, VenueCall } from '../venue-call.js';
import {
  allMidsRequest,
  candleSnapshotRequest,
  metaAndAssetCtxsRequest,
  metaRequest,
} from './hyperliquid-requests.js';
import {
  type PerpMarket,
  type PerpMeta,
  readBody,
  readCandles,
  readMarkets,
  readMeta,
  readMids,
} from './hyperliquid-transforms.js';

/** Read-only Hyperliquid `/info` client for one environment (notes perpdex-hyperliquid.md). */
export class HyperliquidClient {
  readonly exchange = 'perpdex';
  readonly #call: VenueCall;

  constructor(
    readonly http: UpstreamHttp,
    cache?: UpstreamCache,
  ) {
    this.#call = new VenueCall(http, readBody, cache);
  }

  /** The perp universe (weight 20): static metadata, held a minute. */
  getMeta(): Promise<Fetched<PerpMeta>> {
    return this.#call.send(metaRequest(), 'meta', readMeta, { key: 'meta', policy: LISTING_POLICY });
  }

  /** Universe with live prices and funding (weight 20): shared for a couple of seconds. */
  getMarkets(): Promise<Fetched<PerpMarket[]>> {
    return this.#call.send(metaAndAssetCtxsRequest(), 'metaAndAssetCtxs', readMarkets, {
      key: 'metaAndAssetCtxs',
      policy: LIVE_POLICY,
    });
  }

  getAllMids(): Promise<Fetched<Record<string, number>>> {
    return this.#call.send(allMidsRequest(), 'allMids', readMids, { key: 'allMids', policy: LIVE_POLICY });
  }

  /** Cheap liveness probe for readiness (`allMids` has weight 2, `meta` 20): number of perps quoted. */
  probe(): Promise<Fetched<number>> {
    return this.#call.send(allMidsRequest(), 'allMids', (body) => Object.keys(readMids(body)).length);
  }

  /** Candles meeting [startMs, endMs] (the bounds' candles included); the caller trims and pages. */
  getCandles(params: {
    coin: string;
    interval: Interval;
    startMs: number;
    endMs: number;
  }): Promise<Fetched<Candle[]>> {
    return this.#call.send(candleSnapshotRequest(params), 'candleSnapshot', readCandles);
  }
}
