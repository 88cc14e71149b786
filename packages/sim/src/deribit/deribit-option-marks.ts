import { black76, normalCdf } from '../market/black76.js';
import { streamId, uniform } from '../market/hash.js';
import { pricePath } from '../market/price-path.js';
import { strikeStep } from '../market/universe.js';
import type { SimInstrument } from './deribit-catalogue.js';
import { CARRY, yearsTo } from './deribit-instrument.js';
import { surfaceState, surfaceVol } from './deribit-surface.js';

/**
 * What a real option ticker and book summary carry beyond the common fields (notes §4.1, §4.2, §7): the
 * forward, mark_iv from the drifting surface, the mark in coin, greeks, and open interest and 24 h volume
 * shaped as real chains are: most near the money, more at round strikes, more in longer-dated series, puts
 * richer below the forward and calls above, with a put/call balance that drifts day to day.
 */

const DAY_MS = 86_400_000;
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const SERIES_WEIGHT: Record<string, number> = { day: 0.15, week: 0.45, month: 1, quarter: 1.6 };

export function optionForward(seed: number, instrument: SimInstrument, now: number): number {
  return pricePath(seed, instrument.spec).priceAt(now) * Math.exp(CARRY * yearsTo(instrument.expiry!, now));
}

/** Open interest in coins and 24 h volume in coins of one option at `now`. */
export function optionActivity(seed: number, instrument: SimInstrument, forward: number, now: number) {
  const years = yearsTo(instrument.expiry!, now);
  const strike = instrument.strike!;
  const m = Math.log(strike / forward) / (0.08 + 0.35 * Math.sqrt(years));
  const day = Math.floor(now / DAY_MS);
  const series = SERIES_WEIGHT[String(instrument.wire.settlement_period)] ?? 0.5;
  const roundness = strike % (4 * strikeStep(forward)) === 0 ? 1.8 : 1;
  const putTilt = 1 + 0.5 * (uniform(seed, streamId(`pc:${instrument.spec.coin}`), day) - 0.5);
  const side =
    instrument.optionType === 'put' ? (strike < forward ? 1.4 * putTilt : 0.35) : strike > forward ? 1 : 0.35;
  const wobble = 0.85 + 0.3 * uniform(seed, streamId(`oi:${instrument.name}`), day);
  const base = (6e7 / instrument.spec.referencePrice) * series;
  const openInterest = base * Math.exp(-0.5 * m * m) * roundness * side * wobble;
  const turnover = 0.04 + 0.2 * uniform(seed, streamId(`vol:${instrument.name}`), day);
  return {
    openInterest: round(openInterest, 1),
    volume: round(openInterest * turnover * (years < 14 / 365 ? 2 : 1), 1),
  };
}

/** The option-only fields of `public/ticker` (greeks included) at `now`. */
export function optionTickerFields(seed: number, instrument: SimInstrument, now: number) {
  const forward = optionForward(seed, instrument, now);
  const years = yearsTo(instrument.expiry!, now);
  const strike = instrument.strike!;
  const vol = surfaceVol(surfaceState(seed, instrument.spec, now), forward, strike, years);
  const type = instrument.optionType!;
  const usd = black76(forward, strike, vol, years, type);
  const mark = Math.max(instrument.tick, round(instrument.inverse ? usd / forward : usd, 8));
  const spread = Math.max(instrument.tick, mark * 0.02);
  const sqrtT = Math.sqrt(Math.max(years, 1e-9));
  const d1 = (Math.log(forward / strike) + (vol * vol * years) / 2) / (vol * sqrtT);
  const pdf = Math.exp((-d1 * d1) / 2) / Math.sqrt(2 * Math.PI);
  const d2 = d1 - vol * sqrtT;
  const delta = type === 'call' ? normalCdf(d1) : -normalCdf(-d1);
  const rho =
    type === 'call' ? (strike * years * normalCdf(d2)) / 100 : (-strike * years * normalCdf(-d2)) / 100;
  const activity = optionActivity(seed, instrument, forward, now);
  const expiryCode = instrument.name.split('-')[1];
  const hasFuture = instrument.inverse && instrument.wire.settlement_period !== 'day';
  return {
    underlying_price: round(forward, 2),
    underlying_index: hasFuture
      ? `${instrument.spec.coin}-${expiryCode}`
      : `SYN.${instrument.spec.coin}-${expiryCode}`,
    interest_rate: 0,
    mark_price: mark,
    mark_iv: round(vol * 100, 2),
    bid_iv: round(vol * 100 - 1.5, 2),
    ask_iv: round(vol * 100 + 1.5, 2),
    best_bid_price: round(Math.max(instrument.tick, mark - spread), 8),
    best_ask_price: round(mark + spread, 8),
    open_interest: activity.openInterest,
    volume: activity.volume,
    greeks: {
      delta: round(delta, 5),
      gamma: round(pdf / (forward * vol * sqrtT), 5),
      vega: round((forward * pdf * sqrtT) / 100, 5),
      theta: round(-((forward * pdf * vol) / (2 * sqrtT)) / 365, 5),
      rho: round(rho, 5),
    },
  };
}
