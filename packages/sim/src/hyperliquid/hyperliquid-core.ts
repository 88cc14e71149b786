import { ExchangeCore } from '../exchange/exchange-core.js';
import type { Instrument } from '../exchange/instrument.js';
import type { MarketFeed } from '../exchange/market-feed.js';
import { venuePrice } from '../market/candles.js';
import { environmentSeed } from '../market/environment-seed.js';
import { pricePath } from '../market/price-path.js';
import type { SimContext } from '../simulator.js';
import { findAsset, hyperliquidQuote, PERP_UNIVERSE } from './hyperliquid-universe.js';

/**
 * The perpdex exchange core: every listed perp of the universe as a linear USDC contract, priced by the same
 * oracle and mark the `/info` contexts report (so triggers fire on the mark a client reads), funding settled
 * on every full hour at the hourly rate of `metaAndAssetCtxs`.
 */

export const HOUR_MS = 3_600_000;
export const TAKER_FEE = 0.00045;
export const MAKER_FEE = 0.00015;

/** The grid the core keeps: 5 significant figures at the coin's reference price, never finer than 6 − szDecimals. */
function tickOf(referencePrice: number, szDecimals: number): number {
  const decimals = Math.min(6 - szDecimals, Math.max(0, 4 - Math.floor(Math.log10(referencePrice))));
  return Number((10 ** -decimals).toFixed(decimals));
}

export function perpInstruments(): Instrument[] {
  const instruments: Instrument[] = [];
  for (const asset of PERP_UNIVERSE) {
    if (asset.delisted || !asset.spec) continue;
    const lot = Number((10 ** -asset.szDecimals).toFixed(asset.szDecimals));
    instruments.push({
      symbol: asset.name,
      underlying: asset.spec.coin,
      settlement: 'linear',
      settlementCurrency: 'USDC',
      tickSize: tickOf(asset.spec.referencePrice, asset.szDecimals),
      lotSize: lot,
      minSize: lot,
      makerFee: MAKER_FEE,
      takerFee: TAKER_FEE,
      maxLeverage: asset.maxLeverage,
      maintenanceMarginRate: 1 / (2 * asset.maxLeverage),
      fundingIntervalMs: HOUR_MS,
    });
  }
  return instruments;
}

/** Marks a test pinned by hand (`POST /__sim/perpdex/mark`), per instance; they hold until cleared. */
const pinnedMarks = new WeakMap<SimContext, Map<string, number>>();

export function pinMark(context: SimContext, coin: string, mark: number | null): void {
  let pins = pinnedMarks.get(context);
  if (!pins) {
    pins = new Map();
    pinnedMarks.set(context, pins);
  }
  if (mark === null) pins.delete(coin);
  else pins.set(coin, mark);
}

export interface PerpPrices {
  readonly oracle: number;
  readonly mark: number;
  readonly premium: number;
  readonly funding: number;
}

/** Per instance and coin, the prices last computed, with the instant and pin they are for. */
const lastPrices = new WeakMap<
  SimContext,
  Map<string, { at: number; seed: number; pinned?: number; prices: PerpPrices }>
>();

/**
 * Oracle, mark and hourly funding of one coin at an instant: the numbers `/info` reports. A pure function of
 * the instance, coin, instant and pin; the last answer per coin is kept, as the exchange core asks each coin's
 * oracle and mark on every operation, mostly within one millisecond.
 */
export function perpPrices(context: SimContext, coin: string, at: number): PerpPrices {
  const seed = environmentSeed(context);
  const pinned = pinnedMarks.get(context)?.get(coin);
  let kept = lastPrices.get(context);
  const last = kept?.get(coin);
  if (last && last.at === at && last.seed === seed && last.pinned === pinned) return last.prices;
  const asset = findAsset(coin);
  if (!asset) throw new Error(`no perp ${coin}`);
  const quote = hyperliquidQuote(seed, asset);
  const oracle = pinned ?? pricePath(seed, asset.spec).priceAt(at);
  const mark = pinned ?? quote.round(venuePrice(quote, at));
  const premium = (mark - oracle) / oracle;
  const funding = Math.max(-0.04, Math.min(0.04, premium / 8 + 0.0000125));
  const prices = Object.freeze({ oracle, mark, premium, funding: Number(funding.toFixed(7)) });
  if (!kept) {
    kept = new Map();
    lastPrices.set(context, kept);
  }
  kept.set(coin, { at, seed, ...(pinned === undefined ? {} : { pinned }), prices });
  return prices;
}

function hyperliquidFeed(context: SimContext): MarketFeed {
  return {
    index: (instrument, at) => perpPrices(context, instrument.symbol, at).oracle,
    mark: (instrument, at) => perpPrices(context, instrument.symbol, at).mark,
    fundingRate: (instrument, at) => perpPrices(context, instrument.symbol, at).funding,
  };
}

export function createHyperliquidCore(context: SimContext): ExchangeCore {
  return new ExchangeCore({
    instruments: perpInstruments(),
    feed: hyperliquidFeed(context),
    clock: { now: context.now },
    seed: context.seed,
  });
}
