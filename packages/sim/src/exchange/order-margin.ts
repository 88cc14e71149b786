import type { Accounts } from './accounts.js';
import { contractValue } from './instrument.js';
import { leverageOf } from './margin.js';
import { type Market, opposite, touch } from './matching.js';
import { type Order, sideSign } from './order.js';

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

/**
 * Initial margin reserved by an account's working orders that could add exposure, at their price (a market
 * trigger at its trigger price), in one settlement currency. Conservative: an order that would only reduce a
 * position still reserves unless it is reduce-only.
 */
export function reservedMargin(
  accounts: Accounts,
  markets: ReadonlyMap<string, Market>,
  working: Iterable<Order>,
  account: string,
  currency: string,
  except?: Order,
): number {
  const state = accounts.get(account);
  let reserved = 0;
  for (const other of working) {
    if (other === except || other.reduceOnly) continue;
    const market = markets.get(other.symbol)!;
    if (market.instrument.settlementCurrency !== currency) continue;
    const price = other.price ?? other.trigger?.price ?? market.mark;
    reserved +=
      contractValue(market.instrument, other.size - other.filled, price) /
      leverageOf(state, market.instrument);
  }
  return reserved;
}
