import { allocateGreeks, black76Greeks, type GreekColumns, yearsTo } from './black76.js';

/**
 * The ChainSnapshot (notes §8/§9): one currency's live options as columns, joined from
 * `public/get_instruments(kind=option)` (strike, type, expiry) and `public/get_book_summary_by_currency
 * (kind=option)` (mark_iv, forward, open interest, 24 h volume, marks), with the index as spot. Book summaries
 * carry no greeks: they are computed from mark_iv (§7).
 */
export interface ChainSnapshot {
  currency: string;
  /** Epoch ms of the snapshot (the older of the two upstream answers). */
  asOf: number;
  /** Index price (USD), the `S` of §9. */
  spot: number;
  names: string[];
  expiry: Float64Array;
  strike: Float64Array;
  /** `underlying_price`: the expiry's forward. */
  forward: Float64Array;
  /** mark_iv in percent, as on the wire. */
  markIv: Float64Array;
  /** σ = mark_iv / 100. */
  vol: Float64Array;
  years: Float64Array;
  isCall: Uint8Array;
  /** Coins (= contracts for inverse options). */
  openInterest: Float64Array;
  /** 24 h volume in coins. */
  volume: Float64Array;
  /** Mark in coin (inverse) ; NaN when absent. */
  markPrice: Float64Array;
  bid: Float64Array;
  ask: Float64Array;
}

/** One option as plain values (tests build chains from these). */
export interface ChainOption {
  name: string;
  expiry: number;
  strike: number;
  type: 'call' | 'put';
  forward: number;
  markIv: number;
  openInterest: number;
  volume?: number;
  markPrice?: number | null;
  bid?: number | null;
  ask?: number | null;
}

const orNaN = (value: number | null | undefined) => (typeof value === 'number' ? value : Number.NaN);

export function chainFromOptions(
  currency: string,
  options: readonly ChainOption[],
  spot: number,
  asOf: number,
): ChainSnapshot {
  const column = (pick: (o: ChainOption) => number) => Float64Array.from(options, pick);
  return {
    currency,
    asOf,
    spot,
    names: options.map((o) => o.name),
    expiry: column((o) => o.expiry),
    strike: column((o) => o.strike),
    forward: column((o) => o.forward),
    markIv: column((o) => o.markIv),
    vol: column((o) => o.markIv / 100),
    years: column((o) => yearsTo(o.expiry, asOf)),
    isCall: Uint8Array.from(options, (o) => (o.type === 'call' ? 1 : 0)),
    openInterest: column((o) => o.openInterest),
    volume: column((o) => o.volume ?? 0),
    markPrice: column((o) => orNaN(o.markPrice)),
    bid: column((o) => orNaN(o.bid)),
    ask: column((o) => orNaN(o.ask)),
  };
}

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * The join by instrument name. Options that are inactive, expired, or lack a positive mark_iv or forward
 * in the summary are left out: no greek can be computed for them.
 */
export function joinChain(
  currency: string,
  instruments: readonly Record<string, unknown>[],
  summaries: readonly Record<string, unknown>[],
  spot: number,
  asOf: number,
): ChainSnapshot {
  const byName = new Map<string, Record<string, unknown>>();
  for (const row of summaries)
    if (typeof row.instrument_name === 'string') byName.set(row.instrument_name, row);
  const options: ChainOption[] = [];
  for (const instrument of instruments) {
    if (instrument.kind !== 'option' || instrument.is_active === false) continue;
    const name = String(instrument.instrument_name);
    const summary = byName.get(name);
    const expiry = num(instrument.expiration_timestamp);
    const strike = num(instrument.strike);
    const markIv = num(summary?.mark_iv);
    const forward = num(summary?.underlying_price);
    if (!summary || expiry === null || expiry <= asOf || strike === null || !markIv || !forward) continue;
    options.push({
      name,
      expiry,
      strike,
      type: instrument.option_type === 'put' ? 'put' : 'call',
      forward,
      markIv,
      openInterest: num(summary.open_interest) ?? 0,
      volume: num(summary.volume) ?? 0,
      markPrice: num(summary.mark_price),
      bid: num(summary.bid_price),
      ask: num(summary.ask_price),
    });
  }
  return chainFromOptions(currency, options, spot, asOf);
}

export function chainGreeks(chain: ChainSnapshot): GreekColumns {
  return black76Greeks(chain, allocateGreeks(chain.strike.length));
}
