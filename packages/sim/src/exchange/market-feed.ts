import { coinSpec } from '../market/coins.js';
import { pricePath } from '../market/price-path.js';
import type { Instrument } from './instrument.js';

/**
 * Where the core's prices come from: the index (the underlying's spot), the mark (what positions are valued
 * and margined at) and the funding rate per interval. The core asks at the clock's instants only, so the feed
 * must be a pure function of the instant to keep a run deterministic.
 */
export interface MarketFeed {
  index(instrument: Instrument, at: number): number;
  mark(instrument: Instrument, at: number): number;
  /** Fraction of the position's value paid per funding interval; positive: longs pay shorts. */
  fundingRate(instrument: Instrument, at: number): number;
}

/** Hyperliquid's cap on the premium part of funding (per 8 h: ±0.05 %), used for every venue's default. */
const PREMIUM_CLAMP = 0.0005;

/** Funding from the premium of mark over index, clamped, plus a base rate (the interest part). */
export function premiumFunding(mark: number, index: number, baseRate = 0): number {
  const premium = (mark - index) / index;
  return baseRate + Math.min(PREMIUM_CLAMP, Math.max(-PREMIUM_CLAMP, premium));
}

export interface PathFeedOptions {
  /** Mark over index as a fraction (a venue's small basis), constant or per instrument and instant. */
  basis?: number | ((instrument: Instrument, at: number) => number);
  /** Interest part of funding per interval (Hyperliquid: 0.0000125 per hour). */
  baseFundingRate?: number;
}

/**
 * The shared price path of `packages/sim/src/market` as a feed: every venue's book follows the same coin, so
 * the simulated venues agree with each other and with the candles they serve.
 */
export function pricePathFeed(marketSeed: number, options: PathFeedOptions = {}): MarketFeed {
  const basisOf = (instrument: Instrument, at: number) =>
    typeof options.basis === 'function' ? options.basis(instrument, at) : (options.basis ?? 0);
  const index = (instrument: Instrument, at: number) => {
    const spec = coinSpec(instrument.underlying);
    if (!spec) throw new Error(`no price path for ${instrument.underlying}`);
    return pricePath(marketSeed, spec).priceAt(at);
  };
  const mark = (instrument: Instrument, at: number) => index(instrument, at) * (1 + basisOf(instrument, at));
  return {
    index,
    mark,
    fundingRate: (instrument, at) =>
      premiumFunding(mark(instrument, at), index(instrument, at), options.baseFundingRate),
  };
}

/** A feed the tests set by hand: prices per underlying that stay until changed. */
export interface ManualFeed extends MarketFeed {
  set(underlying: string, prices: { index: number; mark?: number; fundingRate?: number }): void;
}

export function manualFeed(initial: Record<string, number> = {}): ManualFeed {
  const prices = new Map<string, { index: number; mark: number; fundingRate: number }>();
  const get = (instrument: Instrument) => {
    const entry = prices.get(instrument.underlying);
    if (!entry) throw new Error(`no price set for ${instrument.underlying}`);
    return entry;
  };
  const feed: ManualFeed = {
    index: (instrument) => get(instrument).index,
    mark: (instrument) => get(instrument).mark,
    fundingRate: (instrument) => get(instrument).fundingRate,
    set(underlying, { index, mark = index, fundingRate = 0 }) {
      prices.set(underlying, { index, mark, fundingRate });
    },
  };
  for (const [underlying, index] of Object.entries(initial)) feed.set(underlying, { index });
  return feed;
}
