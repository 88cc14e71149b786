import type { RestingBook } from './book.js';
import type { Instrument } from './instrument.js';
import type { CancelReason, Order, Side } from './order.js';
import type { SyntheticDepth } from './synthetic-depth.js';

/** One instrument's market: the accounts' resting orders, the synthetic makers and the three prices. */
export interface Market {
  readonly instrument: Instrument;
  readonly book: RestingBook;
  readonly depth: SyntheticDepth;
  index: number;
  mark: number;
  /** Price of the last trade on this core, or the mark until the first one. */
  last: number;
}

export interface MatchHooks {
  /** What a resting order can still fill (its remainder, capped for reduce-only); 0 means it must go. */
  fillable(maker: Order): number;
  retire(maker: Order, reason: CancelReason): void;
  /** One execution at `price`; `maker` null when the other side is the synthetic market. */
  trade(taker: Order, maker: Order | null, size: number, price: number): void;
}

export const opposite = (side: Side): Side => (side === 'buy' ? 'sell' : 'buy');

/** Whether `price` is acceptable to a taker on `side` with `limit` (Infinity/0 for none). */
const within = (side: Side, price: number, limit: number) =>
  side === 'buy' ? price <= limit : price >= limit;

/**
 * Takes liquidity for `order` in price-time priority across the resting orders and the synthetic levels (a
 * resting order goes first at an equal price: it was there before the makers refreshed), never beyond `limit`,
 * until `wanted()` is 0 or nothing acceptable is left. Every execution is at the resting price.
 */
export function matchTaker(
  market: Market,
  order: Order,
  limit: number,
  wanted: () => number,
  hooks: MatchHooks,
): void {
  const makerSide = opposite(order.side);
  const better = (a: number, b: number) => (order.side === 'buy' ? a < b : a > b);
  for (let want = wanted(); want > 0; want = wanted()) {
    const resting = market.book.best(makerSide);
    const synthetic = market.depth.best(makerSide);
    if (resting && (!synthetic || !better(synthetic.level.price, resting.price!))) {
      if (!within(order.side, resting.price!, limit)) return;
      if (resting.account === order.account) {
        hooks.retire(resting, 'self_trade');
        continue;
      }
      const can = hooks.fillable(resting);
      if (can <= 0) {
        hooks.retire(resting, 'reduce_only');
        continue;
      }
      hooks.trade(order, resting, Math.min(want, can), resting.price!);
    } else if (synthetic) {
      const { k, level } = synthetic;
      if (!within(order.side, level.price, limit)) return;
      const size = Math.min(want, level.size);
      market.depth.consume(makerSide, k, size);
      hooks.trade(order, null, size, level.price);
    } else return;
  }
}

/**
 * How much `order` could fill right now within `limit`, up to `enough` (for fill-or-kill: all or nothing).
 * The account's own resting orders do not count: meeting them cancels them instead of trading.
 */
export function liquidityWithin(
  market: Market,
  order: Order,
  limit: number,
  enough: number,
  fillable: (maker: Order) => number,
): number {
  const makerSide = opposite(order.side);
  let total = 0;
  for (const resting of market.book.side(makerSide)) {
    if (total >= enough || !within(order.side, resting.price!, limit)) break;
    if (resting.account !== order.account) total += fillable(resting);
  }
  for (let k = 0; total < enough; k++) {
    const level = market.depth.level(makerSide, k);
    if (!level || !within(order.side, level.price, limit)) break;
    total += level.size;
  }
  return total;
}

/** Best opposite price a new order would meet (resting or synthetic), for post-only and margin estimates. */
export function touch(market: Market, makerSide: Side): number | undefined {
  const resting = market.book.best(makerSide)?.price ?? undefined;
  const synthetic = market.depth.best(makerSide)?.level.price;
  if (resting === undefined) return synthetic;
  if (synthetic === undefined) return resting;
  return makerSide === 'sell' ? Math.min(resting, synthetic) : Math.max(resting, synthetic);
}
