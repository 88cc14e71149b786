import type { Candle } from '../domain/candle.js';
import type { Interval } from '../domain/intervals.js';
import type { Window } from '../domain/paging.js';
import type { CallDeadline } from '../upstream/call-deadline.js';
import type { Fetched } from './venue-call.js';

/**
 * What the common data interface (`/mcp`) needs from a venue, so it never branches on which venue it is
 * talking to: how candles are fetched, how a coin maps to a native symbol, and the uniform instrument list.
 * Each venue module implements it over its own client (venues/deribit, venues/hyperliquid).
 */

export type Exchange = 'optx' | 'perpdex';

/** The spec's uniform Instrument record. */
export interface Instrument {
  exchange: Exchange;
  symbol: string;
  asset_class: string;
  type: 'perpetual' | 'future' | 'option' | 'spot';
  fees: { maker: number; taker: number } | null;
  history_start: string | null;
  tick_size: number;
  native: Record<string, unknown>;
}

/** get_instruments filters; a venue applies those it supports (the optx ones are Deribit's). */
export interface InstrumentQuery {
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

export interface VenueListing {
  instruments: Instrument[];
  /** Paging, for a venue that pages its list. */
  meta?: ListingMeta;
  receivedAt: number;
  /** Present when the venue failed and a cached listing stands in. */
  stale?: true;
}

/** How one interval's candles come from a venue. */
export interface CandleSource {
  /** Bar length of the upstream series actually fetched (4 h on optx is fetched hourly and aggregated). */
  step: number;
  /** Bars per upstream call, under the venue's cap. */
  maxBars: number;
  fetch(window: Window): Promise<Fetched<Candle[]>>;
}

export interface MarketVenue {
  readonly exchange: Exchange;
  /** Candles of a native symbol; 404 UNKNOWN_INSTRUMENT when the venue does not list it. */
  candles(toolCall: CallDeadline, symbol: string, interval: Interval): Promise<CandleSource>;
  /**
   * The native symbol of a canonical coin (BTC) for consensus, or undefined when the venue does not list it.
   * When the venue's listing cannot be read, the coin as named, so the failure shows as a failed source.
   */
  consensusSymbol(toolCall: CallDeadline, coin: string): Promise<string | undefined>;
  listInstruments(toolCall: CallDeadline, query: InstrumentQuery): Promise<VenueListing>;
}
