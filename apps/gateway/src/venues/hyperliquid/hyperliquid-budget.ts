import { INTERVAL_MS, isInterval } from '../../domain/intervals.js';
import type { BudgetSpec } from '../../upstream/budget.js';
import type { UpstreamRequest } from '../../upstream/upstream-types.js';

/**
 * Hyperliquid's IP budget in its own unit, weight (notes §10): 1200 per minute shared by `/info` and
 * `/exchange`. The gateway keeps to 1000 a minute (a margin for clock skew and other clients on the same
 * address), and holds 50 back for orders and cancels.
 */
const LIGHT_INFO = new Set([
  'l2Book',
  'allMids',
  'clearinghouseState',
  'orderStatus',
  'spotClearinghouseState',
  'exchangeStatus',
]);
const PER_20_ITEMS = new Set([
  'recentTrades',
  'historicalOrders',
  'userFills',
  'userFillsByTime',
  'fundingHistory',
  'userFunding',
  'nonUserFundingUpdates',
]);
/** What a `per 20 items` request is assumed to return before it has: the venue's usual page. */
const ASSUMED_ITEMS = 500;
const MAX_CANDLES = 5_000;

export function hyperliquidWeight(request: UpstreamRequest): number {
  const body = (request.body ?? {}) as {
    type?: string;
    req?: Record<string, unknown>;
    action?: { orders?: unknown[]; cancels?: unknown[] };
  };
  if (request.path === '/exchange') {
    const batch = body.action?.orders?.length ?? body.action?.cancels?.length ?? 1;
    return 1 + Math.floor(batch / 40);
  }
  const type = body.type ?? '';
  if (LIGHT_INFO.has(type)) return 2;
  if (type === 'userRole') return 60;
  if (type === 'candleSnapshot') return 20 + Math.ceil(expectedCandles(body.req) / 60);
  if (PER_20_ITEMS.has(type)) return 20 + Math.ceil(ASSUMED_ITEMS / 20);
  return 20;
}

/** Candles a snapshot can return: the bars from start to end, both bounds' bars included, capped. */
function expectedCandles(req: Record<string, unknown> | undefined): number {
  const interval = String(req?.interval ?? '');
  const start = Number(req?.startTime);
  const end = Number(req?.endTime);
  if (!isInterval(interval) || !Number.isFinite(start) || !Number.isFinite(end)) return MAX_CANDLES;
  return Math.min(MAX_CANDLES, Math.max(1, Math.floor((end - start) / INTERVAL_MS[interval]) + 2));
}

export const hyperliquidBudget: BudgetSpec = {
  pools: { weight: { capacity: 1_000, refillPerSecond: 1_000 / 60, writeReserve: 50 } },
  cost: (request) => ({ weight: hyperliquidWeight(request) }),
};
