import type { Fill, Side } from '../exchange/order.js';
import { OPTX_ACCOUNT, type OptxMarket } from './deribit-exchange.js';
import { orderRequest, rejection, tradedInstrument } from './deribit-order-params.js';
import { orderWire, tradeWire } from './deribit-order-wire.js';
import { invalidParams, optionalString, type Query, RpcError, requiredString } from './deribit-rpc.js';

/**
 * Combos (notes §6): `private/create_combo` registers a structure (legs with integer ratios, negative =
 * opposite to the combo trade) and returns the existing combo for the same structure; `private/buy|sell` on
 * the combo id trades every leg at once. The simulator executes a combo order immediately: a market order, or
 * a limit whose price is at least the structure's mark (buy) or at most it (sell), fills every leg at market;
 * a limit that does not cross is cancelled unfilled (the simulator keeps no combo book).
 */

interface Leg {
  instrument_name: string;
  amount: number;
}

interface Combo {
  id: string;
  instrument_id: number;
  legs: Leg[];
  creation_timestamp: number;
}

const registries = new WeakMap<OptxMarket, Map<string, Combo>>();

function combosOf(market: OptxMarket): Map<string, Combo> {
  const known = registries.get(market);
  if (known) return known;
  const combos = new Map<string, Combo>();
  registries.set(market, combos);
  return combos;
}

const wire = (combo: Combo) => ({ ...combo, state: 'active', state_timestamp: combo.creation_timestamp });

export function createCombo(market: OptxMarket, query: Query, now: number) {
  let trades: { instrument_name?: unknown; direction?: unknown; amount?: unknown }[];
  try {
    trades = JSON.parse(requiredString(query, 'trades'));
  } catch {
    throw invalidParams('wrong format', 'trades');
  }
  if (!Array.isArray(trades) || trades.length < 2 || trades.length > 4)
    throw invalidParams('wrong format', 'trades');
  const legs = trades.map((trade) => {
    const sim = tradedInstrument(market, String(trade.instrument_name));
    const ratio = Number(trade.amount ?? 1);
    if (!Number.isInteger(ratio) || ratio <= 0) throw invalidParams('wrong format', 'trades');
    if (trade.direction !== 'buy' && trade.direction !== 'sell')
      throw invalidParams('wrong format', 'trades');
    return { instrument_name: sim.name, amount: trade.direction === 'buy' ? ratio : -ratio };
  });
  const coins = new Set(legs.map((leg) => market.instruments.get(leg.instrument_name)!.spec.coin));
  if (coins.size !== 1) throw new RpcError(13036, 'unavailable_for_combo_books');
  const key = JSON.stringify([...legs].sort((a, b) => a.instrument_name.localeCompare(b.instrument_name)));
  const combos = combosOf(market);
  const existing = [...combos.values()].find((combo) => comboKey(combo) === key);
  if (existing) return wire(existing);
  const combo: Combo = {
    id: `${[...coins][0]}-COMBO-${combos.size + 1}`,
    instrument_id: 900_000 + combos.size + 1,
    legs,
    creation_timestamp: now,
  };
  combos.set(combo.id, combo);
  return wire(combo);
}

const comboKey = (combo: Combo) =>
  JSON.stringify([...combo.legs].sort((a, b) => a.instrument_name.localeCompare(b.instrument_name)));

export const isCombo = (market: OptxMarket, name: string | undefined) =>
  name !== undefined && combosOf(market).has(name);

/** A combo order: every leg at market for `amount` × its ratio, or nothing when a limit does not cross. */
export function comboOrder(market: OptxMarket, side: Side, query: Query, now: number) {
  const combo = combosOf(market).get(requiredString(query, 'instrument_name'))!;
  const amount = Number(requiredString(query, 'amount'));
  if (!(amount > 0)) throw new RpcError(10021, 'invalid_amount');
  const type = optionalString(query, 'type') ?? 'limit';
  const label = optionalString(query, 'label');
  const legSide = (ratio: number): Side => (ratio > 0 === (side === 'buy') ? 'buy' : 'sell');
  const mark = combo.legs.reduce((sum, leg) => sum + leg.amount * market.quote(leg.instrument_name).mark, 0);
  const price = type === 'market' ? undefined : Number(requiredString(query, 'price'));
  const crosses = price === undefined || (side === 'buy' ? price >= mark : price <= mark);
  const requests = combo.legs.map((leg) =>
    orderRequest(market, legSide(leg.amount), {
      instrument_name: leg.instrument_name,
      amount: String(amount * Math.abs(leg.amount)),
      type: 'market',
      ...(label ? { label } : {}),
    }),
  );
  const trades: Record<string, unknown>[] = [];
  let filled = 0;
  if (crosses)
    for (const request of requests) {
      const { order, fills } = market.core.place(request);
      if (order.state === 'rejected')
        throw rejection(order.rejectReason ?? 'invalid_size', market.core.instrument(order.symbol));
      const sim = market.instruments.get(order.symbol)!;
      const prices = market.quote(order.symbol);
      trades.push(
        ...fills.map((fill: Fill) => ({ ...tradeWire(fill, order, sim, prices), combo_id: combo.id })),
      );
      filled = amount;
    }
  const first = market.instruments.get(combo.legs[0]!.instrument_name)!;
  const order = {
    ...orderWire(
      {
        id: combo.instrument_id * 1000 + trades.length,
        account: OPTX_ACCOUNT,
        symbol: combo.id,
        side,
        type: price === undefined ? 'market' : 'limit',
        size: amount,
        price: price ?? null,
        timeInForce: 'ioc',
        postOnly: null,
        reduceOnly: false,
        clientId: label ?? null,
        trigger: null,
        state: crosses ? 'filled' : 'cancelled',
        filled,
        averagePrice: crosses ? Math.round(mark * 1e8) / 1e8 : 0,
        fees: 0,
        createdAt: now,
        updatedAt: now,
        history: [],
        rejectReason: null,
        cancelReason: crosses ? null : 'immediate_or_cancel',
        triggerOrderId: null,
        triggeredOrderId: null,
        ocoGroup: null,
        primaryOrderId: null,
        sequence: 0,
      },
      first,
    ),
    instrument_name: combo.id,
  };
  return { order, trades };
}
