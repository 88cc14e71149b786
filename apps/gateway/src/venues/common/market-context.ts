import { unprocessable } from '@app/kit';
import type { ClosedCandleCache } from '../../domain/candle-cache.js';
import type { Environment } from '../../upstream/upstream-types.js';
import type { OptxClient } from '../optx/optx.adapter.js';
import type { PerpdexClient } from '../perpdex/perpdex.adapter.js';
import type { ListingCache } from './listing-cache.js';

/**
 * What the common-interface services need for one call: the venue clients of
 * the caller's environment (absent when a venue is not configured), the
 * shared caches and the clock.
 */
export interface MarketClients {
  environment: Environment;
  optx?: OptxClient;
  perpdex?: PerpdexClient;
  /** Closed candles, shared by all environments (keys carry the environment). */
  candles: ClosedCandleCache;
  /** Short-lived instrument listings (GUIDE: instrument lists are cached briefly). */
  listings: ListingCache;
  /** Upstream calls in flight per venue and request while paging history; default 4. */
  maxConcurrency?: number;
}

export type Exchange = 'optx' | 'perpdex';
export const EXCHANGES: readonly Exchange[] = ['optx', 'perpdex'];

/** The `exchange` field: null/absent means "all" (fan-out or consensus); anything else must be a known exchange. */
export function exchangeParam(value: unknown): Exchange | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' && (EXCHANGES as readonly string[]).includes(value)) return value as Exchange;
  throw unprocessable(`exchange must be one of ${EXCHANGES.join(', ')} or omitted`, 'VALIDATION_ERROR', {
    field: 'exchange',
  });
}

export interface FailedSource {
  exchange: string;
  error: string;
}

/** Spec: in test-environment mode, market-tool responses carry `testnet: true`. */
export const testnetFlag = (clients: Pick<MarketClients, 'environment'>): { testnet?: true } =>
  clients.environment === 'test' ? { testnet: true } : {};

/** ISO 8601 UTC of an epoch-ms instant. */
export const isoTime = (ms: number) => new Date(ms).toISOString();

/** Runs `task` over `items` with at most `limit` in flight; results keep the input order. */
export async function mapConcurrent<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    // After the first failure no new task starts: the whole result is lost anyway.
    while (next < items.length && !failed) {
      const index = next++;
      try {
        results[index] = await task(items[index]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
