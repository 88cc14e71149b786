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
  /** When allowed: takes this request out of the log again (a successful login does not spend the budget). */
  release?: () => Promise<void>;
}

/**
 * Where request logs live: in process memory for one instance, Redis when several instances must
 * share one budget. `now` is given by tests with a fake clock; without it the store uses its own
 * clock (Redis: the server's, so instances with skewed clocks still agree).
 */
export interface RateLimitStore {
  hit(key: string, rule: RateLimitRule, now?: number): Promise<HitResult>;
  /** Why the limits are weaker than configured right now (health and logs say so), or undefined. */
  degraded?(): string | undefined;
  close(): Promise<void>;
}
