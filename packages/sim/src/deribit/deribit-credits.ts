/**
 * Deribit's credit model (notes §1.6): a leaky bucket per caller; each request
 * costs credits, the pool refills continuously; an empty pool answers 10028
 * `too_many_requests`. `get_instruments` has its own, pricier bucket.
 */

interface Bucket {
  credits: number;
  at: number;
}

export interface CreditRule {
  cost: number;
  pool: number;
  refillPerSecond: number;
}

export const DEFAULT_RULE: CreditRule = { cost: 500, pool: 50_000, refillPerSecond: 10_000 };
export const INSTRUMENTS_RULE: CreditRule = { cost: 10_000, pool: 500_000, refillPerSecond: 10_000 };
const MAX_CALLERS = 10_000;

export class CreditLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly now: () => number) {}

  /** Takes the cost from the caller's bucket; false when the pool cannot cover it. */
  take(caller: string, method: string): boolean {
    const rule = method === 'get_instruments' ? INSTRUMENTS_RULE : DEFAULT_RULE;
    const key = `${rule === INSTRUMENTS_RULE ? 'instruments' : 'default'}:${caller}`;
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { credits: rule.pool, at: now };
    bucket.credits = Math.min(rule.pool, bucket.credits + ((now - bucket.at) / 1000) * rule.refillPerSecond);
    bucket.at = now;
    if (this.buckets.size >= MAX_CALLERS && !this.buckets.has(key)) this.buckets.clear();
    this.buckets.set(key, bucket);
    if (bucket.credits < rule.cost) return false;
    bucket.credits -= rule.cost;
    return true;
  }
}
