import { randomBytes } from 'node:crypto';
import type { Logger } from '@app/kit';
import type { Redis } from 'ioredis';
import { MemoryRateLimitStore } from './memory.store.js';
import type { HitResult, RateLimitRule, RateLimitStore } from './rate-limit.store.js';

/**
 * One sliding-log step, atomically: drop entries older than the window, count, and add this
 * request only if under the limit. A negative `now` means "use the Redis server's clock", so
 * instances with skewed clocks share one timeline. Returns {allowed, remaining, retry_ms}.
 */
const SLIDING_LOG_HIT = `
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
if now < 0 then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
if count < limit then
  redis.call('ZADD', key, now, ARGV[4])
  redis.call('PEXPIRE', key, window)
  return {1, limit - count - 1, 0}
end
local oldest = redis.call('ZRANGE', key, count - limit, count - limit, 'WITHSCORES')
local retry = tonumber(oldest[2]) + window - now
if retry < 1 then retry = 1 end
return {0, 0, retry}
`;

type SlidingLogClient = Redis & {
  slidingLogHit(
    key: string,
    limit: number,
    windowMs: number,
    now: number,
    member: string,
  ): Promise<[number, number, number]>;
};

export interface RedisStoreOptions {
  client: Redis;
  /** Namespaces the keys; tests use a random one. */
  keyPrefix: string;
  logger: Logger;
  /** A hit that takes longer than this counts as Redis being unavailable. */
  timeoutMs?: number;
}

/** Warn about an unreachable Redis at most this often, so an outage does not flood the log. */
const WARN_INTERVAL_MS = 30_000;
const DEGRADED = 'rate-limit store (Redis) unreachable: limits are counted per instance until it is back';

/**
 * Sliding logs in Redis sorted sets, shared by every instance that uses the same Redis and prefix.
 * When Redis is unreachable (or slower than the timeout) the store falls back to this instance's
 * memory: the limits still hold, per instance instead of shared, so N instances allow at most N times
 * the budget. Failing open would switch the login limit, a brute-force brake, off with the cache.
 * The degradation is logged (throttled) and reported by `degraded()` for the health route.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly client: SlidingLogClient;
  private sequence = 0;
  private lastWarning = Number.NEGATIVE_INFINITY;
  private readonly memberSalt = randomBytes(6).toString('hex');
  private readonly fallback = new MemoryRateLimitStore();
  private unreachable = false;

  constructor(private readonly options: RedisStoreOptions) {
    options.client.defineCommand('slidingLogHit', { numberOfKeys: 1, lua: SLIDING_LOG_HIT });
    this.client = options.client as SlidingLogClient;
  }

  async hit(key: string, rule: RateLimitRule, now?: number): Promise<HitResult> {
    // Unique per request even within one millisecond and across instances.
    const member = `${now ?? Date.now()}-${this.memberSalt}-${this.sequence++}`;
    const redisKey = `${this.options.keyPrefix}${key}`;
    try {
      const [allowed, remaining, retryAfterMs] = await withTimeout(
        this.client.slidingLogHit(redisKey, rule.limit, rule.windowMs, now ?? -1, member),
        this.options.timeoutMs ?? 500,
      );
      if (this.unreachable) {
        this.unreachable = false;
        this.options.logger.info('rate-limit store (Redis) reachable again: limits are shared again');
      }
      const release = async () => {
        await this.client.zrem(redisKey, member).catch((error: unknown) => this.warn(error));
      };
      return { allowed: allowed === 1, remaining, retryAfterMs, ...(allowed === 1 ? { release } : {}) };
    } catch (error) {
      this.warn(error);
      return this.fallback.hit(key, rule, now);
    }
  }

  degraded(): string | undefined {
    return this.unreachable ? DEGRADED : undefined;
  }

  async close(): Promise<void> {
    await this.fallback.close();
    await this.options.client.quit().catch(() => this.options.client.disconnect());
  }

  /** Connection-level errors (ioredis emits them as events) go through the same throttled warning. */
  warn(error: unknown): void {
    this.unreachable = true;
    const now = Date.now();
    if (now - this.lastWarning < WARN_INTERVAL_MS) return;
    this.lastWarning = now;
    this.options.logger.warn({ err: error }, DEGRADED);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
