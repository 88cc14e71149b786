import { AppError, unprocessable } from '@app/kit';
import { ClosedCandleCache } from '../../domain/candle-cache.js';
import type { ClientScope } from '../../upstream/client-scope.js';
import type { Environment } from '../../upstream/upstream-types.js';
import { optxUpstream } from '../../venues/deribit/deribit.upstream.js';
import { DeribitMarket } from '../../venues/deribit/deribit-market.js';
import { perpdexUpstream } from '../../venues/hyperliquid/hyperliquid.upstream.js';
import { HyperliquidMarket } from '../../venues/hyperliquid/hyperliquid-market.js';
import type { Exchange, MarketVenue } from '../../venues/market-venue.js';
import { HistoryAdmission } from './history-admission.js';
import { Slots } from './page-slots.js';
import { SharedPages } from './shared-pages.js';

/**
 * What the common-interface services see for one environment: the venues (those registered, in the spec's
 * order), and what both environments share (keys carry the environment): the closed-candle cache, the pages
 * shared between requests and the admission of history requests.
 */
export interface MarketClients {
  environment: Environment;
  venues: readonly MarketVenue[];
  candles: ClosedCandleCache;
  pages: SharedPages;
  admission: HistoryAdmission;
  /** Upstream history pages in flight to one venue of this environment, across all requests. */
  pageSlots(exchange: Exchange): Slots;
  /** Upstream history pages one request has in flight or waiting for a slot, per venue. */
  maxConcurrency: number;
}

export const EXCHANGES: readonly Exchange[] = ['optx', 'perpdex'];

/** Limits of the history path (CANDLE_CACHE_MB, HISTORY_BARS_IN_FLIGHT, HISTORY_ADMISSION_WAIT_MS). */
export interface HistoryLimits {
  /** Bound of the closed-candle cache in bytes. */
  cacheBytes?: number;
  /** Bars all history requests of the instance may hold at once. */
  barsInFlight?: number;
  /** How long a history request waits for room before 429 BUSY. */
  admissionWaitMs?: number;
  /** Upstream history pages in flight per venue and environment, across all requests. */
  pagesPerVenue?: number;
}

/** The defaults of the run contract (config.ts: CANDLE_CACHE_MB, HISTORY_*), for a namespace built without it. */
export const HISTORY_DEFAULTS = {
  cacheBytes: 64 * 2 ** 20,
  barsInFlight: 4_500_000,
  admissionWaitMs: 2_000,
  pagesPerVenue: 2,
} as const satisfies Required<HistoryLimits>;

/**
 * The `clients` factory of the market-data namespaces; one candle cache, page sharing, admission and set of
 * page slots per app, shared by the namespaces given the same factory.
 */
export function marketClients(limits: HistoryLimits = {}) {
  const candles = new ClosedCandleCache(limits.cacheBytes ?? HISTORY_DEFAULTS.cacheBytes);
  const pages = new SharedPages();
  const admission = new HistoryAdmission(
    limits.barsInFlight ?? HISTORY_DEFAULTS.barsInFlight,
    limits.admissionWaitMs ?? HISTORY_DEFAULTS.admissionWaitMs,
  );
  const pagesPerVenue = limits.pagesPerVenue ?? HISTORY_DEFAULTS.pagesPerVenue;
  // Called once per environment by each namespace that shares it (/mcp, /mcp-optx): an environment's venues
  // get their own slots, the same for every namespace.
  const slotsByEnvironment = new Map<Environment, Map<Exchange, Slots>>();
  return (scope: ClientScope): MarketClients => {
    let slots = slotsByEnvironment.get(scope.environment);
    if (!slots) {
      slots = new Map(EXCHANGES.map((exchange) => [exchange, new Slots(pagesPerVenue)]));
      slotsByEnvironment.set(scope.environment, slots);
    }
    const environmentSlots = slots;
    return {
      environment: scope.environment,
      pageSlots: (exchange) => environmentSlots.get(exchange)!,
      venues: [
        ...(scope.has(optxUpstream) ? [new DeribitMarket(scope.client(optxUpstream))] : []),
        ...(scope.has(perpdexUpstream) ? [new HyperliquidMarket(scope.client(perpdexUpstream))] : []),
      ],
      candles,
      pages,
      admission,
      maxConcurrency: pagesPerVenue,
    };
  };
}

/** The `exchange` field: null/absent means "all" (fan-out or consensus); anything else must be a known exchange. */
export function exchangeParam(value: unknown): Exchange | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' && (EXCHANGES as readonly string[]).includes(value)) return value as Exchange;
  throw unprocessable(`exchange must be one of ${EXCHANGES.join(', ')} or omitted`, 'VALIDATION_ERROR', {
    field: 'exchange',
  });
}

/** The venue of a named exchange; 503 when it is not configured in this app. */
export function venueOf(clients: MarketClients, exchange: Exchange): MarketVenue {
  const venue = clients.venues.find((candidate) => candidate.exchange === exchange);
  if (!venue)
    throw new AppError(503, 'EXCHANGE_NOT_CONFIGURED', `${exchange} is not configured in this environment`);
  return venue;
}

export type MarketClientsFactory = ReturnType<typeof marketClients>;
