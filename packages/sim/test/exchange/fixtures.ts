import {
  ExchangeCore as Core,
  type ExchangeCore,
  type Instrument,
  manualFeed,
} from '../../src/exchange/index.js';

/** A linear (USD-margined) perpetual with round numbers, so hand-computed figures stay readable. */
export const LINEAR: Instrument = {
  symbol: 'BTC-USD',
  underlying: 'BTC',
  settlement: 'linear',
  settlementCurrency: 'USD',
  tickSize: 0.5,
  lotSize: 0.001,
  minSize: 0.001,
  makerFee: 0.0002,
  takerFee: 0.0005,
  maxLeverage: 20,
  maintenanceMarginRate: 0.005,
  fundingIntervalMs: 3_600_000,
};

/** An inverse (coin-margined) perpetual like Deribit's BTC-PERPETUAL: size in USD, 10 USD contracts. */
export const INVERSE: Instrument = {
  symbol: 'BTC-PERPETUAL',
  underlying: 'BTC',
  settlement: 'inverse',
  settlementCurrency: 'BTC',
  tickSize: 0.5,
  lotSize: 10,
  minSize: 10,
  makerFee: 0,
  takerFee: 0.0005,
  maxLeverage: 50,
  maintenanceMarginRate: 0.005,
  fundingIntervalMs: 8 * 3_600_000,
};

export const T0 = Date.UTC(2026, 10, 25, 12, 0, 0);

/** A clock the tests move by hand. */
export function manualClock(start = T0) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/**
 * A core on a hand-set price, with the synthetic makers `halfSpread` away (far by default, so the tests' own
 * resting orders set the prices they need) and level sizes of `levelSize` in order units.
 */
export function testCore({ price = 50_000, halfSpread = 0.2, levelSize = 0, seed = 1 } = {}) {
  const clock = manualClock();
  const feed = manualFeed({ BTC: price });
  const core: ExchangeCore = new Core({
    instruments: [LINEAR, INVERSE],
    feed,
    clock,
    seed,
    depth: (instrument) => ({
      halfSpread,
      levels: 5,
      step: 0.001,
      ...(levelSize > 0
        ? { meanSize: instrument.settlement === 'linear' ? levelSize : levelSize * 1000 }
        : {}),
    }),
  });
  core.deposit('alice', 'USD', 1_000_000);
  core.deposit('bob', 'USD', 1_000_000);
  core.deposit('alice', 'BTC', 10);
  core.deposit('bob', 'BTC', 10);
  return { core, clock, feed };
}
