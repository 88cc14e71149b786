import type { Candle } from '../../domain/candle.js';
import type { Interval } from '../../domain/intervals.js';
import type { CallDeadline } from '../../upstream/call-deadline.js';
import type { CredentialHandle } from '../../upstream/credentials.js';
import type { UpstreamCache } from '../../upstream/upstream-cache.js';
import type { UpstreamHttp } from '../../upstream/upstream-types.js';
import { LISTING_POLICY, LIVE_POLICY } from '../cache-policies.js';
import { type Fetched, VenueCall } from '../venue-call.js';
import {
  type Book,
  type FundingRecord,
  type PredictedFunding,
  type PublicTrade,
  readBook,
  readFundingHistory,
  readPredicted,
  readSpot,
  readTrades,
  type SpotPair,
} from './hyperliquid-market-transforms.js';
import {
  allMidsRequest,
  candleSnapshotRequest,
  fundingHistoryRequest,
  l2BookRequest,
  metaAndAssetCtxsRequest,
  metaRequest,
  predictedFundingsRequest,
  recentTradesRequest,
  spotMetaAndAssetCtxsRequest,
} from './hyperliquid-requests.js';
import { HyperliquidTrading } from './hyperliquid-trading.js';
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
  /** The account and its signed writes (agent key and master address from the credential set). */
  readonly trading: HyperliquidTrading;

  constructor(
    readonly http: UpstreamHttp,
    cache?: UpstreamCache,
    credentials?: CredentialHandle,
  ) {
    this.#call = new VenueCall(http, readBody, cache);
    this.trading = new HyperliquidTrading(this.#call, credentials, http.environment);
  }

  /** The perp universe (weight 20): static metadata, held a minute. */
  getMeta(toolCall: CallDeadline): Promise<Fetched<PerpMeta>> {
    return this.#call.send(toolCall, metaRequest(), 'meta', readMeta, {
      key: 'meta',
      policy: LISTING_POLICY,
    });
  }

  /** Universe with live prices and funding (weight 20): shared for a couple of seconds. */
  getMarkets(toolCall: CallDeadline): Promise<Fetched<PerpMarket[]>> {
    return this.#call.send(toolCall, metaAndAssetCtxsRequest(), 'metaAndAssetCtxs', readMarkets, {
      key: 'metaAndAssetCtxs',
      policy: LIVE_POLICY,
    });
  }

  getAllMids(toolCall: CallDeadline): Promise<Fetched<Record<string, number>>> {
    return this.#call.send(toolCall, allMidsRequest(), 'allMids', readMids, {
      key: 'allMids',
      policy: LIVE_POLICY,
    });
  }

  /** Cheap liveness probe for readiness (`allMids` has weight 2, `meta` 20): number of perps quoted. */
  probe(toolCall: CallDeadline): Promise<Fetched<number>> {
    return this.#call.send(
      toolCall,
      allMidsRequest(),
      'allMids',
      (body) => Object.keys(readMids(body)).length,
    );
  }

  /** Candles meeting [startMs, endMs] (the bounds' candles included); the caller trims and pages. */
  getCandles(
    toolCall: CallDeadline,
    params: {
      coin: string;
      interval: Interval;
      startMs: number;
      endMs: number;
    },
  ): Promise<Fetched<Candle[]>> {
    return this.#call.send(toolCall, candleSnapshotRequest(params), 'candleSnapshot', readCandles);
  }

  /** Up to 20 levels a side (weight 2); `nSigFigs` aggregates (2–5, null = full precision). */
  getBook(
    toolCall: CallDeadline,
    coin: string,
    nSigFigs: number | null = null,
  ): Promise<Fetched<Book | null>> {
    return this.#call.send(toolCall, l2BookRequest(coin, nSigFigs), 'l2Book', readBook);
  }

  getRecentTrades(toolCall: CallDeadline, coin: string): Promise<Fetched<PublicTrade[]>> {
    return this.#call.send(toolCall, recentTradesRequest(coin), 'recentTrades', readTrades);
  }

  getFundingHistory(
    toolCall: CallDeadline,
    coin: string,
    startMs: number,
    endMs?: number,
  ): Promise<Fetched<FundingRecord[]>> {
    return this.#call.send(
      toolCall,
      fundingHistoryRequest(coin, startMs, endMs),
      'fundingHistory',
      readFundingHistory,
    );
  }

  getPredictedFundings(toolCall: CallDeadline): Promise<Fetched<Record<string, PredictedFunding[]>>> {
    return this.#call.send(toolCall, predictedFundingsRequest(), 'predictedFundings', readPredicted, {
      key: 'predictedFundings',
      policy: LIVE_POLICY,
    });
  }

  getSpotMarkets(toolCall: CallDeadline): Promise<Fetched<SpotPair[]>> {
    return this.#call.send(toolCall, spotMetaAndAssetCtxsRequest(), 'spotMetaAndAssetCtxs', readSpot, {
      key: 'spotMetaAndAssetCtxs',
      policy: LIVE_POLICY,
    });
  }
}
