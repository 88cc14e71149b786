import type { PositionView } from '../exchange/margin.js';
import type { Order } from '../exchange/order.js';
import { OPTX_ACCOUNT, type OptxMarket } from './deribit-exchange.js';
import { tradedInstrument } from './deribit-order-params.js';
import { positionWire, tradeWire } from './deribit-order-wire.js';
import { ofType, ownOrder, type PrivateMethod, wireOf } from './deribit-private-orders.js';
import { invalidParams, oneOfParam, optionalString, type Query, requiredString } from './deribit-rpc.js';

/** Account reads on the core: positions, account summary, open orders, order state, user trades (notes §5.1–§5.4). */

const CURRENCIES = ['BTC', 'ETH', 'USDC', 'USDT', 'EURR'] as const;
const OPEN_TYPES = [
  'all',
  'limit',
  'trigger_all',
  'stop_all',
  'stop_limit',
  'stop_market',
  'take_all',
  'take_limit',
  'take_market',
  'trailing_all',
  'trailing_stop',
] as const;
const KINDS = ['future', 'option', 'spot', 'future_combo', 'option_combo', 'combo', 'any'] as const;

function currencyParam(query: Query, name = 'currency', allowAny = false): string {
  const currency = requiredString(query, name);
  if (!(CURRENCIES as readonly string[]).includes(currency) && !(allowAny && currency === 'any'))
    throw invalidParams('invalid currency', name);
  return currency;
}

const inCurrency = (market: OptxMarket, symbol: string, currency: string, kind?: string) => {
  const sim = market.instruments.get(symbol)!;
  return (
    (currency === 'any' || sim.listedUnder === currency) && (!kind || kind === 'any' || sim.kind === kind)
  );
};

/** `type=all` lists the orders that work in the book; untriggered ones need `trigger_all` (spec, notes §5.4). */
function openOrders(market: OptxMarket, filter: (order: Readonly<Order>) => boolean, type: string) {
  return market.core
    .openOrders(OPTX_ACCOUNT)
    .filter(filter)
    .filter((order) => (type === 'all' ? order.trigger === null : ofType(order, type)))
    .map((order) => wireOf(market, order));
}

const positionRow = (market: OptxMarket, view: PositionView) =>
  positionWire(view, market.instruments.get(view.symbol)!, market.quote(view.symbol).index);

function summary(market: OptxMarket, currency: string, extended: boolean) {
  const s = market.core.summary(OPTX_ACCOUNT, currency);
  const positions = market.core.positions(OPTX_ACCOUNT).filter((p) => inCurrency(market, p.symbol, currency));
  const delta = positions.reduce((sum, p) => sum + Number(positionRow(market, p).delta), 0);
  const round = (value: number) => Math.round(value * 1e8) / 1e8;
  return {
    currency,
    equity: round(s.equity),
    balance: round(s.balance),
    margin_balance: round(s.equity),
    available_funds: round(s.availableFunds),
    available_withdrawal_funds: round(Math.max(0, Math.min(s.balance, s.availableFunds))),
    initial_margin: round(s.initialMargin + s.openOrderMargin),
    maintenance_margin: round(s.maintenanceMargin),
    projected_initial_margin: round(s.initialMargin + s.openOrderMargin),
    projected_maintenance_margin: round(s.maintenanceMargin),
    delta_total: round(delta),
    projected_delta_total: round(delta),
    total_pl: round(s.unrealisedPnl + positions.reduce((sum, p) => sum + p.realisedPnl, 0)),
    session_upl: round(s.unrealisedPnl),
    session_rpl: 0,
    fee_balance: 0,
    spot_reserve: 0,
    additional_reserve: 0,
    margin_model: 'cross_sm',
    portfolio_margining_enabled: false,
    cross_collateral_enabled: false,
    limits: { non_matching_engine: { rate: 20, burst: 100 }, matching_engine: { rate: 5, burst: 20 } },
    ...(extended
      ? { id: 1, username: 'sim', system_name: 'sim', type: 'main', creation_timestamp: 1_700_000_000_000 }
      : {}),
  };
}

function userTrades(market: OptxMarket, keep: (symbol: string) => boolean, query: Query) {
  const count = Math.min(1000, Number(optionalString(query, 'count') ?? 10) || 10);
  const desc = optionalString(query, 'sorting') !== 'asc';
  const fills = market.core.fills(OPTX_ACCOUNT).filter((fill) => keep(fill.symbol));
  const ordered = desc ? [...fills].reverse() : fills;
  const trades = ordered.slice(0, count).map((fill) => {
    const order = market.core.order(fill.orderId)!;
    return tradeWire(fill, order, market.instruments.get(fill.symbol)!, market.quote(fill.symbol));
  });
  return { trades, has_more: ordered.length > count };
}

export const accountMethods: Record<string, PrivateMethod> = {
  get_account_summary: (market, query) =>
    summary(market, currencyParam(query), optionalString(query, 'extended') === 'true'),

  get_positions: (market, query) => {
    const currency = optionalString(query, 'currency') ?? 'any';
    if (currency !== 'any') currencyParam(query);
    const kind = oneOfParam(query, 'kind', KINDS);
    return market.core
      .positions(OPTX_ACCOUNT)
      .filter((p) => inCurrency(market, p.symbol, currency, kind))
      .map((p) => positionRow(market, p));
  },

  get_position: (market, query) =>
    positionRow(
      market,
      market.core.position(
        OPTX_ACCOUNT,
        tradedInstrument(market, requiredString(query, 'instrument_name')).name,
      ),
    ),

  get_open_orders_by_currency: (market, query) => {
    const currency = currencyParam(query);
    const kind = oneOfParam(query, 'kind', KINDS);
    const type = oneOfParam(query, 'type', OPEN_TYPES) ?? 'all';
    return openOrders(market, (order) => inCurrency(market, order.symbol, currency, kind), type);
  },

  get_open_orders_by_instrument: (market, query) => {
    const sim = tradedInstrument(market, requiredString(query, 'instrument_name'));
    const type = oneOfParam(query, 'type', OPEN_TYPES) ?? 'all';
    return openOrders(market, (order) => order.symbol === sim.name, type);
  },

  get_open_orders: (market, query) => {
    const kind = oneOfParam(query, 'kind', KINDS);
    const type = oneOfParam(query, 'type', OPEN_TYPES) ?? 'all';
    return openOrders(market, (order) => inCurrency(market, order.symbol, 'any', kind), type);
  },

  get_order_state: (market, query) => wireOf(market, ownOrder(market, requiredString(query, 'order_id'))),

  get_order_state_by_label: (market, query) => {
    const currency = currencyParam(query);
    const label = requiredString(query, 'label');
    return market.core
      .ordersByClientId(OPTX_ACCOUNT, label)
      .filter((order) => inCurrency(market, order.symbol, currency))
      .map((order) => wireOf(market, order));
  },

  get_user_trades_by_instrument: (market, query) => {
    const sim = tradedInstrument(market, requiredString(query, 'instrument_name'));
    return userTrades(market, (symbol) => symbol === sim.name, query);
  },

  get_user_trades_by_currency: (market, query) => {
    const currency = currencyParam(query);
    return userTrades(market, (symbol) => inCurrency(market, symbol, currency), query);
  },
};
