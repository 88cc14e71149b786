import { catalogue, findInstrument } from './deribit-catalogue.js';
import { CHART_RESOLUTIONS, chartData } from './deribit-chart.js';
import { bookSummary, indexPrice, ticker } from './deribit-market.js';
import {
  invalidParams,
  oneOfParam,
  optionalBoolean,
  type Query,
  requiredInteger,
  requiredString,
} from './deribit-rpc.js';
import { volatilityMethods } from './deribit-volatility.js';

/** The public methods the gateway's common interface needs, as pure functions of (seed, now, params). */

const CURRENCIES = ['BTC', 'ETH', 'USDC', 'USDT', 'EURR', 'any'] as const;
const SUMMARY_CURRENCIES = ['BTC', 'ETH', 'USDC', 'USDT', 'EURR'] as const;
const KINDS = ['future', 'option', 'spot', 'future_combo', 'option_combo'] as const;

export type PublicMethod = (seed: number, now: number, query: Query) => unknown;

function currencyParam<T extends string>(query: Query, allowed: readonly T[]): T {
  const currency = requiredString(query, 'currency');
  if (!(allowed as readonly string[]).includes(currency)) throw invalidParams('invalid currency', 'currency');
  return currency as T;
}

function instrumentParam(seed: number, now: number, query: Query) {
  const name = requiredString(query, 'instrument_name');
  const instrument = findInstrument(seed, now, name);
  if (!instrument) throw invalidParams('instrument not found', 'instrument_name');
  return instrument;
}

function listed(seed: number, now: number, currency: string, kind: string | undefined) {
  return catalogue(seed, now).filter(
    (instrument) =>
      (currency === 'any' || instrument.listedUnder === currency) && (!kind || instrument.kind === kind),
  );
}

export const publicMethods: Record<string, PublicMethod> = {
  get_instruments: (seed, now, query) => {
    const currency = currencyParam(query, CURRENCIES);
    const kind = oneOfParam(query, 'kind', KINDS);
    // Expired series are not kept by the simulator: `expired=true` lists none.
    if (optionalBoolean(query, 'expired')) return [];
    return listed(seed, now, currency, kind).map((instrument) => instrument.wire);
  },

  get_tradingview_chart_data: (seed, now, query) => {
    const instrument = instrumentParam(seed, now, query);
    const start = requiredInteger(query, 'start_timestamp');
    const end = requiredInteger(query, 'end_timestamp');
    const resolution = oneOfParam(query, 'resolution', CHART_RESOLUTIONS);
    if (!resolution) throw invalidParams('value is required', 'resolution');
    return chartData(seed, instrument, start, end, resolution, now);
  },

  ticker: (seed, now, query) => ticker(seed, instrumentParam(seed, now, query), now),

  get_index_price: (seed, now, query) => {
    const name = requiredString(query, 'index_name');
    const price = indexPrice(seed, name, now);
    if (price === undefined) throw invalidParams('wrong format', 'index_name');
    return { index_price: price, estimated_delivery_price: price };
  },

  get_book_summary_by_currency: (seed, now, query) => {
    const currency = currencyParam(query, SUMMARY_CURRENCIES);
    const kind = oneOfParam(query, 'kind', KINDS);
    return listed(seed, now, currency, kind).map((instrument) => bookSummary(seed, instrument, now));
  },

  get_time: (_seed, now) => now,
  ...volatilityMethods,
};
