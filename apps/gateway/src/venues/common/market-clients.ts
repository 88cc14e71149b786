import { ClosedCandleCache } from '../../domain/candle-cache.js';
import type { Environment, UpstreamHttp } from '../../upstream/upstream-types.js';
import { OptxClient } from '../optx/optx.adapter.js';
import { PerpdexClient } from '../perpdex/perpdex.adapter.js';
import { ListingCache } from './listing-cache.js';
import type { MarketClients } from './market-context.js';

/** Caches shared by both environments for the life of the process (keys carry the environment). */
export interface MarketDataCaches {
  candles: ClosedCandleCache;
  listings: ListingCache;
}

export function createMarketDataCaches(
  options: { maxCachedBars?: number; listingTtlMs?: number } = {},
): MarketDataCaches {
  return {
    candles: new ClosedCandleCache(options.maxCachedBars ?? 2_000_000),
    listings: new ListingCache(options.listingTtlMs ?? 60_000),
  };
}

/**
 * The services' view of one environment: the venue clients over the frame's
 * UpstreamHttp of that environment (optx base URL ending in `/api/v2`,
 * perpdex base URL the host root), plus the shared caches.
 */
export function createMarketClients(
  environment: Environment,
  upstreams: { optx?: UpstreamHttp; perpdex?: UpstreamHttp },
  caches: MarketDataCaches,
): MarketClients {
  return {
    environment,
    ...(upstreams.optx ? { optx: new OptxClient(upstreams.optx) } : {}),
    ...(upstreams.perpdex ? { perpdex: new PerpdexClient(upstreams.perpdex) } : {}),
    candles: caches.candles,
    listings: caches.listings,
  };
}
