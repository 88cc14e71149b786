import { parseDateBound } from '../../domain/date-range.js';
import { INTERVAL_MS, type Interval } from '../../domain/intervals.js';
import type { CallDeadline } from '../../upstream/call-deadline.js';
import type {
  CandleSource,
  Instrument,
  InstrumentQuery,
  MarketVenue,
  VenueListing,
} from '../market-venue.js';
import type { DeribitClient } from './deribit-client.js';
import { OPTX_MAX_BARS_PER_CALL, OPTX_RESOLUTION } from './deribit-requests.js';
import type { OptxInstrument } from './deribit-transforms.js';

/** Settlement families Deribit's `currency` accepts; any other coin is found among the USDC-linear instruments. */
const OPTX_CURRENCIES = new Set(['BTC', 'ETH', 'USDC', 'USDT', 'EURR', 'ANY']);
const SUMMARY_CURRENCIES = ['BTC', 'ETH', 'USDC'];
/** BTC and ETH use the inverse perpetual (the deepest books); other coins the USDC-linear one (spec symbols). */
const INVERSE_PERPETUALS = new Set(['BTC', 'ETH']);

function currencyQuery(currency: string): { currency: string; baseCurrency: string | null } {
  const upper = currency.trim().toUpperCase();
  if (OPTX_CURRENCIES.has(upper)) return { currency: upper === 'ANY' ? 'any' : upper, baseCurrency: null };
  return { currency: 'USDC', baseCurrency: upper };
}

export function optxType(instrument: OptxInstrument): Instrument['type'] | null {
  if (instrument.kind === 'future')
    return instrument.settlement_period === 'perpetual' ? 'perpetual' : 'future';
  if (instrument.kind === 'option' || instrument.kind === 'spot') return instrument.kind;
  return null; // combos are not instruments of the uniform list
}

/** Deribit's instrument as the uniform record (notes §3.6). */
export function fromOptx(instrument: OptxInstrument): Instrument | null {
  const type = optxType(instrument);
  if (!type) return null;
  const hasFees =
    typeof instrument.maker_commission === 'number' && typeof instrument.taker_commission === 'number';
  const assetClass =
    instrument.underlying_type && instrument.underlying_type !== 'crypto'
      ? instrument.underlying_type
      : 'crypto';
  return {
    exchange: 'optx',
    symbol: instrument.instrument_name,
    asset_class: assetClass,
    type,
    fees: hasFees ? { maker: instrument.maker_commission!, taker: instrument.taker_commission! } : null,
    history_start: Number.isFinite(instrument.creation_timestamp)
      ? new Date(instrument.creation_timestamp).toISOString().slice(0, 10)
      : null,
    tick_size: instrument.tick_size,
    native: instrument,
  };
}

function compareOptx(a: OptxInstrument, b: OptxInstrument): number {
  return (
    a.expiration_timestamp - b.expiration_timestamp ||
    (a.strike ?? Number.NEGATIVE_INFINITY) - (b.strike ?? Number.NEGATIVE_INFINITY) ||
    String(a.option_type ?? '').localeCompare(String(b.option_type ?? '')) ||
    a.instrument_name.localeCompare(b.instrument_name)
  );
}

/** optx in the common interface: Deribit's chart data, instrument filters and paging. */
export class DeribitMarket implements MarketVenue {
  readonly exchange = 'optx';
  constructor(private readonly client: DeribitClient) {}

  /** Deribit has no 4 h resolution: 4 h is fetched hourly and aggregated by the caller (step < interval). */
  async candles(toolCall: CallDeadline, symbol: string, interval: Interval): Promise<CandleSource> {
    const resolution = OPTX_RESOLUTION[interval];
    return {
      step: interval === '4h' ? INTERVAL_MS['1h'] : INTERVAL_MS[interval],
      maxBars: OPTX_MAX_BARS_PER_CALL,
      fetch: (window) =>
        this.client.getChartData(toolCall, {
          instrument: symbol,
          startMs: window.from,
          endMs: window.to,
          resolution,
        }),
    };
  }

  async consensusSymbol(_toolCall: CallDeadline, coin: string): Promise<string> {
    return INVERSE_PERPETUALS.has(coin) ? `${coin}-PERPETUAL` : `${coin}_USDC-PERPETUAL`;
  }

  async listInstruments(toolCall: CallDeadline, query: InstrumentQuery): Promise<VenueListing> {
    const { currency, baseCurrency } = currencyQuery(query.currency ?? 'BTC');
    const kind = query.kind === undefined ? 'future' : query.kind;
    const expiryFrom = query.expiry_from ? parseDateBound(query.expiry_from, 'expiry_from', 'start') : null;
    const expiryTo = query.expiry_to ? parseDateBound(query.expiry_to, 'expiry_to', 'end') : null;
    const listing = await this.client.getInstruments(toolCall, { currency, kind });
    const oi = query.min_open_interest != null ? await this.#openInterests(toolCall, currency, kind) : null;
    const strikeFilter = query.strike_min != null || query.strike_max != null;
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
          (query.strike_min == null || row.strike >= query.strike_min) &&
          (query.strike_max == null || row.strike <= query.strike_max)
        );
      })
      .filter((row) => !oi || (oi.byName.get(row.instrument_name) ?? -1) >= query.min_open_interest!)
      .sort(compareOptx);
    const uniform = rows.map(fromOptx).filter((row): row is Instrument => row !== null);
    const offset = query.offset ?? 0;
    const limit = query.limit ?? 100;
    const page = uniform.slice(offset, offset + limit);
    return {
      instruments: page,
      meta: { total: uniform.length, offset, limit, has_more: offset + page.length < uniform.length },
      receivedAt: Math.min(listing.receivedAt, oi?.receivedAt ?? Number.POSITIVE_INFINITY),
      ...(listing.stale || oi?.stale ? { stale: true } : {}),
    };
  }

  async #openInterests(toolCall: CallDeadline, currency: string, kind: string | null) {
    const families = currency === 'any' ? SUMMARY_CURRENCIES : [currency];
    const rows = await Promise.all(
      families.map((family) => this.client.getBookSummaryByCurrency(toolCall, { currency: family, kind })),
    );
    const byName = new Map<string, number>();
    for (const row of rows.flatMap((fetched) => fetched.data)) {
      if (typeof row.instrument_name === 'string' && typeof row.open_interest === 'number')
        byName.set(row.instrument_name, row.open_interest);
    }
    return {
      byName,
      receivedAt: Math.min(...rows.map((fetched) => fetched.receivedAt)),
      stale: rows.some((fetched) => fetched.stale),
    };
  }
}
