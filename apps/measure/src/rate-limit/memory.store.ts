import {
  ATTEMPT_LEASE_MS,
  type AttemptResult,
  type HitResult,
  type RateLimitRule,
  type RateLimitStore,
} from './rate-limit.store.js';

/** A counted request (for attempts: a failure), `id` names it so it is counted once. */
export interface LogEntry {
  at: number;
  id: string;
}

interface Log {
  /** Counted requests, oldest first. */
  entries: LogEntry[];
  /** Attempts in flight: id → arrival. */
  pending: Map<string, number>;
  windowMs: number;
}

/** Enough for a busy site's distinct client IPs in one minute; the oldest idle keys go first. */
const DEFAULT_MAX_KEYS = 50_000;

/**
 * An exact sliding log per key, in memory. Memory stays bounded: keys are kept in least recently
 * used order, fully expired logs are swept a few at a time on every hit, and beyond `maxKeys` the
 * least recently used key is dropped (that client's budget starts over, the safe direction for
 * memory and the only one available once the bound is hit).
 *
 * The Redis store also keeps one as its mirror: `mirror` and `record` copy what Redis counted, so
 * an outage continues from the window Redis had rather than from zero.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly logs = new Map<string, Log>();
  private sequence = 0;

  constructor(private readonly maxKeys = DEFAULT_MAX_KEYS) {}

  async hit(key: string, rule: RateLimitRule, now = Date.now()): Promise<HitResult> {
    const log = this.touch(key, rule.windowMs, now);
    if (log.entries.length < rule.limit) {
      log.entries.push({ at: now, id: '' });
      return { allowed: true, remaining: rule.limit - log.entries.length, retryAfterMs: 0 };
    }
    return { allowed: false, remaining: 0, retryAfterMs: retryAfter(log, rule, now) };
  }

  async attempt(key: string, rule: RateLimitRule, now = Date.now()): Promise<AttemptResult> {
    const log = this.touch(key, rule.windowMs, now);
    if (log.entries.length >= rule.limit)
      return { outcome: 'refused', retryAfterMs: retryAfter(log, rule, now) };
    if (log.entries.length + log.pending.size >= rule.limit) return { outcome: 'busy' };
    const id = `m${this.sequence++}`;
    log.pending.set(id, now);
    return { outcome: 'go', settle: async (success) => this.settle(key, id, success) };
  }

  /** Replaces the key's counted requests with what Redis holds (attempts in flight stay). */
  mirror(key: string, windowMs: number, entries: LogEntry[], now: number): void {
    const log = this.touch(key, windowMs, now);
    log.entries = entries;
  }

  /** Counts one request for the key unless an entry with its id is already there. */
  record(key: string, windowMs: number, entry: LogEntry): void {
    const log = this.touch(key, windowMs, entry.at);
    if (!log.entries.some((e) => e.id === entry.id)) insert(log.entries, entry);
  }

  async close(): Promise<void> {
    this.logs.clear();
  }

  /** Number of keys held (for tests of the memory bound). */
  get size(): number {
    return this.logs.size;
  }

  private settle(key: string, id: string, success: boolean): void {
    const log = this.logs.get(key);
    if (!log) return;
    const at = log.pending.get(id);
    log.pending.delete(id);
    // A success also takes back a failure its expired lease left (a login slower than the lease).
    if (success) log.entries = log.entries.filter((e) => e.id !== id);
    else if (at !== undefined) insert(log.entries, { at, id });
  }

  /** The key's log, expired entries dropped, leases past due turned into failures, marked most recently used. */
  private touch(key: string, windowMs: number, now: number): Log {
    const log = this.logs.get(key) ?? { entries: [], pending: new Map(), windowMs };
    // Out of the map while sweeping, so the sweep can never drop it; re-inserting marks it recent.
    this.logs.delete(key);
    log.windowMs = windowMs;
    for (const [id, at] of log.pending) {
      if (at > now - ATTEMPT_LEASE_MS) continue;
      log.pending.delete(id);
      insert(log.entries, { at, id });
    }
    const cutoff = now - windowMs;
    let expired = 0;
    while (expired < log.entries.length && (log.entries[expired]?.at ?? Number.POSITIVE_INFINITY) <= cutoff)
      expired++;
    if (expired > 0) log.entries.splice(0, expired);
    this.sweep(now);
    this.logs.set(key, log);
    return log;
  }

  private sweep(now: number): void {
    for (let checked = 0; checked < 2; checked++) {
      const oldest = this.logs.entries().next();
      if (oldest.done) return;
      const [key, log] = oldest.value;
      const newest = log.entries[log.entries.length - 1];
      if (log.pending.size > 0 || (newest !== undefined && newest.at > now - log.windowMs)) break;
      this.logs.delete(key);
    }
    while (this.logs.size >= this.maxKeys) {
      const oldest = this.logs.keys().next();
      if (oldest.done) return;
      this.logs.delete(oldest.value);
    }
  }
}

/** Milliseconds until the entry that keeps the log at its limit leaves the window (≥ 1). */
function retryAfter(log: Log, rule: RateLimitRule, now: number): number {
  const oldest = log.entries[log.entries.length - rule.limit]?.at ?? now;
  return Math.max(1, oldest + rule.windowMs - now);
}

/** Keeps entries in time order (a failure is stamped at its arrival, after later arrivals may have been). */
function insert(entries: LogEntry[], entry: LogEntry): void {
  let index = entries.length;
  while (index > 0 && (entries[index - 1]?.at ?? 0) > entry.at) index--;
  entries.splice(index, 0, entry);
}
