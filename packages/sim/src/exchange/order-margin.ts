import type { Accounts } from './accounts.js';
import { contractValue } from './instrument.js';
import { leverageOf } from './margin.js';
import { type Market, opposite, touch } from './matching.js';
import type { MarketLookup } from './observed-markets.js';
import { isFinal, type Order, sideSign } from './order.js';

/** Initial margin for the part of the order that would add to the position, at its price (or the touch). */
export function addedMargin(accounts: Accounts, market: Market, order: Order): number {
  const position = accounts.position(order.account, order.symbol).size;
  const after = position + sideSign(order.side) * (order.size - order.filled);
  const added = Math.max(0, Math.abs(after) - Math.abs(position));
  if (added === 0) return 0;
  const price = order.price ?? touch(market, opposite(order.side)) ?? market.mark;
  return (
    contractValue(market.instrument, added, price) /
    leverageOf(accounts.get(order.account), market.instrument)
  );
}

/** Initial margin one working order reserves at its price (a market trigger at its trigger price, else the mark). */
function reservation(accounts: Accounts, market: Market, order: Order): number {
  const price = order.price ?? order.trigger?.price ?? market.mark;
  return (
    contractValue(market.instrument, order.size - order.filled, price) /
    leverageOf(accounts.get(order.account), market.instrument)
  );
}

/** An order without a price or a trigger reserves at the mark, which moves: it is never summed ahead. */
const atMark = (order: Order) => order.price === null && order.trigger === null;

/** The sums of one account's reservations over its working orders up to `through` (by id), per currency. */
interface Summed {
  through: number;
  sums: Map<string, number>;
  /** Working orders created since (ids above `through`), oldest first: summed when next asked for. */
  pending: Order[];
}

/**
 * Initial margin reserved by an account's working orders that could add exposure, in one settlement currency:
 * the sum of `reservation` over them in creation order. Conservative: an order that would only reduce a
 * position still reserves unless it is reduce-only.
 *
 * Kept per account rather than walked on every order (the walk made each order cost as much as the account
 * had resting): the sum over the orders up to some id is kept, and new orders are added to it in id order
 * when next asked for. Ids only grow and the working orders are kept in creation order, so these are the
 * walk's own additions in the walk's order: the same number to the last bit. Whatever changes what a summed
 * order reserves (fill, size, price, state, leverage) drops the account's sums, and the next question starts
 * again from the first working order.
 */
export class ReservedMargins {
  readonly #summed = new Map<string, Summed>();

  constructor(
    private readonly accounts: Accounts,
    private readonly markets: MarketLookup,
    private readonly working: (account: string) => Iterable<Order>,
  ) {}

  /** A new working order: it joins the sums when next asked for. */
  added(order: Order): void {
    this.#summed.get(order.account)?.pending.push(order);
  }

  /** What `order` reserves may have changed: drops its account's sums if they hold it. */
  changed(order: Order): void {
    const summed = this.#summed.get(order.account);
    if (summed && order.id <= summed.through) this.#summed.delete(order.account);
  }

  /** The account's leverage changed: every reservation of it may have. */
  leverageChanged(account: string): void {
    this.#summed.delete(account);
  }

  /** The margin the account's working orders but `except` reserve in `currency`. */
  of(account: string, currency: string, except?: Order): number {
    const summed = this.#summed.get(account) ?? this.#start(account);
    // Sums ahead the pending orders up to `except` (its price may still change) or one at the mark; an
    // order that ended meanwhile is no longer working and reserves nothing.
    let at = 0;
    for (; at < summed.pending.length; at++) {
      const order = summed.pending[at]!;
      if (order === except || (atMark(order) && !isFinal(order))) break;
      summed.through = order.id;
      if (isFinal(order) || order.reduceOnly) continue;
      const market = this.markets.get(order.symbol)!;
      const key = market.instrument.settlementCurrency;
      summed.sums.set(key, (summed.sums.get(key) ?? 0) + reservation(this.accounts, market, order));
    }
    summed.pending.splice(0, at);
    let reserved = summed.sums.get(currency) ?? 0;
    for (const order of summed.pending) {
      if (order === except || order.reduceOnly || isFinal(order)) continue;
      const market = this.markets.get(order.symbol)!;
      if (market.instrument.settlementCurrency === currency)
        reserved += reservation(this.accounts, market, order);
    }
    return reserved;
  }

  /** Sums nothing yet: every working order is pending. */
  #start(account: string): Summed {
    const summed: Summed = { through: 0, sums: new Map(), pending: [...this.working(account)] };
    this.#summed.set(account, summed);
    return summed;
  }
}
