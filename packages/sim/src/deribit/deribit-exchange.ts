import { ExchangeCore } from '../exchange/exchange-core.js';
import type { Instrument } from '../exchange/instrument.js';
import { type MarketFeed, premiumFunding } from '../exchange/market-feed.js';
import { venuePrice } from '../market/candles.js';
import { environmentSeed } from '../market/environment-seed.js';
import { pricePath } from '../market/price-path.js';
import type { SimContext } from '../simulator.js';
import { catalogue, type SimInstrument } from './deribit-catalogue.js';

/**
 * The Deribit simulator's exchange core (packages/sim/src/exchange) over its catalogue, in Deribit's units
 * (notes §3.4): inverse futures and perpetuals trade USD amounts in contract-size steps and settle in the
 * coin; inverse options trade coin amounts at coin prices (so the core's linear arithmetic, settled in the
 * coin); USDC-linear products trade coin amounts at USDC prices. Marks follow the same price path as the
 * public methods; a test may shift a coin's path (`POST /__sim/optx/shift`) to move the market through a stop.
 */

/** The one account behind the simulator's API key, funded at start. */
export const OPTX_ACCOUNT = 'main';
const FUNDING = { BTC: 10, ETH: 100, USDC: 1_000_000, SOL: 0 } as Record<string, number>;
const EIGHT_HOURS = 8 * 3_600_000;

export interface OptxMarket {
  core: ExchangeCore;
  /** The catalogue record of every instrument the core trades, by name. */
  instruments: ReadonlyMap<string, SimInstrument>;
  /** Multiplies a coin's price path (1 when unset): the test control of the market's level. */
  shift: Map<string, number>;
  seed: number;
  /** The instance's clock. */
  now: () => number;
  /**
   * Index and mark of an instrument now, from the feed, without the core observing the whole market again
   * (the core's own queries each do): for the prices printed beside an answer the core already gave.
   */
  quote(symbol: string): { index: number; mark: number };
}

const markets = new WeakMap<ExchangeCore, OptxMarket>();

export function optxMarketOf(core: ExchangeCore): OptxMarket {
  const market = markets.get(core);
  if (!market) throw new Error('not an optx exchange core');
  return market;
}

function coreInstrument(sim: SimInstrument): Instrument | null {
  if (sim.stale || sim.kind === 'spot') return null;
  const wire = sim.wire as Record<
    'contract_size' | 'min_trade_amount' | 'maker_commission' | 'taker_commission',
    number
  >;
  const option = sim.kind === 'option';
  const base = {
    symbol: sim.name,
    underlying: sim.spec.coin,
    tickSize: sim.tick,
    lotSize: option ? wire.min_trade_amount : wire.contract_size,
    minSize: wire.min_trade_amount,
    makerFee: wire.maker_commission,
    takerFee: wire.taker_commission,
    ...(sim.kind === 'future' && sim.expiry === null ? { fundingIntervalMs: EIGHT_HOURS } : {}),
  };
  if (option)
    // Premium paid in full: leverage 1. Coin price × coin amount, settled in the option's currency.
    return {
      ...base,
      settlement: 'linear',
      settlementCurrency: sim.inverse ? sim.spec.coin : 'USDC',
      maxLeverage: 1,
      maintenanceMarginRate: 0.5,
    };
  return sim.inverse
    ? {
        ...base,
        settlement: 'inverse',
        settlementCurrency: sim.spec.coin,
        maxLeverage: 50,
        maintenanceMarginRate: 0.01,
      }
    : {
        ...base,
        settlement: 'linear',
        settlementCurrency: 'USDC',
        maxLeverage: 25,
        maintenanceMarginRate: 0.02,
      };
}

/**
 * Index and marks are recomputed every 100 ms, as a venue publishes them in steps (Deribit's mark moves on its own
 * ticks): with hundreds of options, pricing each on every operation would make the simulator, not the
 * gateway, the slow part of an order. A shift applies at once (it clears the memo).
 */
const MARK_STEP_MS = 100;

function marketFeed(market: Omit<OptxMarket, 'core' | 'quote'>): MarketFeed {
  const factor = (sim: SimInstrument) => market.shift.get(sim.spec.coin) ?? 1;
  const sim = (instrument: Instrument) => market.instruments.get(instrument.symbol)!;
  const indexes = new Map<string, { step: number; shift: number; index: number }>();
  const index = (instrument: Instrument, at: number) => {
    const of = sim(instrument);
    const step = Math.floor(at / MARK_STEP_MS);
    const shift = factor(of);
    const held = indexes.get(of.spec.coin);
    if (held && held.step === step && held.shift === shift) return held.index;
    const value =
      Math.round(pricePath(market.seed, of.spec).priceAt(step * MARK_STEP_MS) * shift * 100) / 100;
    indexes.set(of.spec.coin, { step, shift, index: value });
    return value;
  };
  const memo = new Map<string, { step: number; shift: number; mark: number }>();
  const mark = (instrument: Instrument, at: number) => {
    const step = Math.floor(at / MARK_STEP_MS);
    const shift = factor(sim(instrument));
    const held = memo.get(instrument.symbol);
    if (held && held.step === step && held.shift === shift) return held.mark;
    const value = freshMark(instrument, step * MARK_STEP_MS);
    memo.set(instrument.symbol, { step, shift, mark: value });
    return value;
  };
  const freshMark = (instrument: Instrument, at: number) => {
    const of = sim(instrument);
    if (of.kind !== 'option') return of.quote.round(venuePrice(of.quote, at) * factor(of));
    // An option's mark follows its (shifted) underlying through the same Black-76 transform as its quotes.
    const spot = pricePath(market.seed, of.spec).priceAt(at) * factor(of);
    return of.quote.round(of.quote.transform ? of.quote.transform(spot, at) : spot);
  };
  return {
    index,
    mark,
    fundingRate: (instrument, at) => premiumFunding(mark(instrument, at), index(instrument, at)) / 3,
  };
}

/** `SimulatorDefinition.exchange` of optx: the catalogue at start, funded, on the instance's clock. */
export function optxExchange(context: SimContext): ExchangeCore {
  const seed = environmentSeed(context);
  const listed = catalogue(seed, context.now());
  const instruments = new Map<string, SimInstrument>();
  const coreInstruments: Instrument[] = [];
  for (const sim of listed) {
    const instrument = coreInstrument(sim);
    if (!instrument) continue;
    instruments.set(sim.name, sim);
    coreInstruments.push(instrument);
  }
  const now = () => context.clock.now();
  const partial = { instruments, shift: new Map<string, number>(), seed, now };
  const feed = marketFeed(partial);
  const byName = new Map(coreInstruments.map((instrument) => [instrument.symbol, instrument]));
  const quote = (symbol: string) => {
    const instrument = byName.get(symbol)!;
    return { index: feed.index(instrument, now()), mark: feed.mark(instrument, now()) };
  };
  const core = new ExchangeCore({
    instruments: coreInstruments,
    feed,
    clock: context.clock,
    seed: context.seed,
    depth: (instrument) =>
      instruments.get(instrument.symbol)?.kind === 'option'
        ? { meanSize: instrument.lotSize * 50, halfSpread: 0.02, step: 0.02 }
        : {},
  });
  markets.set(core, { ...partial, quote, core });
  for (const [currency, amount] of Object.entries(FUNDING))
    if (amount > 0) core.deposit(OPTX_ACCOUNT, currency, amount);
  return core;
}
