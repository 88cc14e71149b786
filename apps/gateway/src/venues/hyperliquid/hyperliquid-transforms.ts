import { AppError } from '@app/kit';
import type { Candle } from '../../domain/candle.js';
import { upstreamStatusError } from '../../upstream/upstream-errors.js';
import type { UpstreamResponse } from '../../upstream/upstream-types.js';
import type { PerpMarketRecord } from './perp-market.js';

/**
 * Pure readers of Hyperliquid `/info` replies. Prices, sizes and rates are
 * decimal strings on the wire (notes §5.1) and are parsed as numbers here.
 */

export interface PerpAsset {
  name: string;
  szDecimals: number;
  maxLeverage: number;
  isDelisted?: boolean;
  onlyIsolated?: boolean;
  [field: string]: unknown;
}

export interface PerpMeta {
  universe: PerpAsset[];
}

/** A market record with what it was read from. */
export interface PerpMarket extends PerpMarketRecord {
  /** Universe entry and asset context as received. */
  native: { meta: PerpAsset; context: Record<string, unknown> | null };
}

const bad = (what: string) =>
  new AppError(502, 'UPSTREAM_BAD_RESPONSE', `perpdex returned an unexpected ${what}`, {
    details: { upstream: 'perpdex' },
  });

/** Maps non-200 replies: 422 text means the gateway sent a body the API cannot read (our bug, not retryable). */
export function readBody(response: UpstreamResponse, what: string): unknown {
  if (response.status === 200) return response.body;
  throw upstreamStatusError('perpdex', response, what);
}

/** Decimal string (or number) → number; null/absent → null. */
export function decimal(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const parsed = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

export function readMeta(body: unknown): PerpMeta {
  const universe = (body as PerpMeta | null)?.universe;
  if (!Array.isArray(universe) || universe.some((asset) => typeof asset?.name !== 'string'))
    throw bad('meta');
  return { universe };
}

export function readMarkets(body: unknown): PerpMarket[] {
  if (!Array.isArray(body) || body.length !== 2 || !Array.isArray(body[1])) throw bad('metaAndAssetCtxs');
  const meta = readMeta(body[0]);
  const contexts = body[1] as Record<string, unknown>[];
  return meta.universe.map((asset, i) => {
    const context = contexts[i] ?? null;
    return {
      asset: asset.name,
      mark_price: decimal(context?.markPx),
      funding_rate: decimal(context?.funding),
      open_interest: decimal(context?.openInterest),
      volume_24h: decimal(context?.dayNtlVlm),
      max_leverage: asset.maxLeverage,
      native: { meta: asset, context },
    };
  });
}

/** Mids of perps only: spot pairs (`PURR/USDC`, `@107`) share the map and are dropped. */
export function readMids(body: unknown): Record<string, number> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw bad('allMids');
  const mids: Record<string, number> = {};
  for (const [coin, value] of Object.entries(body)) {
    const price = decimal(value);
    if (price !== null && !coin.includes('/') && !coin.startsWith('@')) mids[coin] = price;
  }
  return mids;
}

interface WireCandle {
  t: number;
  o: string;
  h: string;
  l: string;
  c: string;
  v: string;
}

export function readCandles(body: unknown): Candle[] {
  if (body === null) return [];
  if (!Array.isArray(body)) throw bad('candleSnapshot');
  return (body as WireCandle[]).map((candle) => {
    const row = {
      timestamp: candle.t,
      open: Number(candle.o),
      high: Number(candle.h),
      low: Number(candle.l),
      close: Number(candle.c),
      volume: Number(candle.v),
    };
    if (!Number.isSafeInteger(row.timestamp) || Number.isNaN(row.close)) throw bad('candle');
    return row;
  });
}
