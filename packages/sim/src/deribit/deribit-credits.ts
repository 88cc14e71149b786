import type { FastifyRequest } from 'fastify';
import type { LimitRules } from '../frame/limits.js';

/**
 * Deribit's credit model (notes §1.6): a leaky bucket per caller; each request
 * costs credits, the pool refills continuously; an empty pool answers 10028
 * `too_many_requests`. `get_instruments` has its own, pricier bucket, and the
 * matching engine (order entry) its own tier. The frame runs the buckets
 * (`RateLimits`, on real elapsed time); this file names them and their numbers.
 */

/** Bucket names follow `private/get_account_summary`'s `limits` (`non_matching_engine`, `matching_engine`). */
export const DERIBIT_LIMITS = {
  /** Every request not priced otherwise: 500 credits from 50 000, refilled at 10 000/s (20/s, burst 100). */
  non_matching_engine: { cost: 500, pool: 50_000, refillPerSecond: 10_000 },
  /** `public/get_instruments`: 10 000 credits from 500 000, refilled at 10 000/s (1/s, burst 50). */
  get_instruments: { cost: 10_000, pool: 500_000, refillPerSecond: 10_000 },
  /**
   * Order entry (buy, sell, edit, cancel*, close_position, block trades): the small-account tier observed on
   * both environments, 5 requests/s with a burst of 20, in credits (1 000 a request).
   */
  matching_engine: { cost: 1_000, pool: 20_000, refillPerSecond: 5_000 },
} satisfies LimitRules;

export type DeribitBucket = keyof typeof DERIBIT_LIMITS;

const MATCHING_ENGINE =
  /^(buy|sell|edit|edit_by_label|cancel|cancel_all|cancel_all_by_\w+|cancel_by_label|cancel_quotes|close_position|execute_block_trade|verify_block_trade)$/;

/** The bucket a method is charged to. */
export function creditBucket(scope: string, method: string): DeribitBucket {
  if (scope === 'public' && method === 'get_instruments') return 'get_instruments';
  if (scope === 'private' && MATCHING_ENGINE.test(method)) return 'matching_engine';
  return 'non_matching_engine';
}

/**
 * Whose credits a request spends: the sub-account behind a bearer token when it carries one (the simulator
 * takes the token as the account's identity), else the remote IP, as unauthenticated calls are throttled.
 */
export function creditCaller(request: FastifyRequest): string {
  const authorization = request.headers.authorization;
  const token = typeof authorization === 'string' ? /^Bearer\s+(\S+)$/i.exec(authorization)?.[1] : undefined;
  return token ? `token:${token}` : `ip:${request.ip}`;
}
