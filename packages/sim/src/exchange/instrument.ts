/**
 * What the core needs to know about a tradable contract, and the contract arithmetic that differs between the
 * two settlement kinds. Venue catalogues (Deribit names, Hyperliquid asset ids, IBKR conids) stay in the venue
 * simulators; they build these records.
 *
 * - `linear` (USD-margined: Hyperliquid perps, Deribit `*_USDC-*`, IBKR stocks): size in units of the underlying
 *   (coin, shares), price in the settlement currency per unit; value = size × price, in the settlement currency.
 * - `inverse` (coin-margined: Deribit `BTC-PERPETUAL`): size in USD (a multiple of the contract size), price in
 *   USD per coin, settled in the coin; value = size / price coins, P&L = size × (1/entry − 1/exit) coins.
 */
export type Settlement = 'linear' | 'inverse';

export interface Instrument {
  /** The core's key; the venue's own name for it (`BTC-PERPETUAL`, `ETH`, `265598`). */
  symbol: string;
  /** The underlying whose price the book follows (a coin of the shared price path, or the venue's own). */
  underlying: string;
  settlement: Settlement;
  /** Currency of margin, fees, P&L and funding: the coin for inverse, `USD`/`USDC` for linear. */
  settlementCurrency: string;
  /** Price step. Orders off it are rejected (the three venues reject, so the core does too). */
  tickSize: number;
  /** Size step in order units (inverse: USD per contract; linear: coin or shares). Off it: rejected. */
  lotSize: number;
  /** Smallest order size, in order units. */
  minSize: number;
  /** Fee rates as fractions of the traded value; a negative maker rate is a rebate. */
  makerFee: number;
  takerFee: number;
  /** Initial margin is value / leverage; an account may choose less (setLeverage), never more. */
  maxLeverage: number;
  /** Maintenance margin as a fraction of the position's value. */
  maintenanceMarginRate: number;
  /** Perpetuals only: funding is settled at every multiple of this interval since the epoch. */
  fundingIntervalMs?: number;
}

/** Value of `size` at `price` in the settlement currency (always positive for a positive size). */
export function contractValue(instrument: Instrument, size: number, price: number): number {
  return instrument.settlement === 'linear' ? size * price : size / price;
}

/**
 * P&L in the settlement currency of a signed position `size` entered at `entry` and valued at `price`.
 * Inverse: a long of 10 000 USD from 50 000 to 55 000 earns 10 000 × (1/50 000 − 1/55 000) = 0.0181818… BTC.
 */
export function positionPnl(instrument: Instrument, size: number, entry: number, price: number): number {
  if (size === 0) return 0;
  return instrument.settlement === 'linear' ? size * (price - entry) : size * (1 / entry - 1 / price);
}

/**
 * The entry price after adding `added` (same sign as `size`) at `price`: the value-weighted mean, which is the
 * arithmetic mean of prices for linear contracts and the harmonic mean for inverse ones (so P&L stays exact).
 */
export function averageEntry(
  instrument: Instrument,
  size: number,
  entry: number,
  added: number,
  price: number,
): number {
  if (size === 0) return price;
  const total = Math.abs(size) + Math.abs(added);
  if (instrument.settlement === 'linear') return (Math.abs(size) * entry + Math.abs(added) * price) / total;
  return total / (Math.abs(size) / entry + Math.abs(added) / price);
}

/** Checks an instrument's numbers once, when the core is built, so a typo fails loudly instead of mispricing. */
export function checkInstrument(instrument: Instrument): void {
  const positive = ['tickSize', 'lotSize', 'minSize', 'maxLeverage'] as const;
  for (const field of positive)
    if (!(instrument[field] > 0)) throw new Error(`${instrument.symbol}: ${field} must be positive`);
  const rate = instrument.maintenanceMarginRate;
  if (!(rate >= 0 && rate < 1 / instrument.maxLeverage))
    throw new Error(`${instrument.symbol}: maintenanceMarginRate must be below the initial margin rate`);
  if (instrument.fundingIntervalMs !== undefined && !(instrument.fundingIntervalMs > 0))
    throw new Error(`${instrument.symbol}: fundingIntervalMs must be positive`);
}
