import { black76, smileVol } from '../market/black76.js';
import { tickRounder, type VenueQuote } from '../market/candles.js';
import { COINS, type CoinSpec, STALE_INVERSE_COIN } from '../market/coins.js';
import { streamId } from '../market/hash.js';
import { pricePath } from '../market/price-path.js';
import { activeExpiries, type Expiry, listingLead, strikeLadder } from '../market/universe.js';

/** Deribit's instrument catalogue, generated from the seed and the clock (notes §12.1 item 6). */

export const PERPETUAL_EXPIRY = 32_503_708_800_000;
const YEAR_MS = 365 * 86_400_000;
const DAY_MS = 86_400_000;
const CARRY = 0.05;

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

const yearsTo = (expiry: number, ms: number) => Math.max(0, (expiry - ms) / YEAR_MS);

function baseQuote(seed: number, spec: CoinSpec, name: string, tick: number, liquidity: number): VenueQuote {
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

function commonWire(name: string, spec: CoinSpec, creation: number, tick: number) {
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

function perpetuals(seed: number, now: number): SimInstrument[] {
  const out: SimInstrument[] = [];
  for (const spec of COINS) {
    if (spec.deribitInverse || spec.coin === STALE_INVERSE_COIN) {
      const stale = !spec.deribitInverse;
      const name = `${spec.coin}-PERPETUAL`;
      const tick = spec.coin === 'BTC' ? 0.5 : spec.coin === 'ETH' ? 0.05 : 0.0001;
      const contractSize = spec.coin === 'BTC' ? 10 : 1;
      const creation =
        spec.coin === 'BTC' ? 1_534_242_287_000 : spec.coin === 'ETH' ? 1_552_568_400_000 : 1_609_459_200_000;
      const quote = baseQuote(seed, spec, name, tick, stale ? 0.0005 : 1);
      if (stale) quote.transform = (price) => 0.55 * price + 0.2 * spec.referencePrice;
      out.push({
        name,
        kind: 'future',
        spec,
        listedUnder: stale ? 'any' : spec.coin,
        inverse: true,
        stale,
        creation,
        expiry: null,
        strike: null,
        optionType: null,
        tick,
        liquidity: stale ? 0.0005 : 1,
        quote,
        wire: {
          ...commonWire(name, spec, creation, tick),
          kind: 'future',
          quote_currency: 'USD',
          counter_currency: 'USD',
          settlement_currency: spec.coin,
          instrument_type: 'reversed',
          future_type: 'reversed',
          settlement_period: 'perpetual',
          expiration_timestamp: PERPETUAL_EXPIRY,
          tick_size_steps: [],
          min_trade_amount: contractSize,
          contract_size: contractSize,
          maker_commission: 0,
          taker_commission: 0.0005,
          max_leverage: 50,
          max_liquidation_commission: 0.0075,
          price_index: `${spec.coin.toLowerCase()}_usd`,
          block_trade_commission: 0.00025,
          block_trade_min_trade_amount: 200_000,
          block_trade_tick_size: 0.01,
        },
      });
    }
    const name = `${spec.coin}_USDC-PERPETUAL`;
    const creation = spec.deribitInverse
      ? 1_646_092_800_000
      : Math.floor((now - 730 * DAY_MS) / DAY_MS) * DAY_MS;
    const liquidity = spec.deribitInverse ? 0.25 : 0.08;
    out.push({
      name,
      kind: 'future',
      spec,
      listedUnder: 'USDC',
      inverse: false,
      stale: false,
      creation,
      expiry: null,
      strike: null,
      optionType: null,
      tick: spec.linearTick,
      liquidity,
      quote: baseQuote(seed, spec, name, spec.linearTick, liquidity),
      wire: {
        ...commonWire(name, spec, creation, spec.linearTick),
        kind: 'future',
        quote_currency: 'USDC',
        counter_currency: 'USDC',
        settlement_currency: 'USDC',
        instrument_type: 'linear',
        future_type: 'linear',
        settlement_period: 'perpetual',
        expiration_timestamp: PERPETUAL_EXPIRY,
        tick_size_steps: [],
        min_trade_amount: spec.linearContractSize,
        contract_size: spec.linearContractSize,
        maker_commission: 0.00015,
        taker_commission: 0.00035,
        max_leverage: 25,
        max_liquidation_commission: 0.0075,
        price_index: `${spec.coin.toLowerCase()}_usdc`,
        block_trade_commission: 0.00025,
        block_trade_min_trade_amount: 100,
        block_trade_tick_size: spec.linearTick,
      },
    });
  }
  return out;
}

function datedFuture(seed: number, spec: CoinSpec, expiry: Expiry): SimInstrument {
  const name = `${spec.coin}-${expiry.code}`;
  const tick = spec.coin === 'BTC' ? 2.5 : 0.25;
  const creation = expiry.timestamp - listingLead(expiry.kind);
  const quote = baseQuote(seed, spec, name, tick, 0.05);
  quote.transform = (price, ms) => price * Math.exp(CARRY * yearsTo(expiry.timestamp, ms));
  const contractSize = spec.coin === 'BTC' ? 10 : 1;
  return {
    name,
    kind: 'future',
    spec,
    listedUnder: spec.coin,
    inverse: true,
    stale: false,
    creation,
    expiry: expiry.timestamp,
    strike: null,
    optionType: null,
    tick,
    liquidity: 0.05,
    quote,
    wire: {
      ...commonWire(name, spec, creation, tick),
      kind: 'future',
      quote_currency: 'USD',
      counter_currency: 'USD',
      settlement_currency: spec.coin,
      instrument_type: 'reversed',
      future_type: 'reversed',
      settlement_period: expiry.kind,
      expiration_timestamp: expiry.timestamp,
      tick_size_steps: [],
      min_trade_amount: contractSize,
      contract_size: contractSize,
      maker_commission: 0,
      taker_commission: 0.0005,
      max_leverage: 50,
      max_liquidation_commission: 0.0075,
      price_index: `${spec.coin.toLowerCase()}_usd`,
      block_trade_commission: 0.00025,
      block_trade_min_trade_amount: 200_000,
      block_trade_tick_size: 0.01,
    },
  };
}

function options(seed: number, spec: CoinSpec, expiry: Expiry, spot: number, now: number): SimInstrument[] {
  const linear = !spec.deribitInverse;
  const prefix = linear ? `${spec.coin}_USDC` : spec.coin;
  const forward = spot * Math.exp(CARRY * yearsTo(expiry.timestamp, now));
  const tick = linear ? spec.linearTick : 0.0001;
  const creation = expiry.timestamp - listingLead(expiry.kind);
  const out: SimInstrument[] = [];
  for (const strike of strikeLadder(forward, yearsTo(expiry.timestamp, now))) {
    const strikeText = String(strike).replace('.', 'd');
    for (const optionType of ['call', 'put'] as const) {
      const name = `${prefix}-${expiry.code}-${strikeText}-${optionType === 'call' ? 'C' : 'P'}`;
      const quote = baseQuote(seed, spec, name, tick, 0.002);
      quote.transform = (price, ms) => {
        const f = price * Math.exp(CARRY * yearsTo(expiry.timestamp, ms));
        const vol = smileVol(spec.annualVol, f, strike);
        const premium = black76(f, strike, vol, yearsTo(expiry.timestamp, ms), optionType);
        return linear ? Math.max(tick, premium) : Math.max(tick, premium / f);
      };
      out.push({
        name,
        kind: 'option',
        spec,
        listedUnder: linear ? 'USDC' : spec.coin,
        inverse: !linear,
        stale: false,
        creation,
        expiry: expiry.timestamp,
        strike,
        optionType,
        tick,
        liquidity: 0.002,
        quote,
        wire: {
          ...commonWire(name, spec, creation, tick),
          kind: 'option',
          strike,
          option_type: optionType,
          quote_currency: linear ? 'USDC' : spec.coin,
          counter_currency: linear ? 'USDC' : 'USD',
          settlement_currency: linear ? 'USDC' : spec.coin,
          instrument_type: linear ? 'linear' : 'reversed',
          settlement_period: expiry.kind,
          expiration_timestamp: expiry.timestamp,
          tick_size_steps: linear ? [] : [{ above_price: 0.005, tick_size: 0.0005 }],
          min_trade_amount: linear ? 1 : spec.coin === 'BTC' ? 0.1 : 1,
          contract_size: 1,
          maker_commission: 0.0003,
          taker_commission: 0.0003,
          price_index: linear ? `${spec.coin.toLowerCase()}_usdc` : `${spec.coin.toLowerCase()}_usd`,
          block_trade_commission: 0.0003,
          block_trade_min_trade_amount: 25,
          block_trade_tick_size: tick,
        },
      });
    }
  }
  return out;
}

/** Spot pairs `<COIN>_USDC` for the inverse coins, listed under the base coin (filing unverified upstream). */
function spotPairs(seed: number): SimInstrument[] {
  return COINS.filter((spec) => spec.deribitInverse).map((spec) => {
    const name = `${spec.coin}_USDC`;
    const tick = spec.coin === 'BTC' ? 1 : 0.1;
    const creation = 1_672_531_200_000;
    return {
      name,
      kind: 'spot',
      spec,
      listedUnder: spec.coin,
      inverse: false,
      stale: false,
      creation,
      expiry: null,
      strike: null,
      optionType: null,
      tick,
      liquidity: 0.05,
      quote: baseQuote(seed, spec, name, tick, 0.05),
      wire: {
        ...commonWire(name, spec, creation, tick),
        kind: 'spot',
        quote_currency: 'USDC',
        counter_currency: 'USDC',
        expiration_timestamp: PERPETUAL_EXPIRY,
        tick_size_steps: [],
        min_trade_amount: 0.0001,
        contract_size: 0.0001,
        maker_commission: 0,
        taker_commission: 0,
        price_index: `${spec.coin.toLowerCase()}_usdc`,
      },
    };
  });
}

const catalogues = new Map<string, SimInstrument[]>();

/**
 * Every active instrument at `now`. Rebuilt once per expiry cycle (08:00 UTC):
 * strikes are laid around the index at the start of the cycle, so a pinned
 * clock always sees the same catalogue.
 */
export function catalogue(seed: number, now: number): SimInstrument[] {
  const expiries = activeExpiries(now);
  const cycleStart = (expiries[0]?.timestamp ?? now) - DAY_MS;
  const key = `${seed}:${cycleStart}`;
  const cached = catalogues.get(key);
  if (cached) return cached;
  const all = [...perpetuals(seed, cycleStart), ...spotPairs(seed)];
  for (const spec of COINS) {
    const spot = pricePath(seed, spec).priceAt(cycleStart);
    for (const expiry of expiries) {
      if (spec.deribitInverse && expiry.kind !== 'day') all.push(datedFuture(seed, spec, expiry));
      const hasOptions =
        spec.deribitInverse ||
        (spec.coin === 'SOL' && (expiry.kind === 'month' || expiry.kind === 'quarter'));
      if (hasOptions) all.push(...options(seed, spec, expiry, spot, cycleStart));
    }
  }
  if (catalogues.size > 16) catalogues.clear();
  catalogues.set(key, all);
  return all;
}

const indexes = new WeakMap<SimInstrument[], Map<string, SimInstrument>>();

export function findInstrument(seed: number, now: number, name: string): SimInstrument | undefined {
  const all = catalogue(seed, now);
  let byName = indexes.get(all);
  if (!byName) {
    byName = new Map(all.map((instrument) => [instrument.name, instrument]));
    indexes.set(all, byName);
  }
  return byName.get(name);
}
