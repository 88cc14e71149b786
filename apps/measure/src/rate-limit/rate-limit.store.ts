/** A budget: at most `limit` requests in any `windowMs` milliseconds (a sliding window). */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export interface HitResult {
  allowed: boolean;
  /** Requests left in the window after this one. */
  remaining: number;
  /** When refused: milliseconds until the oldest counted request leaves the window (≥ 1). */
  retryAfterMs: number;
}

/**
 * A login-style attempt: only failures are counted, but an attempt in flight holds one of the
 * budget's slots until it is settled, so parallel guesses can never outnumber the limit.
 * - `go`: a slot is held; call `settle` with the outcome (a failure is then counted at arrival time).
 * - `busy`: failures and attempts in flight fill the budget; ask again shortly (one may succeed).
 * - `refused`: the failures alone fill the budget; `retryAfterMs` until the oldest leaves it.
 */
export type AttemptResult =
  | { outcome: 'go'; settle: (success: boolean) => Promise<void> }
  | { outcome: 'busy' }
  | { outcome: 'refused'; retryAfterMs: number };

/**
 * An attempt never settled (its instance died, a hook was skipped) counts as a failure after this
 * long, so a lost slot is never a free one. Far above a login's few hundred milliseconds of scrypt.
 */
export const ATTEMPT_LEASE_MS = 10_000;

/**
 * Where request logs live: in process memory for one instance, Redis when several instances must
 * share one budget. `now` is given by tests with a fake clock; without it the store uses its own
 * clock (Redis: the server's, so instances with skewed clocks still agree).
 */
export interface RateLimitStore {
  hit(key: string, rule: RateLimitRule, now?: number): Promise<HitResult>;
  attempt(key: string, rule: RateLimitRule, now?: number): Promise<AttemptResult>;
  /** Why the limits are weaker than configured right now (health and logs say so), or undefined. */
  degraded?(): string | undefined;
  close(): Promise<void>;
}
