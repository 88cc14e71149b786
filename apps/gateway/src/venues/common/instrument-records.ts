import type { OptxInstrument } from '../optx/optx-transforms.js';
import type { PerpMarket } from '../perpdex/perpdex-transforms.js';

/** The spec's uniform Instrument record and the venue mappings into it (notes optx §3.6, perpdex §2 and §5.3). */

export interface Instrument {
  exchange: 'optx' | 'perpdex';
  symbol: string;
  asset_class: string;
  type: 'perpetual' | 'future' | 'option' | 'spot';
  fees: { maker: number; taker: number } | null;
  history_start: string | null;
  tick_size: number;
  native: Record<string, unknown>;
}

export function optxType(instrument: OptxInstrument): Instrument['type'] | null {
  if (instrument.kind === 'future')
    return instrument.settlement_period === 'perpetual' ? 'perpetual' : 'future';
  if (instrument.kind === 'option' || instrument.kind === 'spot') return instrument.kind;
  return null; // combos are not instruments of the uniform list
}

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

/**
 * Hyperliquid has no fixed tick: at price px a perp allows
 * min(6 − szDecimals, max(0, 4 − floor(log10 px))) decimals (5 significant
 * figures). Reported at the current mark; szDecimals stays in `native`.
 */
export function perpTickSize(markPrice: number | null, szDecimals: number): number {
  const maxDecimals = 6 - szDecimals;
  if (markPrice === null || !(markPrice > 0)) return 10 ** -maxDecimals;
  const decimals = Math.min(maxDecimals, Math.max(0, 4 - Math.floor(Math.log10(markPrice))));
  return Number((10 ** -decimals).toFixed(decimals));
}

export function fromPerpMarket(market: PerpMarket): Instrument {
  return {
    exchange: 'perpdex',
    symbol: market.asset,
    asset_class: 'crypto',
    type: 'perpetual',
    fees: null,
    history_start: null,
    tick_size: perpTickSize(market.mark_price, market.native.meta.szDecimals),
    native: { ...market.native.meta, context: market.native.context },
  };
}
