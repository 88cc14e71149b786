import { isAppError } from '@app/kit';
import type { Environment } from './upstream-types.js';

/**
 * The narrow hooks through which the upstream layer reports what it does (metrics/gateway-metrics.ts turns
 * them into Prometheus series). Kept free of prom-client so the layer does not depend on how it is watched;
 * each observer is bound to its upstream and environment once, so a report is one call with no labels.
 */

/** How one upstream call ended (after its retries): a fixed set, so the label stays bounded. */
export type UpstreamCallResult =
  | 'ok'
  | 'http_4xx'
  | 'http_5xx'
  | 'rate_limited'
  | 'budget_refused'
  | 'circuit_open'
  | 'timeout'
  | 'connection'
  | 'error';

export interface UpstreamCallObserver {
  call(result: UpstreamCallResult, seconds: number): void;
}

export interface CacheObserver {
  /** Answered from a fresh local entry. */
  hit(): void;
  /** Not fresh here: loaded, joined a load in flight, or taken from the shared level. */
  miss(): void;
  /** The upstream failed and an expired entry answered, marked stale. */
  stale(): void;
}

export interface BudgetObserver {
  /** An attempt waited this long for its units. */
  waited(seconds: number): void;
  /** An attempt was refused: its units would not be there within the wait allowed. */
  refused(): void;
}

export interface UpstreamObservers {
  calls: UpstreamCallObserver;
  cache: CacheObserver;
  budget: BudgetObserver;
}

/** Hands each upstream connection its observers. */
export interface UpstreamMetrics {
  upstream(name: string, environment: Environment): UpstreamObservers;
}

/** A response's result by its status. */
export function resultOfStatus(status: number): UpstreamCallResult {
  return status >= 500 ? 'http_5xx' : status >= 400 ? 'http_4xx' : 'ok';
}

/** A failed call's result, from the error the attempt loop threw (upstream-errors.ts, budget.ts). */
export function resultOfError(error: unknown): UpstreamCallResult {
  if (!isAppError(error)) return 'error';
  if (error.code === 'UPSTREAM_TIMEOUT') return 'timeout';
  if (error.code === 'UPSTREAM_RATE_LIMITED')
    return error.details?.reason === 'budget' ? 'budget_refused' : 'rate_limited';
  if (error.code === 'UPSTREAM_UNAVAILABLE')
    return error.details?.reason === 'circuit_open' ? 'circuit_open' : 'connection';
  return 'error';
}
