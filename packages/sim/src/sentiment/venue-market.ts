import { type Bar, generateBar, significantRounder, type VenueQuote, venuePrice } from '../market/candles.js';
import { COINS, type CoinSpec, coinSpec } from '../market/coins.js';
import { gaussian, streamId } from '../market/hash.js';

/**
 * The derivatives side of the shared market as five public venues publish it (notes sentiment.md, simulator
 * notes): each venue quotes the shared index with its own basis, and its funding and open interest differ from
 * the others' by realistic amounts. Funding is per 8 h on Binance, Bybit, OKX and Deribit, per hour on
 * Hyperliquid; all values are pure functions of (seed, venue, coin, time).
 */
export type PublicVenue = 'binance' | 'bybit' | 'okx' | 'hyperliquid' | 'deribit';

interface VenueShape {
  intervalHours: number;
  /** Added to the coin's 8 h funding level, as a fraction. */
  fundingOffset8h: number;
  basisBp: number;
  /** Open interest as a share of the coin's reference open interest. */
  oiShare: number;
}

const VENUES: Record<PublicVenue, VenueShape> = {
  binance: { intervalHours: 8, fundingOffset8h: 0, basisBp: 2, oiShare: 1 },
  bybit: { intervalHours: 8, fundingOffset8h: 0.000012, basisBp: 2.5, oiShare: 0.7 },
  okx: { intervalHours: 8, fundingOffset8h: 0.000022, basisBp: 1.5, oiShare: 0.38 },
  hyperliquid: { intervalHours: 1, fundingOffset8h: 0.000045, basisBp: 1, oiShare: 0.35 },
  deribit: { intervalHours: 8, fundingOffset8h: -0.00003, basisBp: 3, oiShare: 0.12 },
};

export const HOUR_MS = 3_600_000;
export const venueInterval = (venue: PublicVenue) => VENUES[venue].intervalHours;

/** The coins the simulated venues list. */
export const listedCoins = (): readonly CoinSpec[] => COINS;
export const listedCoin = (coin: string) => coinSpec(coin);

/** The listed coin of a `<COIN>USDT` symbol (Binance and Bybit linear perps); `invalid` is the venue's refusal. */
export function usdtCoin(symbol: string | undefined, invalid: () => Error): CoinSpec {
  const spec = symbol?.endsWith('USDT') ? listedCoin(symbol.slice(0, -4)) : undefined;
  if (!spec) throw invalid();
  return spec;
}

/** Reference open interest in USD of each coin on the largest venue. */
const REFERENCE_OI_USD = 8.4e9;
const OI_RANK: Record<string, number> = {
  BTC: 1,
  ETH: 0.55,
  SOL: 0.14,
  XRP: 0.09,
  DOGE: 0.05,
  AVAX: 0.02,
  LINK: 0.02,
};

/** A value that drifts smoothly: linear between Gaussian nodes `cellMs` apart. */
function drift(seed: number, label: string, ms: number, cellMs: number): number {
  const stream = streamId(label);
  const position = ms / cellMs;
  const cell = Math.floor(position);
  const left = gaussian(seed, stream, cell);
  return left + (gaussian(seed, stream, cell + 1) - left) * (position - cell);
}

/**
 * The rate of the funding period that starts at `periodStart` (aligned to the venue's interval), in the
 * venue's own period: the coin's level (about 0.01 % per 8 h in a calm bull market), the venue's offset, and
 * per-period noise. Hyperliquid's hourly rate is an eighth of the 8 h equivalent.
 */
export function fundingRate(seed: number, venue: PublicVenue, coin: string, periodStart: number): number {
  const shape = VENUES[venue];
  const level = 0.00006 + 0.00005 * drift(seed, `funding:${coin}`, periodStart, 24 * HOUR_MS);
  const noise =
    0.000008 * gaussian(seed, streamId(`funding:${venue}:${coin}`), Math.floor(periodStart / HOUR_MS));
  const rate8h = level + shape.fundingOffset8h + noise;
  return Math.round((rate8h * shape.intervalHours) / 8 / 1e-9) * 1e-9;
}

/** The start of the funding period containing `ms`, and the next settlement. */
export function fundingPeriod(venue: PublicVenue, ms: number): { start: number; next: number } {
  const interval = VENUES[venue].intervalHours * HOUR_MS;
  const start = Math.floor(ms / interval) * interval;
  return { start, next: start + interval };
}

const quotes = new Map<string, VenueQuote>();

/** How `venue` quotes `coin` (its basis and noise streams), for prices and candles. */
export function venueQuote(seed: number, venue: PublicVenue, spec: CoinSpec): VenueQuote {
  const key = `${seed}:${venue}:${spec.coin}`;
  let quote = quotes.get(key);
  if (!quote) {
    quote = {
      seed,
      coin: spec,
      venue: `${venue}-public:${spec.coin}`,
      basisBp: VENUES[venue].basisBp,
      jitterBp: 0.5,
      dailyVolume: (REFERENCE_OI_USD * (OI_RANK[spec.coin] ?? 0.02) * 2) / spec.referencePrice,
      round: significantRounder(Math.max(0, 6 - spec.szDecimals)),
    };
    quotes.set(key, quote);
  }
  return quote;
}

export const markPrice = (seed: number, venue: PublicVenue, spec: CoinSpec, ms: number) =>
  venueQuote(seed, venue, spec).round(venuePrice(venueQuote(seed, venue, spec), ms));

/** Open interest in coins at `ms`: the venue's share of the coin's level, drifting ±15 % over days. */
export function openInterestCoins(seed: number, venue: PublicVenue, spec: CoinSpec, ms: number): number {
  const usd = REFERENCE_OI_USD * (OI_RANK[spec.coin] ?? 0.02) * VENUES[venue].oiShare;
  const wave = 0.12 * drift(seed, `oi:${venue}:${spec.coin}`, ms, 6 * HOUR_MS);
  return Math.round((usd / spec.referencePrice) * Math.exp(wave) * 1000) / 1000;
}

/** The share of accounts long (Binance's global long/short account ratio), 0.35–0.75. */
export function longAccountShare(seed: number, spec: CoinSpec, ms: number): number {
  const share = 0.58 + 0.07 * drift(seed, `longshort:${spec.coin}`, ms, 12 * HOUR_MS);
  return Math.min(0.75, Math.max(0.35, Math.round(share * 1e4) / 1e4));
}

/** The venue's candle opening at `t`, or null when it opens after `now`. */
export const venueBar = (
  seed: number,
  venue: PublicVenue,
  spec: CoinSpec,
  t: number,
  intervalMs: number,
  now: number,
): Bar | null => generateBar(venueQuote(seed, venue, spec), t, intervalMs, now);

/** Formats a number the way exchanges send decimals: a string with fixed decimals. */
export const decimal = (value: number, decimals = 8) => value.toFixed(decimals);
