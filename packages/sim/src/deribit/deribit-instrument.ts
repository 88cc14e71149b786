import { tickRounder, type VenueQuote } from '../market/candles.js';
import type { CoinSpec } from '../market/coins.js';
import { streamId } from '../market/hash.js';

/** The simulator's model of one Deribit instrument and the pieces every instrument family shares. */

export const PERPETUAL_EXPIRY = 32_503_708_800_000;
export const YEAR_MS = 365 * 86_400_000;
export const DAY_MS = 86_400_000;
export const CARRY = 0.05;

export interface SimInstrument {
  name: string;
  kind: 'future' | 'option' | 'spot';
  spec: CoinSpec;
  /** The `currency` value of get_instruments that lists it (settlement family). */
  listedUnder: string;
  inverse: boolean;
  /** Listed but stale: most bars missing and a divergent price. */
  stale: boolean;
  creation: number;
  expiry: number | null;
  strike: number | null;
  optionType: 'call' | 'put' | null;
  tick: number;
  /** Volume share of the coin's activity, drives volume and open interest. */
  liquidity: number;
  quote: VenueQuote;
  /** The get_instruments object as it goes on the wire. */
  wire: Record<string, unknown>;
}

export const yearsTo = (expiry: number, ms: number) => Math.max(0, (expiry - ms) / YEAR_MS);

export function baseQuote(
  seed: number,
  spec: CoinSpec,
  name: string,
  tick: number,
  liquidity: number,
): VenueQuote {
  return {
    seed,
    coin: spec,
    venue: `deribit:${name}`,
    basisBp: 3,
    jitterBp: 1.5,
    dailyVolume: (1.5e9 / spec.referencePrice) * liquidity,
    round: tickRounder(tick),
  };
}

export function commonWire(name: string, spec: CoinSpec, creation: number, tick: number) {
  return {
    instrument_name: name,
    instrument_id: 100_000 + (streamId(`id:${name}`) % 900_000),
    base_currency: spec.coin,
    creation_timestamp: creation,
    is_active: true,
    state: 'open',
    tick_size: tick,
    rfq: false,
    underlying_type: 'crypto',
  };
}

/** The wire record of an inverse (coin-settled) future, dated or perpetual: both list the same fields. */
export function inverseFutureWire(
  name: string,
  spec: CoinSpec,
  contract: {
    creation: number;
    tick: number;
    contractSize: number;
    settlementPeriod: string;
    expiry: number;
  },
) {
  return {
    ...commonWire(name, spec, contract.creation, contract.tick),
    kind: 'future',
    quote_currency: 'USD',
    counter_currency: 'USD',
    settlement_currency: spec.coin,
    instrument_type: 'reversed',
    future_type: 'reversed',
    settlement_period: contract.settlementPeriod,
    expiration_timestamp: contract.expiry,
    tick_size_steps: [],
    min_trade_amount: contract.contractSize,
    contract_size: contract.contractSize,
    maker_commission: 0,
    taker_commission: 0.0005,
    max_leverage: 50,
    max_liquidation_commission: 0.0075,
    price_index: `${spec.coin.toLowerCase()}_usd`,
    block_trade_commission: 0.00025,
    block_trade_min_trade_amount: 200_000,
    block_trade_tick_size: 0.01,
  };
}
