import { randomBytes } from 'node:crypto';
import type { Logger } from '@app/kit';
import type { Redis } from 'ioredis';
import { type LogEntry, MemoryRateLimitStore } from './memory.store.js';
import {
  ATTEMPT_LEASE_MS,
  type AttemptResult,
  type HitResult,
  type RateLimitRule,
  type RateLimitStore,
} from './rate-limit.store.js';
import { ATTEMPT, SETTLE, SLIDING_LOG_HIT } from './redis-scripts.js';

type Reply = (number | string)[];
type ScriptClient = Redis & {
  slidingLogHit(key: string, limit: number, windowMs: number, now: number, member: string): Promise<Reply>;
  attemptStart(
    key: string,
    pending: string,
    limit: number,
    windowMs: number,
    now: number,
    member: string,
    leaseMs: number,
  ): Promise<Reply>;
  attemptSettle(
    key: string,
    pending: string,
    member: string,
    success: number,
    windowMs: number,
  ): Promise<number>;
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
 * That memory mirrors every window Redis answered for (and every failure this instance settled), so
 * an outage mid-window keeps counting from there instead of handing out a fresh budget.
 * The degradation is logged (throttled) and reported by `degraded()` for the health route.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly client: ScriptClient;
  private sequence = 0;
  private lastWarning = Number.NEGATIVE_INFINITY;
  private readonly memberSalt = randomBytes(6).toString('hex');
  private readonly fallback = new MemoryRateLimitStore();
  private unreachable = false;

  constructor(private readonly options: RedisStoreOptions) {
    options.client.defineCommand('slidingLogHit', { numberOfKeys: 1, lua: SLIDING_LOG_HIT });
    options.client.defineCommand('attemptStart', { numberOfKeys: 2, lua: ATTEMPT });
    options.client.defineCommand('attemptSettle', { numberOfKeys: 2, lua: SETTLE });
    this.client = options.client as ScriptClient;
  }

  async hit(key: string, rule: RateLimitRule, now?: number): Promise<HitResult> {
    try {
      const reply = await this.call(
        this.client.slidingLogHit(this.redisKey(key), rule.limit, rule.windowMs, now ?? -1, this.member(now)),
      );
      const [allowed, remaining, retryAfterMs, at, ...scores] = reply.map(Number) as number[];
      this.fallback.mirror(
        key,
        rule.windowMs,
        scores.map((score) => ({ at: score, id: '' })),
        at ?? 0,
      );
      return { allowed: allowed === 1, remaining: remaining ?? 0, retryAfterMs: retryAfterMs ?? 1 };
    } catch (error) {
      this.warn(error);
      return this.fallback.hit(key, rule, now);
    }
  }

  async attempt(key: string, rule: RateLimitRule, now?: number): Promise<AttemptResult> {
    const redisKey = this.redisKey(key);
    const pendingKey = `${redisKey}:pending`;
    const member = this.member(now);
    let reply: Reply;
    try {
      reply = await this.call(
        this.client.attemptStart(
          redisKey,
          pendingKey,
          rule.limit,
          rule.windowMs,
          now ?? -1,
          member,
          ATTEMPT_LEASE_MS,
        ),
      );
    } catch (error) {
      this.warn(error);
      return this.fallback.attempt(key, rule, now);
    }
    const [outcome, retryAfterMs, at] = reply.slice(0, 3).map(Number) as [number, number, number];
    const failures: LogEntry[] = [];
    for (let i = 3; i + 1 < reply.length; i += 2)
      failures.push({ id: String(reply[i]), at: Number(reply[i + 1]) });
    this.fallback.mirror(key, rule.windowMs, failures, at);
    if (outcome === 0) return { outcome: 'refused', retryAfterMs };
    if (outcome === 2) return { outcome: 'busy' };
    const settle = async (success: boolean) => {
      // The mirror learns of a failure at once, so an outage from here on still counts it. A
      // success that cannot reach Redis leaves its lease there, to count as a failure: the safe side.
      if (!success) this.fallback.record(key, rule.windowMs, { at, id: member });
      await this.call(
        this.client.attemptSettle(redisKey, pendingKey, member, success ? 1 : 0, rule.windowMs),
      ).catch((error: unknown) => this.warn(error));
    };
    return { outcome: 'go', settle };
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

  /** A Redis call bounded by the timeout; an answer ends a degradation. */
  private async call<T>(promise: Promise<T>): Promise<T> {
    const result = await withTimeout(promise, this.options.timeoutMs ?? 500);
    if (this.unreachable) {
      this.unreachable = false;
      this.options.logger.info('rate-limit store (Redis) reachable again: limits are shared again');
    }
    return result;
  }

  private redisKey(key: string): string {
    return `${this.options.keyPrefix}${key}`;
  }

  /** Unique per request even within one millisecond and across instances. */
  private member(now?: number): string {
    return `${now ?? Date.now()}-${this.memberSalt}-${this.sequence++}`;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
