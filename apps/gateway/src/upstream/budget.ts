import { AppError } from '@app/kit';
import { sleep } from './backoff.js';
import type { BucketStore } from './bucket-store.js';
import type { BudgetObserver } from './upstream-metrics.js';
import type { Environment, UpstreamRequest } from './upstream-types.js';

/**
 * Outbound budgets in the venue's own units (Deribit credits, Hyperliquid weights, IBKR requests), spent
 * before a request leaves, so the gateway stays inside the limits the venue enforces instead of learning
 * them from its refusals. Declared per host by the upstream's module; one budget per upstream, environment
 * and host, shared by every instance through Redis when REDIS_URL is set.
 */

/** One leaky bucket of the venue. */
export interface PoolSpec {
  /** Units the pool holds when full: the burst. */
  capacity: number;
  refillPerSecond: number;
  /**
   * Units held back for writes: a read waits while it would take the pool below this, a write may use it,
   * so polling bots never starve an order or a cancel. Should cover a read's longest wait
   * (refillPerSecond × the budget wait) so writes never queue behind reads.
   */
  writeReserve?: number;
}

export interface BudgetSpec {
  pools: Readonly<Record<string, PoolSpec>>;
  /** What one attempt of a request spends, by pool, by the venue's rules (method, info type, page size). */
  cost(request: UpstreamRequest): Readonly<Record<string, number>>;
}

export interface BudgetOptions {
  spec: BudgetSpec;
  store: BucketStore;
  /** `<upstream>:<environment>:<host>`, the bucket keys' prefix. */
  key: string;
  upstream: string;
  environment: Environment;
  /** Longest a request waits for its units before it is refused. */
  maxWaitMs: number;
  metrics?: BudgetObserver;
}

export function upstreamRateLimited(
  upstream: string,
  environment: Environment,
  retryAfterMs: number,
  reason: 'budget' | 'venue',
): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(
    429,
    'UPSTREAM_RATE_LIMITED',
    reason === 'budget'
      ? `${upstream} (${environment}) request budget is spent; retry in ${seconds} s`
      : `${upstream} (${environment}) refused the request for its rate limit; retry in ${seconds} s`,
    {
      retryable: true,
      headers: { 'retry-after': String(seconds) },
      details: { upstream, environment, reason, retry_after_ms: Math.ceil(retryAfterMs) },
    },
  );
}

export class Budget {
  readonly #options: BudgetOptions;

  constructor(options: BudgetOptions) {
    this.#options = options;
    for (const [name, pool] of Object.entries(options.spec.pools))
      if (!(pool.capacity > 0 && pool.refillPerSecond > 0 && (pool.writeReserve ?? 0) < pool.capacity))
        throw new Error(`${options.key}: budget pool ${name} needs capacity > writeReserve ≥ 0 and a refill`);
  }

  /**
   * Reserves this attempt's units and waits until they are there; refuses with 429 and Retry-After when the
   * wait would pass `maxWaitMs` or the call's deadline (`deadlineMs`, epoch ms on `now`'s clock).
   */
  async spend(request: UpstreamRequest, remainingMs = Number.POSITIVE_INFINITY): Promise<void> {
    const metrics = this.#options.metrics;
    let waitMs: number;
    try {
      waitMs = await this.#reserve(request, Math.min(this.#options.maxWaitMs, remainingMs));
    } catch (error) {
      metrics?.refused();
      throw error;
    }
    if (waitMs > 0) {
      metrics?.waited(waitMs / 1000);
      await sleep(waitMs);
    }
  }

  /**
   * Reserves without waiting, the write reserve included: false when the units are not there now.
   * For readiness probes, whose one cheap call a round must not wait behind polling reads.
   */
  async trySpend(request: UpstreamRequest): Promise<boolean> {
    try {
      return (await this.#reserve({ ...request, idempotent: false }, 0)) === 0;
    } catch {
      return false;
    }
  }

  /**
   * The venue refused `request` for its rate limit: nothing more leaves from the pools it spends from until
   * `retryAfterMs` has passed. Other pools (order entry when a read was refused) go on.
   */
  async drain(request: UpstreamRequest, retryAfterMs: number): Promise<void> {
    const { spec, store, key } = this.#options;
    await Promise.all(
      Object.keys(spec.cost(request)).map((name) =>
        store.drain(`${key}:${name}`, spec.pools[name]!, retryAfterMs),
      ),
    );
  }

  async #reserve(request: UpstreamRequest, maxWaitMs: number): Promise<number> {
    const { spec, store, key, upstream, environment } = this.#options;
    let waitMs = 0;
    for (const [name, units] of Object.entries(spec.cost(request))) {
      const pool = spec.pools[name];
      if (!pool) throw new Error(`${key}: no budget pool ${name}`);
      const floor = request.idempotent ? (pool.writeReserve ?? 0) : 0;
      const answer = await store.reserve(`${key}:${name}`, pool, units, floor, maxWaitMs);
      if ('retryAfterMs' in answer)
        throw upstreamRateLimited(upstream, environment, answer.retryAfterMs, 'budget');
      waitMs = Math.max(waitMs, answer.waitMs);
    }
    return waitMs;
  }
}
