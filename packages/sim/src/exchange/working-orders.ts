import type { Order } from './order.js';

const NONE: ReadonlySet<Order> = new Set();

/**
 * Each account's working orders (not yet final), oldest first, and the reduce-only ones among them, which venues
 * retire when the position is gone after every action: kept as orders start and end rather than filtered from
 * every order on each question.
 */
export class WorkingOrders {
  readonly #all = new Map<string, Set<Order>>();
  readonly #reduceOnly = new Map<string, Set<Order>>();

  add(order: Order): void {
    setOf(this.#all, order.account).add(order);
    if (order.reduceOnly) setOf(this.#reduceOnly, order.account).add(order);
  }

  remove(order: Order): void {
    this.#all.get(order.account)?.delete(order);
    this.#reduceOnly.get(order.account)?.delete(order);
  }

  of(account: string): ReadonlySet<Order> {
    return this.#all.get(account) ?? NONE;
  }

  reduceOnlyOf(account: string): ReadonlySet<Order> {
    return this.#reduceOnly.get(account) ?? NONE;
  }
}

function setOf(sets: Map<string, Set<Order>>, account: string): Set<Order> {
  let set = sets.get(account);
  if (!set) {
    set = new Set();
    sets.set(account, set);
  }
  return set;
}
