import type { CoinSpec } from './coins.js';
import { gaussian, streamId, uniform } from './hash.js';
import { type PricePath, pricePath } from './price-path.js';

/** How one venue quotes a coin: its own basis to the shared index, noise and volume level. */
export interface VenueQuote {
  seed: number;
  coin: CoinSpec;
  /** Label that separates the venue's noise streams, e.g. `deribit:BTC-PERPETUAL`. */
  venue: string;
  /** Mean premium over the index in basis points (perpetuals trade a few bp rich). */
  basisBp: number;
  /** Per-sample independent noise in basis points. */
  jitterBp: number;
  /** Typical 24 h volume in base coin. */
  dailyVolume: number;
  /** Rounds a price to the venue's grid. */
  round: (price: number) => number;
  /** Maps the venue's underlying-linked price to the instrument's quote (dated-future carry, option premium). */
  transform?: (price: number, ms: number) => number;
}

export interface Bar {
  /** Open time, epoch ms, aligned to the interval grid. */
  t: number;
  open: number;
  high: number;
  low: number;
  close: number;
  /** Volume in base coin. */
  volume: number;
  /** Trades in the bar. */
  trades: number;
}

const MAX_INTERIOR_SAMPLES = 12;

interface QuoteStreams {
  path: PricePath;
  basis: number;
  bars: Map<number, number>;
  slowCell: number;
  slowLeft: number;
  slowRight: number;
}

const quoteStreams = new WeakMap<VenueQuote, QuoteStreams>();

function streamsOf(quote: VenueQuote): QuoteStreams {
  let streams = quoteStreams.get(quote);
  if (!streams) {
    streams = {
      path: pricePath(quote.seed, quote.coin),
      basis: streamId(`basis:${quote.venue}`),
      bars: new Map(),
      slowCell: Number.NaN,
      slowLeft: 0,
      slowRight: 0,
    };
    quoteStreams.set(quote, streams);
  }
  return streams;
}

const SLOW_BASIS_MS = 256 * 60_000;

/** The venue's traded price at an instant: shared index × (1 + slow basis + jitter). */
export function venuePrice(quote: VenueQuote, ms: number): number {
  const streams = streamsOf(quote);
  const position = ms / SLOW_BASIS_MS;
  const cell = Math.floor(position);
  if (cell !== streams.slowCell) {
    streams.slowCell = cell;
    streams.slowLeft = gaussian(quote.seed, streams.basis, cell * 2);
    streams.slowRight = gaussian(quote.seed, streams.basis, (cell + 1) * 2);
  }
  const slow = streams.slowLeft + (streams.slowRight - streams.slowLeft) * (position - cell);
  const jitter = gaussian(quote.seed, streams.basis, Math.floor(ms / 1000) * 2 + 1);
  const basis = (quote.basisBp + 2 * slow + quote.jitterBp * jitter) * 1e-4;
  const price = streams.path.priceAt(ms) * (1 + basis);
  return quote.transform ? quote.transform(price, ms) : price;
}

/**
 * The bar opening at `t` (aligned) of length `intervalMs`, as a pure function
 * of (seed, coin, venue, t, interval). A bar still forming at `nowMs` ends at
 * `nowMs` (its close is the current price); bars opening after now do not exist.
 * High and low come from up to 12 interior samples plus a volatility-scaled
 * wick, so the cost is O(1) per bar whatever the interval.
 */
export function generateBar(quote: VenueQuote, t: number, intervalMs: number, nowMs: number): Bar | null {
  if (t > nowMs) return null;
  const end = Math.min(t + intervalMs, nowMs);
  const span = end - t;
  const open = venuePrice(quote, t);
  const close = venuePrice(quote, end);
  let high = Math.max(open, close);
  let low = Math.min(open, close);
  const minutes = Math.max(1, span / 60_000);
  const samples = Math.min(MAX_INTERIOR_SAMPLES, Math.floor(minutes) - 1);
  for (let j = 1; j <= samples; j++) {
    const price = venuePrice(quote, t + (span * j) / (samples + 1));
    if (price > high) high = price;
    if (price < low) low = price;
  }
  const streams = streamsOf(quote);
  let stream = streams.bars.get(intervalMs);
  if (stream === undefined) {
    stream = streamId(`bar:${quote.venue}:${intervalMs}`);
    streams.bars.set(intervalMs, stream);
  }
  const index = Math.floor(t / intervalMs);
  const vol = streams.path.perMinuteVol * Math.sqrt(minutes / (samples + 1));
  high *= 1 + 0.6 * vol * Math.abs(gaussian(quote.seed, stream, index * 3));
  low *= 1 - 0.6 * vol * Math.abs(gaussian(quote.seed, stream, index * 3 + 1));
  const move = Math.abs(Math.log(close / open)) / (vol * Math.sqrt(samples + 1) + 1e-12);
  const activity = Math.exp(0.45 * gaussian(quote.seed, stream, index * 3 + 2)) * (0.7 + 0.3 * move);
  const volume = ((quote.dailyVolume * minutes) / 1440) * activity;
  const rounded = {
    open: quote.round(open),
    close: quote.round(close),
    high: quote.round(high),
    low: quote.round(low),
  };
  return {
    t,
    open: rounded.open,
    close: rounded.close,
    high: Math.max(rounded.high, rounded.open, rounded.close),
    low: Math.min(rounded.low, rounded.open, rounded.close),
    volume: Math.round(volume * 1e4) / 1e4,
    trades: Math.max(1, Math.round(volume * 40 * uniform(quote.seed, stream, index * 3 + 2) + minutes)),
  };
}

/** Rounds to a fixed tick (Deribit style). */
export function tickRounder(tick: number): (price: number) => number {
  const scale = 10 ** Math.max(0, -Math.floor(Math.log10(tick) + 1e-9));
  // Rounding the product once more to the tick's decimals removes binary noise (0.1 * 3 → 0.3).
  return (price) => Math.round(Math.round(price / tick) * tick * scale) / scale;
}

/** Rounds to 5 significant figures with at most `maxDecimals` decimals (Hyperliquid perps: 6 − szDecimals). */
export function significantRounder(maxDecimals: number): (price: number) => number {
  return (price) => {
    if (price >= 1e5) return Math.round(price);
    const magnitude = Math.floor(Math.log10(price));
    const scale = 10 ** Math.min(maxDecimals, Math.max(0, 4 - magnitude));
    return Math.round(price * scale) / scale;
  };
}
