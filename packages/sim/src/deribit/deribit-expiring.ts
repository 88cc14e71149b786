import { black76 } from '../market/black76.js';
import type { CoinSpec } from '../market/coins.js';
import { type Expiry, listingLead, strikeLadder } from '../market/universe.js';
import {
  baseQuote,
  CARRY,
  commonWire,
  inverseFutureWire,
  type SimInstrument,
  yearsTo,
} from './deribit-instrument.js';
import { surfaceState, surfaceVol } from './deribit-surface.js';

/** Dated futures and options on the active expiries, strikes laid around the forward. */

export function datedFuture(seed: number, spec: CoinSpec, expiry: Expiry): SimInstrument {
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
    wire: inverseFutureWire(name, spec, {
      creation,
      tick,
      contractSize,
      settlementPeriod: expiry.kind,
      expiry: expiry.timestamp,
    }),
  };
}

export function options(
  seed: number,
  spec: CoinSpec,
  expiry: Expiry,
  spot: number,
  now: number,
): SimInstrument[] {
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
        const years = yearsTo(expiry.timestamp, ms);
        const vol = surfaceVol(surfaceState(seed, spec, ms), f, strike, years);
        const premium = black76(f, strike, vol, years, optionType);
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
