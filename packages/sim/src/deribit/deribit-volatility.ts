import { coinSpec } from '../market/coins.js';
import { pricePath } from '../market/price-path.js';
import type { PublicMethod } from './deribit-public.js';
import { invalidParams, oneOfParam, type Query, requiredInteger, requiredString } from './deribit-rpc.js';
import { dvolAt } from './deribit-surface.js';

/**
 * DVOL history (`public/get_volatility_index_data`, notes §4.7) and realised volatility
 * (`public/get_historical_volatility`, §4.6), from the same surface and price path as the chain.
 */

const RESOLUTIONS = ['1', '60', '3600', '43200', '1D'] as const;
const CURRENCIES = ['BTC', 'ETH', 'USDC', 'USDT', 'EURR'];
/** DVOL exists for these coins only; the other currencies of the enum answer no rows. */
const DVOL_COINS = new Set(['BTC', 'ETH']);
/** Rows per page: the newest are kept and `continuation` points below them (page size unverified upstream). */
export const DVOL_PAGE_ROWS = 1000;
/** DVOL history starts in 2021 (notes §4.7). */
const DVOL_START = Date.UTC(2021, 2, 24);
const HOUR_MS = 3_600_000;

function currencyParam(query: Query): string {
  const currency = requiredString(query, 'currency');
  if (!CURRENCIES.includes(currency)) throw invalidParams('invalid currency', 'currency');
  return currency;
}

function dvolRows(currency: string, seed: number, start: number, end: number, stepMs: number) {
  const spec = coinSpec(currency)!;
  const first = Math.ceil(Math.max(start, DVOL_START) / stepMs) * stepMs;
  const rows: number[][] = [];
  let t = Math.floor(end / stepMs) * stepMs;
  for (; t >= first && rows.length < DVOL_PAGE_ROWS; t -= stepMs) {
    const open = dvolAt(seed, spec, t);
    const close = dvolAt(seed, spec, t + stepMs - 1);
    const mid = dvolAt(seed, spec, t + stepMs / 2);
    rows.push([t, open, Math.max(open, close, mid), Math.min(open, close, mid), close]);
  }
  rows.reverse();
  // More (older) rows exist when the page filled before reaching `first`.
  const continuation = t >= first && rows.length ? rows[0]![0]! - 1 : null;
  return { data: rows, continuation };
}

export const volatilityMethods: Record<string, PublicMethod> = {
  get_volatility_index_data: (seed, now, query) => {
    const currency = currencyParam(query);
    const start = requiredInteger(query, 'start_timestamp');
    const end = requiredInteger(query, 'end_timestamp');
    const resolution = oneOfParam(query, 'resolution', RESOLUTIONS);
    if (!resolution) throw invalidParams('value is required', 'resolution');
    if (!DVOL_COINS.has(currency) || end < start) return { data: [], continuation: null };
    const stepMs = resolution === '1D' ? 86_400_000 : Number(resolution) * 1000;
    // Only closed rows up to now: the still-forming row's close would change.
    return dvolRows(currency, seed, start, Math.min(end, now - stepMs), stepMs);
  },

  /** Hourly points over the last 15 days: annualised stdev of the trailing 24 hourly log returns, percent. */
  get_historical_volatility: (seed, now, query) => {
    const currency = currencyParam(query);
    const spec = coinSpec(
      currency === 'USDC' || currency === 'USDT' || currency === 'EURR' ? 'BTC' : currency,
    )!;
    const path = pricePath(seed, spec);
    const last = Math.floor(now / HOUR_MS) * HOUR_MS;
    const hours = 15 * 24;
    const window = 24;
    const prices = Array.from({ length: hours + window + 1 }, (_, j) =>
      path.priceAt(last - (hours + window - j) * HOUR_MS),
    );
    const returns = prices.slice(1).map((p, j) => Math.log(p / prices[j]!));
    const out: [number, number][] = [];
    for (let h = 0; h < hours; h++) {
      const slice = returns.slice(h, h + window);
      const mean = slice.reduce((s, r) => s + r, 0) / window;
      const variance = slice.reduce((s, r) => s + (r - mean) ** 2, 0) / (window - 1);
      out.push([last - (hours - 1 - h) * HOUR_MS, Math.round(Math.sqrt(variance * 24 * 365) * 1e4) / 100]);
    }
    return out;
  },
};
