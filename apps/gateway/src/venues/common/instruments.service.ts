import { AppError, isAppError, unprocessable } from '@app/kit';
import { parseDateBound } from '../../domain/date-range.js';
import type { OptxInstrument } from '../optx/optx-transforms.js';
import { fromOptx, fromPerpMarket, type Instrument } from './instrument-records.js';
import {
  EXCHANGES,
  type Exchange,
  exchangeParam,
  type FailedSource,
  isoTime,
  type MarketClients,
  testnetFlag,
} from './market-context.js';
import { loadPerpMarkets } from './markets.service.js';

/** `get_instruments`: the uniform list, optx filters and paging, fan-out with `failed_sources`. */

export interface InstrumentsParams {
  exchange?: Exchange | null;
  currency?: string;
  kind?: 'future' | 'option' | 'spot' | null;
  expiry_from?: string | null;
  expiry_to?: string | null;
  strike_min?: number | null;
  strike_max?: number | null;
  min_open_interest?: number | null;
  offset?: number;
  limit?: number;
}

export interface ListingMeta {
  total: number;
  offset: number;
  limit: number;
  has_more: boolean;
}

interface VenueListing {
  instruments: Instrument[];
  meta?: ListingMeta;
  receivedAt: number;
}

/** Settlement families Deribit's `currency` accepts; any other coin is found among the USDC-linear instruments. */
const OPTX_CURRENCIES = new Set(['BTC', 'ETH', 'USDC', 'USDT', 'EURR', 'ANY']);
const SUMMARY_CURRENCIES = ['BTC', 'ETH', 'USDC'];

function optxQuery(currency: string): { currency: string; baseCurrency: string | null } {
  const upper = currency.trim().toUpperCase();
  if (OPTX_CURRENCIES.has(upper)) return { currency: upper === 'ANY' ? 'any' : upper, baseCurrency: null };
  return { currency: 'USDC', baseCurrency: upper };
}

async function openInterests(clients: MarketClients, currency: string, kind: string | null) {
  const optx = clients.optx!;
  const families = currency === 'any' ? SUMMARY_CURRENCIES : [currency];
  const rows = await Promise.all(families.map((c) => optx.getBookSummaryByCurrency({ currency: c, kind })));
  const byName = new Map<string, number>();
  for (const row of rows.flatMap((fetched) => fetched.data)) {
    if (typeof row.instrument_name === 'string' && typeof row.open_interest === 'number')
      byName.set(row.instrument_name, row.open_interest);
  }
  return { byName, receivedAt: Math.min(...rows.map((fetched) => fetched.receivedAt)) };
}

function compareOptx(a: OptxInstrument, b: OptxInstrument): number {
  return (
    a.expiration_timestamp - b.expiration_timestamp ||
    (a.strike ?? Number.NEGATIVE_INFINITY) - (b.strike ?? Number.NEGATIVE_INFINITY) ||
    String(a.option_type ?? '').localeCompare(String(b.option_type ?? '')) ||
    a.instrument_name.localeCompare(b.instrument_name)
  );
}

async function listOptx(params: InstrumentsParams, clients: MarketClients): Promise<VenueListing> {
  const optx = clients.optx;
  if (!optx) throw new AppError(503, 'EXCHANGE_NOT_CONFIGURED', 'optx is not configured in this environment');
  const { currency, baseCurrency } = optxQuery(params.currency ?? 'BTC');
  const kind = params.kind === undefined ? 'future' : params.kind;
  const expiryFrom = params.expiry_from ? parseDateBound(params.expiry_from, 'expiry_from', 'start') : null;
  const expiryTo = params.expiry_to ? parseDateBound(params.expiry_to, 'expiry_to', 'end') : null;
  const listing = await clients.listings.get(`optx:${clients.environment}:${currency}:${kind ?? '*'}`, () =>
    optx.getInstruments({ currency, kind }),
  );
  const oi = params.min_open_interest != null ? await openInterests(clients, currency, kind) : null;
  const strikeFilter = params.strike_min != null || params.strike_max != null;
  const rows = listing.data
    .filter((row) => !baseCurrency || row.base_currency === baseCurrency)
    .filter((row) => {
      if (expiryFrom === null && expiryTo === null) return true;
      if (row.settlement_period === 'perpetual') return false; // no expiry date to compare
      return (
        (expiryFrom === null || row.expiration_timestamp >= expiryFrom) &&
        (expiryTo === null || row.expiration_timestamp <= expiryTo)
      );
    })
    .filter((row) => {
      if (!strikeFilter) return true;
      if (typeof row.strike !== 'number') return false;
      return (
        (params.strike_min == null || row.strike >= params.strike_min) &&
        (params.strike_max == null || row.strike <= params.strike_max)
      );
    })
    .filter((row) => !oi || (oi.byName.get(row.instrument_name) ?? -1) >= params.min_open_interest!)
    .sort(compareOptx);
  const uniform = rows.map(fromOptx).filter((row): row is Instrument => row !== null);
  const offset = params.offset ?? 0;
  const limit = params.limit ?? 100;
  const page = uniform.slice(offset, offset + limit);
  return {
    instruments: page,
    meta: { total: uniform.length, offset, limit, has_more: offset + page.length < uniform.length },
    receivedAt: Math.min(listing.receivedAt, oi?.receivedAt ?? Number.POSITIVE_INFINITY),
  };
}

async function listPerpdex(clients: MarketClients): Promise<VenueListing> {
  const { markets, receivedAt } = await loadPerpMarkets(clients);
  return {
    instruments: markets.filter((market) => !market.native.meta.isDelisted).map(fromPerpMarket),
    receivedAt,
  };
}

export async function getInstruments(params: InstrumentsParams, clients: MarketClients) {
  if (params.strike_min != null && params.strike_max != null && params.strike_min > params.strike_max)
    throw unprocessable('strike_min is greater than strike_max', 'VALIDATION_ERROR', { field: 'strike_max' });
  const exchange = exchangeParam(params.exchange);
  const venues = exchange ? [exchange] : EXCHANGES.filter((exchange) => clients[exchange] !== undefined);
  const outcomes = await Promise.all(
    venues.map((exchange) =>
      (exchange === 'optx' ? listOptx(params, clients) : listPerpdex(clients)).then(
        (listing) => ({ exchange, listing, error: null as unknown }),
        (error: unknown) => ({ exchange, listing: null, error }),
      ),
    ),
  );
  // A single named exchange reports its own error; a fan-out reports failures per source.
  const first = outcomes[0];
  if (exchange && first?.error) throw first.error;
  const failed: FailedSource[] = outcomes
    .filter((o) => o.error !== null)
    .map((o) => ({
      exchange: o.exchange,
      error: isAppError(o.error) ? `${o.error.code}: ${o.error.message}` : 'internal error',
    }));
  const used = outcomes.filter((o) => o.listing !== null);
  if (!used.length)
    throw new AppError(502, 'ALL_SOURCES_FAILED', 'every exchange failed to list instruments', {
      retryable: true,
      details: { failed_sources: failed },
    });
  const meta: Partial<Record<Exchange, ListingMeta>> = {};
  for (const o of used) if (o.listing?.meta) meta[o.exchange] = o.listing.meta;
  return {
    instruments: used.flatMap((o) => o.listing!.instruments),
    failed_sources: failed,
    meta,
    data_timestamp: isoTime(Math.min(...used.map((o) => o.listing!.receivedAt))),
    ...testnetFlag(clients),
  };
}
