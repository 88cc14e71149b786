import { errorText } from '../mcp/failed-sources.js';
import type { FailedSource } from './sentiment.schema.js';

export interface FanOutOutcome {
  /** The failures as `failed_sources` items, in the order of the calls. */
  failed: FailedSource[];
  /** The failures' errors, for allSourcesFailed. */
  errors: unknown[];
  /** The oldest answer's time, at most the `receivedAt` given. */
  receivedAt: number;
  /** True when any answer is a cached one standing in for a failing source. */
  stale: boolean;
}

/**
 * Reads the settled calls of a fan-out over `keys` (one call per key, in order): each answer goes to `each`,
 * each failure becomes a `failed_sources` item named by `sourceOf`. The sentiment tools then throw
 * allSourcesFailed when every call failed.
 */
export function settleFanOut<K, T extends { receivedAt: number; stale?: boolean }>(
  keys: readonly K[],
  settled: readonly PromiseSettledResult<T>[],
  options: { sourceOf: (key: K) => string; receivedAt: number; each: (key: K, answer: T) => void },
): FanOutOutcome {
  const outcome: FanOutOutcome = { failed: [], errors: [], receivedAt: options.receivedAt, stale: false };
  settled.forEach((result, i) => {
    const key = keys[i]!;
    if (result.status === 'rejected') {
      outcome.errors.push(result.reason);
      outcome.failed.push({ source: options.sourceOf(key), error: errorText(result.reason) });
      return;
    }
    outcome.stale ||= result.value.stale === true;
    outcome.receivedAt = Math.min(outcome.receivedAt, result.value.receivedAt);
    options.each(key, result.value);
  });
  return outcome;
}
