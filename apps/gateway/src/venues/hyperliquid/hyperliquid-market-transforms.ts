import { decimal } from './hyperliquid-transforms.js';

/** Pure readers of Hyperliquid's public market replies (notes §4.4, 4.5, 4.10–4.12): strings become numbers. */

type Json = Record<string, unknown>;
const n = (value: unknown) => decimal(value) ?? 0;

export interface BookLevel {
  price: number;
  size: number;
  orders: number;
}

export interface Book {
  bids: BookLevel[];
  asks: BookLevel[];
  time: number;
}

export function readBook(body: unknown): Book | null {
  if (!body || typeof body !== 'object') return null;
  const book = body as { levels?: Json[][]; time?: number };
  const side = (levels: Json[] | undefined) =>
    (levels ?? []).map((level) => ({ price: n(level.px), size: n(level.sz), orders: Number(level.n ?? 0) }));
  return { bids: side(book.levels?.[0]), asks: side(book.levels?.[1]), time: Number(book.time ?? 0) };
}

export interface PublicTrade {
  coin: string;
  side: 'buy' | 'sell';
  price: number;
  size: number;
  time: string;
  trade_id: number;
}

export const readTrades = (body: unknown): PublicTrade[] =>
  ((Array.isArray(body) ? body : []) as Json[]).map((trade) => ({
    coin: String(trade.coin),
    side: trade.side === 'B' ? 'buy' : 'sell',
    price: n(trade.px),
    size: n(trade.sz),
    time: new Date(Number(trade.time)).toISOString(),
    trade_id: Number(trade.tid),
  }));

export interface FundingRecord {
  time: string;
  rate_hourly: number;
  premium: number | null;
}

export const readFundingHistory = (body: unknown): FundingRecord[] =>
  ((Array.isArray(body) ? body : []) as Json[]).map((row) => ({
    time: new Date(Number(row.time)).toISOString(),
    rate_hourly: n(row.fundingRate),
    premium: decimal(row.premium),
  }));

export interface PredictedFunding {
  venue: string;
  rate_per_interval: number;
  interval_hours: number;
  /** The rate over one hour, so venues with 8-hour intervals compare with Hyperliquid's hourly one. */
  rate_hourly: number;
  next_funding_time: string;
}

/** `[coin, [[venue, data|null], ...]]` per coin → the coin's venues; null data skipped. */
/** A plain record (not a Map): cached answers may be shared through Redis as JSON. */
export function readPredicted(body: unknown): Record<string, PredictedFunding[]> {
  const byCoin: Record<string, PredictedFunding[]> = {};
  for (const entry of (Array.isArray(body) ? body : []) as [string, [string, Json | null][]][]) {
    const venues: PredictedFunding[] = [];
    for (const [venue, data] of entry[1] ?? []) {
      if (!data) continue;
      const hours =
        typeof data.fundingIntervalHours === 'number'
          ? data.fundingIntervalHours
          : venue === 'HlPerp'
            ? 1
            : 8;
      const rate = n(data.fundingRate);
      venues.push({
        venue,
        rate_per_interval: rate,
        interval_hours: hours,
        rate_hourly: rate / hours,
        next_funding_time: new Date(Number(data.nextFundingTime)).toISOString(),
      });
    }
    byCoin[entry[0]] = venues;
  }
  return byCoin;
}

export interface SpotPair {
  pair: string;
  base: string;
  mark_price: number | null;
  mid_price: number | null;
}

/** Spot pairs with their base token name (L1 names: UBTC, UETH), contexts matched by `coin`, not position. */
export function readSpot(body: unknown): SpotPair[] {
  if (!Array.isArray(body) || body.length !== 2) return [];
  const meta = body[0] as { tokens?: Json[]; universe?: Json[] };
  const contexts = new Map(((body[1] ?? []) as Json[]).map((ctx) => [String(ctx.coin), ctx]));
  const tokens = new Map((meta.tokens ?? []).map((token) => [Number(token.index), String(token.name)]));
  return (meta.universe ?? []).flatMap((pair) => {
    const [base, quote] = (pair.tokens as number[] | undefined) ?? [];
    if (tokens.get(quote ?? -1) !== 'USDC') return [];
    const ctx = contexts.get(String(pair.name));
    return [
      {
        pair: String(pair.name),
        base: tokens.get(base ?? -1) ?? '',
        mark_price: decimal(ctx?.markPx),
        mid_price: decimal(ctx?.midPx),
      },
    ];
  });
}
