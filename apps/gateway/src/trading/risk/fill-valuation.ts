import { riskRefusal } from './risk-errors.js';

/**
 * What an order can execute at (docs/architecture.md, "Risk"): the leverage cap and the notional limits count
 * |size| × the price the order can fill at, not its stated price. A sell limit at 1 fills at the bid, so
 * valuing it at 1 would let it through any cap. Pure: the venue plans fetch the book and the mark, this
 * values them, and nothing has been sent when it refuses.
 */

/** One price level, `[price, size]`, size in the order's units. */
export type Level = readonly [price: number, size: number];

/** Both sides of a venue's book, best first (bids descending, asks ascending). */
export interface Book {
  bids: readonly Level[];
  asks: readonly Level[];
}

export interface ValuedOrder {
  venue: string;
  instrument: string;
  side: 'buy' | 'sell';
  /** Positive, in the book's units. */
  size: number;
  /**
   * The order's limit; for a market order the venue's protection price (perpdex: the mid moved by the
   * slippage; optx: the price band); absent when nothing bounds the price.
   */
  limit?: number;
  /**
   * Trigger orders: the price that fires them. They are valued as filling once the market is at the trigger,
   * `limit` being their limit or the trigger moved by the venue's bound; the book of now is not walked.
   */
  trigger?: number;
}

export interface FillValue {
  /** Worst case of |size| × fill price, in the quote currency. */
  notional: number;
  /** notional / size: the worst-case average price. */
  price: number;
  /** The size that executes against the book now; the rest rests at its limit. */
  walked: number;
}

/** Sizes are decimals: a remainder this small relative to the order is rounding, not an unfilled part. */
const EPSILON = 1e-9;

const REASONS = {
  no_mark: 'no reference price',
  empty_book: 'the side of the book it would execute against is empty',
  book_too_thin: 'the book cannot absorb it and nothing bounds its price',
  no_bound: 'a trigger order to buy needs a limit or a slippage bound',
} as const;

function priceUnknown(
  order: Pick<ValuedOrder, 'venue' | 'instrument' | 'side'>,
  reason: keyof typeof REASONS,
  figures: Record<string, unknown> = {},
) {
  return riskRefusal(
    'PRICE_UNKNOWN',
    `${order.venue} cannot price a ${order.side} of ${order.instrument}: ${REASONS[reason]}`,
    {
      risk_check: 'fill_valuation',
      venue: order.venue,
      instrument: order.instrument,
      side: order.side,
      reason,
      ...figures,
    },
  );
}

const validMark = (mark: number | undefined): mark is number =>
  mark !== undefined && Number.isFinite(mark) && mark > 0;

/**
 * The order's worst-case notional against `book`: the marketable part walks the far side's levels within
 * its limit; what is left rests at the limit, where a buy fills at that price or below and a sell at that
 * price or above, so a resting sell counts at max(limit, mark, best bid). Throws 503 PRICE_UNKNOWN when the
 * price cannot be known (no mark, an empty far side, a market order the book cannot absorb).
 */
export function worstCaseFill(book: Book, order: ValuedOrder, mark: number | undefined): FillValue {
  if (!validMark(mark)) throw priceUnknown(order, 'no_mark', { size: order.size });
  if (order.trigger !== undefined) return triggerFill(book, order, mark);
  const buy = order.side === 'buy';
  const far = buy ? book.asks : book.bids;
  if (!far.some(([, size]) => size > 0)) throw priceUnknown(order, 'empty_book', { size: order.size, mark });
  const { limit } = order;
  let left = order.size;
  let notional = 0;
  for (const [price, size] of far) {
    if (left <= order.size * EPSILON) break;
    // Best first: the first level past the limit ends the marketable part.
    if (limit !== undefined && (buy ? price > limit : price < limit)) break;
    if (!(size > 0)) continue;
    const fill = Math.min(left, size);
    notional += fill * price;
    left -= fill;
  }
  if (left <= order.size * EPSILON) left = 0;
  if (left > 0) {
    if (limit === undefined)
      throw priceUnknown(order, 'book_too_thin', { size: order.size, absorbable: order.size - left, mark });
    notional += left * restingPrice(order.side, limit, mark, book);
  }
  return { notional, price: notional / order.size, walked: order.size - left };
}

/** A resting buy fills at its limit or below; a resting sell at its limit or above, so at least the market. */
function restingPrice(side: 'buy' | 'sell', limit: number, mark: number, book: Book): number {
  return side === 'buy' ? limit : Math.max(limit, mark, book.bids[0]?.[0] ?? 0);
}

function triggerFill(book: Book, order: ValuedOrder, mark: number): FillValue {
  const trigger = order.trigger!;
  let price: number;
  if (order.side === 'buy') {
    if (order.limit === undefined) throw priceUnknown(order, 'no_bound', { size: order.size, trigger });
    price = order.limit;
  } else {
    // Fired, it sells at the market of then (the trigger) or of now if it fires at once, never below its limit.
    price = Math.max(order.limit ?? 0, trigger, mark, book.bids[0]?.[0] ?? 0);
  }
  return { notional: price * order.size, price, walked: 0 };
}

export interface CollarOrder {
  venue: string;
  instrument: string;
  side: 'buy' | 'sell';
  limit: number;
}

/**
 * The price collar: a limit further than `collarPct` % from the reference on the marketable side (a buy
 * above mark × (1 + c), a sell below mark × (1 − c)) is a fat finger, refused with 422 PRICE_COLLAR. A limit
 * far away on the passive side only rests, and passes. The reference is the mark, or for a trigger order its
 * trigger price (where the market is when it fires).
 */
export function checkPriceCollar(
  order: CollarOrder,
  reference: number | undefined,
  collarPct: number,
  referenceKind: 'mark' | 'trigger' = 'mark',
): void {
  if (!validMark(reference)) throw priceUnknown(order, 'no_mark', { limit: order.limit });
  const buy = order.side === 'buy';
  const bound = reference * (buy ? 1 + collarPct / 100 : 1 - collarPct / 100);
  if (buy ? order.limit <= bound : order.limit >= bound) return;
  throw riskRefusal(
    'PRICE_COLLAR',
    `${order.venue} ${order.side} limit ${order.limit} on ${order.instrument} is more than ${collarPct}% ${buy ? 'above' : 'below'} the ${referenceKind} ${reference}`,
    {
      risk_check: 'price_collar',
      venue: order.venue,
      instrument: order.instrument,
      side: order.side,
      limit: order.limit,
      mark: reference,
      reference: referenceKind,
      collar_pct: collarPct,
      bound,
    },
  );
}

/** What a venue plan knows of the market when it prices an order. */
export interface Market {
  book: Book;
  mark: number | undefined;
  collarPct: number;
}

/** An order as a venue plan prices it: `collared` when its limit is the bot's own price, not a protection price. */
export type PricedOrder = ValuedOrder & { collared: boolean };

/** The collar of the order's own limit: against the mark, or for a trigger order against its trigger. */
export function checkOwnLimit(order: PricedOrder, market: Market): void {
  if (!order.collared || order.limit === undefined) return;
  const triggered = order.trigger !== undefined;
  checkPriceCollar(
    { ...order, limit: order.limit },
    triggered ? order.trigger : market.mark,
    market.collarPct,
    triggered ? 'trigger' : 'mark',
  );
}

/** The collar, then the worst-case fill: the one call a venue plan makes per leg. */
export function priceOrder(order: PricedOrder, market: Market): FillValue {
  checkOwnLimit(order, market);
  return worstCaseFill(market.book, order, market.mark);
}
