/**
 * Venue rate limits, as the frame runs them for a venue simulator: named
 * leaky buckets, one per caller (an IP, a token), refilled continuously on
 * real elapsed time. Never on the simulated market clock: tests pin that
 * clock, and a pinned clock would never refill a bucket.
 *
 * The venue decides which bucket a request goes to, who the caller is and
 * what it costs, and answers a refusal in its own wire format; the frame owns
 * the numbers, the on/off switch and the count of refused requests (what a
 * test asserts when it says "the gateway never hit a venue limit").
 */

/** One bucket's numbers. */
export interface LimitRule {
  /** What a full bucket holds (Deribit credits, Hyperliquid weight); a new caller starts full. */
  pool: number;
  /** Refill per second of real time, continuous. */
  refillPerSecond: number;
  /**
   * What one request costs when the venue charges a flat price in this bucket (Deribit's credits per call);
   * absent when the venue weighs each request itself (Hyperliquid passes the weight to `take`).
   */
  cost?: number;
}

export type LimitRules = Record<string, LimitRule>;

/** How an instance's limits start: on, with the venue's numbers, unless told otherwise. */
export interface LimitSettings {
  /** False: every request passes and nothing is counted. True by default. */
  enabled?: boolean;
  /** Numbers per bucket, merged over the venue's own, e.g. `{ non_matching_engine: { pool: 1_500 } }`. */
  rules?: Record<string, Partial<LimitRule>>;
}

/** Which refused requests to count: a bucket, a method, a path prefix (all when omitted). */
export interface RefusalFilter {
  bucket?: string;
  method?: string;
  path?: string;
}

interface Balance {
  units: number;
  at: number;
}

/** What `GET /__sim/stats` shows of an instance's limits. */
export interface LimitStats {
  enabled: boolean;
  rules: LimitRules;
  /** Refused requests: in all, and by `"<bucket> <METHOD> <path>"`. */
  rateLimited: { total: number; by: Record<string, number> };
}

const MAX_CALLERS = 10_000;
const MAX_REFUSAL_KEYS = 10_000;

function checkRule(bucket: string, rule: Partial<LimitRule>): void {
  for (const [field, value] of Object.entries(rule)) {
    if (field !== 'pool' && field !== 'refillPerSecond' && field !== 'cost')
      throw new Error(`limit rule ${bucket}: unknown field ${field}`);
    if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value) || value < 0))
      throw new Error(`limit rule ${bucket}.${field} must be a finite number >= 0`);
  }
}

/** The rate limits of one simulator instance (`SimInstance.limits`, `SimContext.limits`). */
export class RateLimits {
  /** Switch per instance: `instance.limits.enabled = false` lets everything through. */
  enabled: boolean;
  private readonly table: LimitRules;
  private readonly balances = new Map<string, Balance>();
  private readonly refusals = new Map<string, number>();

  /**
   * @param defaults the venue's buckets and numbers
   * @param clock milliseconds of real elapsed time (performance.now); a test of this class may drive it
   */
  constructor(
    defaults: LimitRules,
    settings: LimitSettings = {},
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.table = Object.fromEntries(Object.entries(defaults).map(([name, rule]) => [name, { ...rule }]));
    this.enabled = settings.enabled ?? true;
    for (const [bucket, rule] of Object.entries(settings.rules ?? {})) this.set(bucket, rule);
  }

  /** The buckets and their current numbers. */
  get rules(): Readonly<LimitRules> {
    return Object.fromEntries(Object.entries(this.table).map(([name, rule]) => [name, { ...rule }]));
  }

  /** Changes a bucket's numbers; every caller's balance in it starts over, full at the new pool. */
  set(bucket: string, rule: Partial<LimitRule>): void {
    const current = this.table[bucket];
    if (!current)
      throw new Error(`no rate-limit bucket ${bucket} (known: ${Object.keys(this.table).join(', ')})`);
    checkRule(bucket, rule);
    const defined = Object.fromEntries(Object.entries(rule).filter(([, value]) => value !== undefined));
    this.table[bucket] = { ...current, ...defined };
    for (const key of this.balances.keys()) if (key.startsWith(`${bucket}\n`)) this.balances.delete(key);
  }

  /**
   * Takes `cost` (the bucket's flat cost when omitted) from the caller's balance. False, and the request is
   * counted as refused, when the balance cannot cover it; true (nothing taken) while limits are off.
   */
  take(bucket: string, caller: string, request: { method: string; url: string }, cost?: number): boolean {
    if (!this.enabled) return true;
    const price = cost ?? this.rule(bucket).cost ?? 1;
    const balance = this.balance(bucket, caller);
    if (balance.units >= price) {
      balance.units -= price;
      return true;
    }
    const path = request.url.split('?')[0] ?? '/';
    const key = `${bucket} ${request.method} ${path}`;
    if (this.refusals.has(key) || this.refusals.size < MAX_REFUSAL_KEYS)
      this.refusals.set(key, (this.refusals.get(key) ?? 0) + 1);
    return false;
  }

  /**
   * Charges weight known only once the answer is built (Hyperliquid's extra weight per items returned). Never
   * refuses: the balance may go below zero, and the caller's next requests wait for the refill.
   */
  charge(bucket: string, caller: string, cost: number): void {
    if (!this.enabled || cost <= 0) return;
    this.balance(bucket, caller).units -= cost;
  }

  /** What a caller has left in a bucket now (the full pool for a caller not seen yet); may be below zero. */
  remaining(bucket: string, caller: string): number {
    const rule = this.rule(bucket);
    const balance = this.balances.get(`${bucket}\n${caller}`);
    if (!balance) return rule.pool;
    return Math.min(rule.pool, balance.units + ((this.clock() - balance.at) / 1000) * rule.refillPerSecond);
  }

  /** Every caller's balance full again (and counters kept). */
  refill(): void {
    this.balances.clear();
  }

  /** How many requests were refused, optionally only of a bucket, a method or a path prefix. */
  rateLimited({ bucket, method, path }: RefusalFilter = {}): number {
    let total = 0;
    for (const [key, count] of this.refusals) {
      const [keyBucket, keyMethod, keyPath] = key.split(' ') as [string, string, string];
      if (
        (bucket === undefined || bucket === keyBucket) &&
        (method === undefined || method === keyMethod) &&
        (path === undefined || keyPath.startsWith(path))
      )
        total += count;
    }
    return total;
  }

  /** Forgets the refusals counted so far. */
  resetCounts(): void {
    this.refusals.clear();
  }

  stats(): LimitStats {
    return {
      enabled: this.enabled,
      rules: this.rules,
      rateLimited: { total: this.rateLimited(), by: Object.fromEntries(this.refusals) },
    };
  }

  private rule(bucket: string): LimitRule {
    const rule = this.table[bucket];
    if (!rule) throw new Error(`no rate-limit bucket ${bucket}`);
    return rule;
  }

  /** The caller's balance in a bucket, brought up to date with the refill since it was last touched. */
  private balance(bucket: string, caller: string): Balance {
    const rule = this.rule(bucket);
    const key = `${bucket}\n${caller}`;
    const now = this.clock();
    let balance = this.balances.get(key);
    if (!balance) {
      if (this.balances.size >= MAX_CALLERS) this.balances.clear();
      balance = { units: rule.pool, at: now };
      this.balances.set(key, balance);
    }
    balance.units = Math.min(rule.pool, balance.units + ((now - balance.at) / 1000) * rule.refillPerSecond);
    balance.at = now;
    return balance;
  }
}

/** Settings applied over others: `enabled` of the later wins, rules merge bucket by bucket. */
export function mergeLimitSettings(...layers: (LimitSettings | undefined)[]): LimitSettings {
  const merged: LimitSettings = {};
  const rules: Record<string, Partial<LimitRule>> = {};
  for (const layer of layers) {
    if (!layer) continue;
    if (layer.enabled !== undefined) merged.enabled = layer.enabled;
    for (const [bucket, rule] of Object.entries(layer.rules ?? {}))
      rules[bucket] = { ...rules[bucket], ...rule };
  }
  if (Object.keys(rules).length > 0) merged.rules = rules;
  return merged;
}
