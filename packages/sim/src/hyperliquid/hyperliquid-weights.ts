import type { LimitRules } from '../frame/limits.js';

/**
 * Hyperliquid's IP limit (notes §10): a budget of 1200 weight per minute per
 * IP, shared by `/info` and `/exchange`, refilled continuously here (20 a
 * second). Exceeding it is HTTP 429. The frame runs the bucket (`RateLimits`,
 * on real elapsed time); this file names it and weighs each request.
 */

export const HYPERLIQUID_LIMITS = {
  ip_weight: { pool: 1200, refillPerSecond: 20 },
} satisfies LimitRules;

export type HyperliquidBucket = keyof typeof HYPERLIQUID_LIMITS;

const LIGHT_INFO = new Set([
  'l2Book',
  'allMids',
  'clearinghouseState',
  'orderStatus',
  'spotClearinghouseState',
  'exchangeStatus',
]);

/** Info types that cost extra weight per 20 items returned. */
const PER_20_ITEMS = new Set([
  'recentTrades',
  'historicalOrders',
  'userFills',
  'userFillsByTime',
  'fundingHistory',
  'userFunding',
  'nonUserFundingUpdates',
  'twapHistory',
  'userTwapSliceFills',
  'userTwapSliceFillsByTime',
  'delegatorHistory',
  'delegatorRewards',
  'validatorStats',
]);

const typeOf = (body: unknown): unknown =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as { type?: unknown }).type : undefined;

/** Weight of a `/info` request before its answer: 2 for the light types, 60 for `userRole`, 20 otherwise. */
export function infoWeight(body: unknown): number {
  const type = typeOf(body);
  if (typeof type === 'string' && LIGHT_INFO.has(type)) return 2;
  if (type === 'userRole') return 60;
  return 20;
}

/**
 * Extra weight once the answer is known: `ceil(items / 60)` for `candleSnapshot`, `ceil(items / 20)` for the
 * list types of §10 (the rounding is unverified upstream; the notes assume ceil).
 */
export function itemsWeight(body: unknown, answer: unknown): number {
  const type = typeOf(body);
  if (!Array.isArray(answer) || typeof type !== 'string') return 0;
  if (type === 'candleSnapshot') return Math.ceil(answer.length / 60);
  if (PER_20_ITEMS.has(type)) return Math.ceil(answer.length / 20);
  return 0;
}

/** Weight of a `/exchange` request: `1 + floor(batch_length / 40)`, the batch being the action's array. */
export function exchangeWeight(body: unknown): number {
  const action =
    body && typeof body === 'object' ? (body as { action?: Record<string, unknown> }).action : undefined;
  const batch =
    action && typeof action === 'object'
      ? [action.orders, action.cancels, action.modifies].find((value) => Array.isArray(value))
      : undefined;
  return 1 + Math.floor((Array.isArray(batch) ? batch.length : 0) / 40);
}

/**
 * The venue's answer to a request over the budget: HTTP 429 with the JSON body `null`. The notes leave the
 * body unverified; `null` is what public reports of the official Python SDK's error show
 * (`ClientError(429, None, 'null', None, {...})`, i.e. status 429, body text `null`, no error code).
 */
export const RATE_LIMIT_BODY = 'null';
