import { venuePrice } from '../market/candles.js';
import { streamId, uniform } from '../market/hash.js';
import { pricePath } from '../market/price-path.js';
import { catalogue } from './deribit-catalogue.js';
import type { OptxMarket } from './deribit-exchange.js';
import { ticker } from './deribit-market.js';
import {
  invalidParams,
  oneOfParam,
  optionalBoolean,
  optionalString,
  type Query,
  RpcError,
  requiredInteger,
  requiredString,
} from './deribit-rpc.js';

/**
 * Public methods that read the exchange core, so market data and trading agree: `ticker` (top of book, mark
 * and index from the core), `get_order_book` (resting orders and synthetic makers, notes §4.3) and the
 * public trades (§4.4): a trade stream derived from the price path (one print per slot, sized by the
 * instrument's liquidity) merged with the account's own fills. Instruments the core does not trade (spot,
 * stale listings) fall through to the pure public methods.
 */

const DEPTHS = ['1', '5', '10', '20', '50', '100', '1000', '10000'] as const;
type Method = (market: OptxMarket, now: number, query: Query) => unknown;

function traded(market: OptxMarket, query: Query) {
  const name = requiredString(query, 'instrument_name');
  return market.instruments.get(name);
}

function coreTicker(market: OptxMarket, now: number, name: string): Record<string, unknown> {
  const sim = market.instruments.get(name)!;
  const prices = market.core.prices(name);
  const book = market.core.book(name, 1);
  return {
    ...ticker(market.seed, sim, now),
    best_bid_price: book.bids[0]?.price ?? null,
    best_bid_amount: book.bids[0]?.size ?? 0,
    best_ask_price: book.asks[0]?.price ?? null,
    best_ask_amount: book.asks[0]?.size ?? 0,
    mark_price: prices.mark,
    index_price: prices.index,
    estimated_delivery_price: prices.index,
    last_price: prices.last,
    min_price: sim.quote.round(prices.mark * 0.985),
    max_price: sim.quote.round(prices.mark * 1.015),
  };
}

/** Milliseconds between two market prints of an instrument: 5 s for the liquid perpetuals, at most an hour. */
const slotMs = (liquidity: number) => Math.min(3_600_000, Math.max(5_000, Math.round(5_000 / liquidity)));

function marketTrades(market: OptxMarket, name: string, from: number, to: number, limit: number) {
  const sim = market.instruments.get(name)!;
  const slot = slotMs(sim.liquidity);
  const lot = Number(sim.wire.min_trade_amount);
  const out: Record<string, unknown>[] = [];
  const stream = streamId(`trades:${name}`);
  const first = Math.max(Math.ceil(from / slot), Math.floor((to - slot * limit * 2) / slot));
  for (let k = first; k * slot <= to && out.length < limit * 2; k++) {
    const at = k * slot;
    if (at < from || at < sim.creation) continue;
    const u = uniform(market.seed, stream, k);
    out.push({
      trade_id: `${stream % 100_000}${k}`,
      trade_seq: k,
      timestamp: at,
      instrument_name: name,
      price: sim.quote.round(venuePrice(sim.quote, at)),
      amount: Math.max(lot, Math.round(u * 20 + 1) * lot),
      direction: u < 0.5 ? 'buy' : 'sell',
      tick_direction: u < 0.5 ? 0 : 2,
      mark_price: sim.quote.round(venuePrice(sim.quote, at)),
      index_price: Math.round(pricePath(market.seed, sim.spec).priceAt(at) * 100) / 100,
    });
  }
  return out;
}

function trades(market: OptxMarket, now: number, query: Query, timed: boolean) {
  const sim = traded(market, query);
  if (!sim) throw invalidParams('instrument not found', 'instrument_name');
  const count = Math.min(1000, Math.max(1, Number(optionalString(query, 'count') ?? 10) || 10));
  const start = timed ? requiredInteger(query, 'start_timestamp') : 0;
  const end = timed ? requiredInteger(query, 'end_timestamp') : now;
  const own = market.core
    .fills()
    .filter((fill) => fill.symbol === sim.name && fill.at >= start && fill.at <= end)
    .map((fill) => ({
      trade_id: `u${fill.id}`,
      trade_seq: fill.id,
      timestamp: fill.at,
      instrument_name: fill.symbol,
      price: fill.price,
      amount: fill.size,
      direction: fill.side,
      tick_direction: 0,
      mark_price: market.quote(fill.symbol).mark,
      index_price: market.quote(fill.symbol).index,
    }));
  const all = [...marketTrades(market, sim.name, start, Math.min(end, now), count), ...own].sort(
    (a, b) => (a.timestamp as number) - (b.timestamp as number),
  );
  const asc = optionalString(query, 'sorting') === 'asc';
  const picked = asc ? all.slice(0, count) : all.slice(-count).reverse();
  return { trades: picked, has_more: all.length > count };
}

/** `public/get_currencies` (what CCXT's Deribit adapter asks first): the settlement families the simulator lists. */
const CURRENCIES = [
  {
    currency: 'BTC',
    currency_long: 'Bitcoin',
    coin_type: 'BITCOIN',
    fee_precision: 4,
    withdrawal_fee: 0.0001,
  },
  {
    currency: 'ETH',
    currency_long: 'Ethereum',
    coin_type: 'ETHER',
    fee_precision: 4,
    withdrawal_fee: 0.0006,
  },
  { currency: 'USDC', currency_long: 'USD Coin', coin_type: 'ETHER', fee_precision: 4, withdrawal_fee: 1 },
];

export const tradingPublicMethods: Record<string, Method> = {
  get_currencies: () =>
    CURRENCIES.map((row) => ({
      ...row,
      min_withdrawal_fee: row.withdrawal_fee,
      min_confirmations: 1,
      withdrawal_priorities: [],
      apr: 0,
    })),
  /** Without `currency` (newer API revisions and CCXT's default): every currency, as `any`. */
  get_instruments: (market, now, query) => {
    if (optionalString(query, 'currency') !== undefined) return undefined;
    const kind = optionalString(query, 'kind');
    if (optionalBoolean(query, 'expired')) return [];
    return catalogue(market.seed, now)
      .filter((instrument) => !kind || instrument.kind === kind)
      .map((instrument) => instrument.wire);
  },
  test: (_market, _now, query) => {
    if (optionalString(query, 'expected_result') === 'exception')
      throw new RpcError(11094, 'internal_server_error');
    return { version: '1.2.26' };
  },
  status: () => ({ locked: 'false', locked_indices: [] }),
  ticker: (market, now, query) => {
    const sim = traded(market, query);
    return sim ? coreTicker(market, now, sim.name) : undefined;
  },
  get_order_book: (market, now, query) => {
    const sim = traded(market, query);
    if (!sim) throw invalidParams('instrument not found', 'instrument_name');
    const depth = Number(oneOfParam(query, 'depth', DEPTHS) ?? '20');
    const book = market.core.book(sim.name, Math.min(depth, 100));
    return {
      ...coreTicker(market, now, sim.name),
      bids: book.bids.map((level) => [level.price, level.size]),
      asks: book.asks.map((level) => [level.price, level.size]),
      change_id: market.core.fills().length + Math.floor(now / 1000),
      timestamp: now,
    };
  },
  get_last_trades_by_instrument: (market, now, query) => trades(market, now, query, false),
  get_last_trades_by_instrument_and_time: (market, now, query) => {
    optionalBoolean(query, 'include_old');
    return trades(market, now, query, true);
  },
};
