import type { Instrument } from './instrument.js';
import type { OrderRequest, RejectReason, Side, Trigger } from './order.js';
import { onGrid } from './steps.js';

/**
 * The checks that need only the request and the instrument, in Deribit's documented order (size, then price,
 * then trigger). Prices and sizes off the tick or lot are rejected, never rounded: all three venues reject them,
 * and a simulator that silently rounded would hide the client's bug.
 */
export function staticProblem(instrument: Instrument, request: OrderRequest): RejectReason | null {
  const { size, price, type, trigger } = request;
  if (!(Number.isFinite(size) && size > 0)) return 'invalid_size';
  if (!onGrid(size, instrument.lotSize)) return 'size_not_on_lot';
  if (size < instrument.minSize) return 'size_below_minimum';
  if (type === 'limit' && price === undefined) return 'price_required';
  if (price !== undefined) {
    if (!(Number.isFinite(price) && price > 0)) return 'invalid_price';
    if (!onGrid(price, instrument.tickSize)) return 'price_not_on_tick';
  }
  if (trigger) {
    if (!(Number.isFinite(trigger.price) && trigger.price > 0)) return 'bad_trigger_price';
    if (!onGrid(trigger.price, instrument.tickSize)) return 'price_not_on_tick';
  }
  return null;
}

/**
 * Whether the reference has crossed the trigger: a stop buys when the price rises to it and sells when it falls
 * to it; a take-profit buys when the price falls to it and sells when it rises to it.
 */
export function triggerCrossed(trigger: Trigger, side: Side, reference: number): boolean {
  const upward = (trigger.kind === 'stop') === (side === 'buy');
  return upward ? reference >= trigger.price : reference <= trigger.price;
}
