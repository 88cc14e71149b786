import { COINS, STALE_INVERSE_COIN } from '../market/coins.js';
import {
  baseQuote,
  commonWire,
  DAY_MS,
  inverseFutureWire,
  PERPETUAL_EXPIRY,
  type SimInstrument,
} from './deribit-instrument.js';

/** Perpetuals (inverse BTC/ETH, the stale inverse other coin, USDC-linear for every coin) and spot pairs. */

export function perpetuals(seed: number, now: number): SimInstrument[] {
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
        wire: inverseFutureWire(name, spec, {
          creation,
          tick,
          contractSize,
          settlementPeriod: 'perpetual',
          expiry: PERPETUAL_EXPIRY,
        }),
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

/** Spot pairs `<COIN>_USDC` for the inverse coins, listed under the base coin (filing unverified upstream). */
export function spotPairs(seed: number): SimInstrument[] {
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
