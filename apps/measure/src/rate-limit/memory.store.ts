import type { HitResult, RateLimitRule, RateLimitStore } from './rate-limit.store.js';

interface Log {
  /** Timestamps of counted requests, oldest first. */
  stamps: number[];
  windowMs: number;
}

/** Enough for a busy site's distinct client IPs in one minute; the oldest idle keys go first. */
const DEFAULT_MAX_KEYS = 50_000;

/**
 * An exact sliding log per key, in memory. Memory stays bounded: keys are kept in least recently
 * used order, fully expired logs are swept a few at a time on every hit, and beyond `maxKeys` the
 * least recently used key is dropped (that client's budget starts over, the safe direction for
 * memory and the only one available once the bound is hit).
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly logs = new Map<string, Log>();

  constructor(private readonly maxKeys = DEFAULT_MAX_KEYS) {}

  async hit(key: string, rule: RateLimitRule, now = Date.now()): Promise<HitResult> {
    const log = this.take(key, rule.windowMs);
    const cutoff = now - rule.windowMs;
    let expired = 0;
    while (expired < log.stamps.length && (log.stamps[expired] ?? Number.POSITIVE_INFINITY) <= cutoff)
      expired++;
    if (expired > 0) log.stamps.splice(0, expired);
    // Sweep while this key is out of the map, so it can never sweep itself.
    this.sweep(now);
    this.logs.set(key, log);

    if (log.stamps.length < rule.limit) {
      log.stamps.push(now);
      const release = async () => {
        const stamps = this.logs.get(key)?.stamps;
        const index = stamps?.lastIndexOf(now) ?? -1;
        if (index >= 0) stamps?.splice(index, 1);
      };
      return { allowed: true, remaining: rule.limit - log.stamps.length, retryAfterMs: 0, release };
    }
    const oldest = log.stamps[log.stamps.length - rule.limit] ?? now;
    return { allowed: false, remaining: 0, retryAfterMs: Math.max(1, oldest + rule.windowMs - now) };
  }

  async close(): Promise<void> {
    this.logs.clear();
  }

  /** Number of keys held (for tests of the memory bound). */
  get size(): number {
    return this.logs.size;
  }

  /** Removes the key so re-inserting it marks it most recently used. */
  private take(key: string, windowMs: number): Log {
    const log = this.logs.get(key);
    if (!log) return { stamps: [], windowMs };
    this.logs.delete(key);
    log.windowMs = windowMs;
    return log;
  }

  private sweep(now: number): void {
    for (let checked = 0; checked < 2; checked++) {
      const oldest = this.logs.entries().next();
      if (oldest.done) return;
      const [key, log] = oldest.value;
      const newest = log.stamps[log.stamps.length - 1];
      if (newest !== undefined && newest > now - log.windowMs) break;
      this.logs.delete(key);
    }
    while (this.logs.size >= this.maxKeys) {
      const oldest = this.logs.keys().next();
      if (oldest.done) return;
      this.logs.delete(oldest.value);
    }
  }
}
