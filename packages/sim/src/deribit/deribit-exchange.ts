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
   * Index and mark of an instrument now, from the feed, without another look of the core (its own queries each
   * take one): for the prices printed beside an answer the core already gave.
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
 * gateway, the slow part of an order. A shift applies at once (it is part of what a held value is valid for).
 */
const MARK_STEP_MS = 100;

/** A coin's underlying in one mark step: the spot every instrument of the coin is marked from, and its index. */
interface CoinStep {
  step: number;
  shift: number;
  spot: number;
  index: number;
}

/** What the feed holds for one instrument: its catalogue record, its coin's step, its mark in one step. */
interface MarkSlot {
  sim: SimInstrument;
  coin: CoinStep;
  step: number;
  shift: number;
  mark: number;
}

function marketFeed(market: Omit<OptxMarket, 'core' | 'quote'>): MarketFeed {
  // The core asks for the index and mark of each market it reads; within a step each answer is one lookup by
  // the instrument object and two comparisons. The underlying is read once per coin and step.
  const coins = new Map<string, CoinStep>();
  const slots = new Map<Instrument, MarkSlot>();
  const slotOf = (instrument: Instrument) => {
    let slot = slots.get(instrument);
    if (!slot) {
      const sim = market.instruments.get(instrument.symbol)!;
      let coin = coins.get(sim.spec.coin);
      if (!coin) {
        coin = { step: Number.NaN, shift: Number.NaN, spot: 0, index: 0 };
        coins.set(sim.spec.coin, coin);
      }
      slot = { sim, coin, step: Number.NaN, shift: Number.NaN, mark: 0 };
      slots.set(instrument, slot);
    }
    return slot;
  };
  const factor = (slot: MarkSlot) => market.shift.get(slot.sim.spec.coin) ?? 1;
  const coinAt = (slot: MarkSlot, step: number, shift: number) => {
    const coin = slot.coin;
    if (coin.step !== step || coin.shift !== shift) {
      const spot = pricePath(market.seed, slot.sim.spec).priceAt(step * MARK_STEP_MS) * shift;
      coin.step = step;
      coin.shift = shift;
      coin.spot = spot;
      coin.index = Math.round(spot * 100) / 100;
    }
    return coin;
  };
  const index = (instrument: Instrument, at: number) => {
    const slot = slotOf(instrument);
    return coinAt(slot, Math.floor(at / MARK_STEP_MS), factor(slot)).index;
  };
  const mark = (instrument: Instrument, at: number) => {
    const slot = slotOf(instrument);
    const step = Math.floor(at / MARK_STEP_MS);
    const shift = factor(slot);
    if (slot.step !== step || slot.shift !== shift) {
      slot.mark = freshMark(slot, step, shift);
      slot.step = step;
      slot.shift = shift;
    }
    return slot.mark;
  };
  const freshMark = (slot: MarkSlot, step: number, shift: number) => {
    const { sim } = slot;
    const at = step * MARK_STEP_MS;
    if (sim.kind !== 'option') return sim.quote.round(venuePrice(sim.quote, at) * shift);
    // An option's mark follows its (shifted) underlying through the same Black-76 transform as its quotes.
    const spot = coinAt(slot, step, shift).spot;
    return sim.quote.round(sim.quote.transform ? sim.quote.transform(spot, at) : spot);
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
