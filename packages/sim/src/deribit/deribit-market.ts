import { generateBar, venuePrice } from '../market/candles.js';
import { COINS } from '../market/coins.js';
import { streamId, uniform } from '../market/hash.js';
import { pricePath } from '../market/price-path.js';
import type { SimInstrument } from './deribit-catalogue.js';
import { optionTickerFields } from './deribit-option-marks.js';

/** Ticker, index price and book summary built from the same market state as the candles (notes §4.1, §4.2, §4.5). */

const DAY_MS = 86_400_000;
/** Amounts on a 1e-8 grid, as the wire shows them (no binary noise such as 1.2000000000000002). */
const amount = (value: number) => Math.round(value * 1e8) / 1e8;

/** Index names the simulator knows: `<coin>_usd` for the inverse coins, `<coin>_usdc` for every coin. */
export function indexPrice(seed: number, indexName: string, now: number): number | undefined {
  const [coin, quote] = indexName.toUpperCase().split('_');
  const spec = COINS.find((candidate) => candidate.coin === coin);
  if (!spec || (quote !== 'USDC' && !(quote === 'USD' && spec.deribitInverse))) return undefined;
  return Math.round(pricePath(seed, spec).priceAt(now) * 1e4) / 1e4;
}

/** Open interest in the amount units of notes §3.4: USD for inverse futures, coin otherwise. */
function openInterest(seed: number, instrument: SimInstrument, mark: number, now: number): number {
  const wobble = 0.8 + 0.4 * uniform(seed, streamId(`oi:${instrument.name}`), Math.floor(now / 3_600_000));
  const coins = (2e8 / instrument.spec.referencePrice) * instrument.liquidity * wobble;
  if (instrument.kind === 'option') return Math.round(coins * 10) / 10;
  return instrument.inverse ? Math.round((coins * mark) / 10) * 10 : Math.round(coins * 1000) / 1000;
}

function stats(instrument: SimInstrument, now: number) {
  const day = generateBar(instrument.quote, now - DAY_MS, DAY_MS, now);
  if (!day || instrument.creation > now - DAY_MS)
    return { volume: 0, volume_usd: 0, high: null, low: null, price_change: null };
  return {
    volume: day.volume,
    volume_usd: Math.round(day.volume * pricePath(instrument.quote.seed, instrument.spec).priceAt(now)),
    high: day.high,
    low: day.low,
    price_change: Math.round(((day.close - day.open) / day.open) * 1e6) / 1e4,
  };
}

export function ticker(seed: number, instrument: SimInstrument, now: number): Record<string, unknown> {
  const index = pricePath(seed, instrument.spec).priceAt(now);
  const mark = instrument.quote.round(venuePrice(instrument.quote, now));
  const last = instrument.stale
    ? instrument.quote.round(venuePrice(instrument.quote, now - 40 * DAY_MS))
    : mark;
  const tick = instrument.tick;
  const result: Record<string, unknown> = {
    instrument_name: instrument.name,
    timestamp: now,
    state: 'open',
    best_bid_price: instrument.stale ? null : instrument.quote.round(mark - tick),
    best_ask_price: instrument.stale ? null : instrument.quote.round(mark + tick),
    best_bid_amount: instrument.stale ? 0 : amount(10 * Number(instrument.wire.min_trade_amount)),
    best_ask_amount: instrument.stale ? 0 : amount(12 * Number(instrument.wire.min_trade_amount)),
    last_price: last,
    mark_price: mark,
    index_price: Math.round(index * 100) / 100,
    estimated_delivery_price: Math.round(index * 100) / 100,
    settlement_price: mark,
    min_price: instrument.quote.round(mark * 0.985),
    max_price: instrument.quote.round(mark * 1.015),
    open_interest: openInterest(seed, instrument, mark, now),
    stats: stats(instrument, now),
  };
  if (instrument.kind === 'option') {
    const { volume, ...option } = optionTickerFields(seed, instrument, now);
    const day = result.stats as Record<string, unknown>;
    Object.assign(result, option, {
      last_price: option.mark_price,
      settlement_price: option.mark_price,
      min_price: instrument.tick,
      max_price: instrument.quote.round(option.mark_price * 1.5 + 0.01),
      stats: { ...day, volume, volume_usd: Math.round(volume * index) },
    });
  }
  if (instrument.kind === 'future' && instrument.expiry === null) {
    const funding = Math.max(-0.005, Math.min(0.005, (mark - index) / index));
    result.current_funding = Number(funding.toFixed(8));
    result.funding_8h = Number((funding * 0.8).toFixed(8));
    result.interest_value = 0;
  }
  return result;
}

/** One row of `public/get_book_summary_by_currency`: no greeks, `creation_timestamp` = snapshot time. */
export function bookSummary(seed: number, instrument: SimInstrument, now: number): Record<string, unknown> {
  const full = ticker(seed, instrument, now);
  const day = full.stats as {
    volume: number;
    volume_usd: number;
    high: number | null;
    low: number | null;
    price_change: number | null;
  };
  const bid = full.best_bid_price as number | null;
  const ask = full.best_ask_price as number | null;
  return {
    instrument_name: instrument.name,
    base_currency: instrument.spec.coin,
    quote_currency: instrument.wire.quote_currency,
    creation_timestamp: now,
    bid_price: bid,
    ask_price: ask,
    mid_price: bid !== null && ask !== null ? (bid + ask) / 2 : null,
    mark_price: full.mark_price,
    last: full.last_price,
    high: day.high,
    low: day.low,
    price_change: day.price_change,
    volume: day.volume,
    volume_usd: day.volume_usd,
    open_interest: full.open_interest,
    estimated_delivery_price: full.estimated_delivery_price,
    ...(instrument.kind === 'option'
      ? {
          mark_iv: full.mark_iv,
          underlying_price: full.underlying_price,
          underlying_index: full.underlying_index,
          interest_rate: full.interest_rate,
        }
      : {}),
    ...(full.current_funding !== undefined
      ? { current_funding: full.current_funding, funding_8h: full.funding_8h }
      : {}),
  };
}
