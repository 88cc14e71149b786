import type { Order, Side } from './order.js';

/**
 * The orders of the simulator's own accounts resting on one instrument, in price-time priority: bids highest
 * first, asks lowest first, earlier sequence first at one price. The synthetic makers are not in here
 * (synthetic-depth.ts); the matcher walks both.
 */
export class RestingBook {
  readonly bids: Order[] = [];
  readonly asks: Order[] = [];

  side(side: Side): Order[] {
    return side === 'buy' ? this.bids : this.asks;
  }

  add(order: Order): void {
    const list = this.side(order.side);
    const before = (other: Order) => ranksBefore(order, other);
    // Binary search for the first resting order the new one ranks before.
    let low = 0;
    let high = list.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (before(list[mid]!)) high = mid;
      else low = mid + 1;
    }
    list.splice(low, 0, order);
  }

  remove(order: Order): void {
    const list = this.side(order.side);
    const at = list.indexOf(order);
    if (at >= 0) list.splice(at, 1);
  }

  best(side: Side): Order | undefined {
    return this.side(side)[0];
  }
}

function ranksBefore(order: Order, other: Order): boolean {
  const price = order.price!;
  const otherPrice = other.price!;
  if (price !== otherPrice) return order.side === 'buy' ? price > otherPrice : price < otherPrice;
  return order.sequence < other.sequence;
}
