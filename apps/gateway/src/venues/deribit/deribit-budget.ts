import type { BudgetSpec } from '../../upstream/budget.js';
import type { UpstreamRequest, UpstreamResponse } from '../../upstream/upstream-types.js';

/**
 * Deribit's credit model (notes §1.6), at the notes' client guidance: 15 plain requests a second
 * (500 credits each) of the venue's 20, `get_instruments` (10 000 credits) about once a second, and order
 * entry (the matching engine's own tier) 4 a second, counted in requests.
 */
const MATCHING_ENGINE = /^\/private\/(buy|sell|edit|cancel|cancel_all\w*|cancel_by_label|close_position)$/;

export function deribitCost(request: UpstreamRequest): Record<string, number> {
  if (MATCHING_ENGINE.test(request.path)) return { matching: 1 };
  if (request.path === '/public/get_instruments') return { instruments: 10_000 };
  return { credits: 500 };
}

export const deribitBudget: BudgetSpec = {
  pools: {
    credits: { capacity: 40_000, refillPerSecond: 7_500, writeReserve: 5_000 },
    instruments: { capacity: 400_000, refillPerSecond: 8_000 },
    matching: { capacity: 16, refillPerSecond: 4 },
  },
  cost: deribitCost,
};

/** Deribit says "too many requests" with error 10028, whatever the HTTP status (notes §13 item 3). */
export const deribitRateLimited = (response: UpstreamResponse): boolean =>
  (response.body as { error?: { code?: unknown } } | null)?.error?.code === 10028;
