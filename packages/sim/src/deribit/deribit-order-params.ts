import type { Instrument } from '../exchange/instrument.js';
import type { OrderRequest, RejectReason, Side, Trigger } from '../exchange/order.js';
import { onGrid } from '../exchange/steps.js';
import type { SimInstrument } from './deribit-catalogue.js';
import { OPTX_ACCOUNT, type OptxMarket } from './deribit-exchange.js';
import {
  invalidParams,
  oneOfParam,
  optionalBoolean,
  optionalString,
  type Query,
  RpcError,
  requiredString,
} from './deribit-rpc.js';

/** `private/buy|sell` parameters (notes §5.5) read into a core order request, with Deribit's checks and codes. */

const ORDER_TYPES = ['limit', 'market', 'stop_limit', 'stop_market', 'take_limit', 'take_market'] as const;
const TIME_IN_FORCE = {
  good_til_cancelled: 'gtc',
  good_til_day: 'gtc',
  fill_or_kill: 'fok',
  immediate_or_cancel: 'ioc',
} as const;
const TRIGGERS = { mark_price: 'mark', index_price: 'index', last_price: 'last' } as const;

export function tradedInstrument(market: OptxMarket, name: string): SimInstrument {
  const sim = market.instruments.get(name);
  if (!sim) throw invalidParams('instrument not found', 'instrument_name');
  return sim;
}

function number(query: Query, name: string): number | undefined {
  const text = optionalString(query, name);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^-?\d+(\.\d+)?(e-?\d+)?$/i.test(text) || !Number.isFinite(value))
    throw invalidParams('wrong format', name);
  return value;
}

/** Deribit's step for a price: the instrument's tick, or the coarser tick above `above_price` (options). */
export function tickAt(sim: SimInstrument, price: number): number {
  const steps = (sim.wire.tick_size_steps ?? []) as { above_price: number; tick_size: number }[];
  let tick = sim.tick;
  for (const step of steps) if (price >= step.above_price) tick = step.tick_size;
  return tick;
}

/** The order's size in amount units: `amount`, or `contracts` × contract size; both must agree. */
function sizeOf(query: Query, sim: SimInstrument): number {
  const amount = number(query, 'amount');
  const contracts = number(query, 'contracts');
  const contractSize = Number(sim.wire.contract_size ?? 1);
  if (amount === undefined && contracts === undefined) throw invalidParams('value is required', 'amount');
  const fromContracts = contracts === undefined ? undefined : contracts * contractSize;
  if (amount !== undefined && fromContracts !== undefined && Math.abs(amount - fromContracts) > 1e-9)
    throw invalidParams('amount and contracts do not match', 'contracts');
  return (amount ?? fromContracts)!;
}

export function orderRequest(market: OptxMarket, side: Side, query: Query): OrderRequest {
  const sim = tradedInstrument(market, requiredString(query, 'instrument_name'));
  const type = oneOfParam(query, 'type', ORDER_TYPES) ?? 'limit';
  const size = sizeOf(query, sim);
  const price = number(query, 'price');
  const label = optionalString(query, 'label');
  if (label !== undefined && label.length > 64) throw invalidParams('label too long', 'label');
  const tif = oneOfParam(
    query,
    'time_in_force',
    Object.keys(TIME_IN_FORCE) as (keyof typeof TIME_IN_FORCE)[],
  );
  const postOnly = optionalBoolean(query, 'post_only') ?? false;
  const rejectPostOnly = optionalBoolean(query, 'reject_post_only') ?? false;
  const limitPriced = type === 'limit' || type === 'stop_limit' || type === 'take_limit';
  if (limitPriced && price === undefined) throw invalidParams('value is required', 'price');
  if (price !== undefined && limitPriced && !onGrid(price, tickAt(sim, price)))
    throw new RpcError(10043, 'price_wrong_tick');
  let trigger: Trigger | undefined;
  if (type !== 'limit' && type !== 'market') {
    const source = oneOfParam(query, 'trigger', Object.keys(TRIGGERS) as (keyof typeof TRIGGERS)[]);
    if (!source) throw invalidParams('value is required', 'trigger');
    const triggerPrice = number(query, 'trigger_price');
    if (triggerPrice === undefined) throw invalidParams('value is required', 'trigger_price');
    if (!(triggerPrice > 0)) throw new RpcError(11036, 'invalid_trigger_price');
    if (!onGrid(triggerPrice, tickAt(sim, triggerPrice)))
      throw new RpcError(10044, 'trigger_price_wrong_tick');
    trigger = {
      kind: type.startsWith('stop') ? 'stop' : 'take_profit',
      price: triggerPrice,
      reference: TRIGGERS[source],
    };
  }
  if (sim.kind === 'future' && limitPriced && price !== undefined) checkBand(market, sim, side, price);
  return {
    account: OPTX_ACCOUNT,
    symbol: sim.name,
    side,
    type: limitPriced ? 'limit' : 'market',
    size,
    ...(limitPriced ? { price } : {}),
    timeInForce: TIME_IN_FORCE[tif ?? 'good_til_cancelled'],
    ...(postOnly ? { postOnly: rejectPostOnly ? 'reject' : 'reprice' } : {}),
    reduceOnly: optionalBoolean(query, 'reduce_only') ?? false,
    ...(label ? { clientId: label } : {}),
    ...(trigger ? { trigger } : {}),
  };
}

/** Futures prices within the ticker's band (mark ± 1.5 %, `min_price`/`max_price`): 10007 / 10005 outside. */
function checkBand(market: OptxMarket, sim: SimInstrument, side: Side, price: number): void {
  const { mark } = market.core.prices(sim.name);
  const max = sim.quote.round(mark * 1.015);
  const min = sim.quote.round(mark * 0.985);
  if (side === 'buy' && price > max) throw new RpcError(10007, `price_too_high ${max}`);
  if (side === 'sell' && price < min) throw new RpcError(10005, `price_too_low ${min}`);
}

/** A core rejection as Deribit's error (notes §1.5). */
export function rejection(reason: RejectReason, instrument: Instrument | undefined): RpcError {
  switch (reason) {
    case 'unknown_instrument':
      return invalidParams('instrument not found', 'instrument_name');
    case 'invalid_size':
      return new RpcError(10021, 'invalid_amount');
    case 'size_not_on_lot':
      return instrument?.settlement === 'inverse'
        ? new RpcError(10027, 'non_integer_contract_amount')
        : new RpcError(10021, 'invalid_amount');
    case 'size_below_minimum':
      return new RpcError(10002, 'qty_too_low');
    case 'price_required':
      return invalidParams('value is required', 'price');
    case 'invalid_price':
      return new RpcError(10023, 'invalid_price');
    case 'price_not_on_tick':
      return new RpcError(10043, 'price_wrong_tick');
    case 'bad_trigger_price':
      return new RpcError(11036, 'invalid_trigger_price');
    case 'post_only_would_cross':
      return new RpcError(11054, 'post_only_reject');
    case 'reduce_only_would_increase':
      return new RpcError(11029, 'invalid_arguments', {
        reason: 'reduce_only order would increase the position',
      });
    case 'insufficient_margin':
      return new RpcError(10009, 'not_enough_funds');
    case 'no_liquidity':
      return new RpcError(10001, 'error', { reason: 'no liquidity' });
  }
}
