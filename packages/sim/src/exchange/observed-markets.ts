import type { Instrument } from './instrument.js';
import type { MarketFeed } from './market-feed.js';
import type { Market } from './matching.js';

/** What the order engine and the margins read markets through. */
export interface MarketLookup {
  get(symbol: string): Market | undefined;
}

/**
 * The core's markets, each brought up to the core's latest look (index, mark and synthetic depth from the feed
 * at that instant) when it is first read after the look, not all of them at every look: a venue lists hundreds
 * of instruments (every option of every expiry, each marked through Black-76) and an operation reads a few.
 * A market read late in a look shows what it would have shown read at its start: nothing but a look moves the
 * instant. What has to happen for a market whether or not anyone reads it (resting orders it crosses, triggers,
 * funding) the core does itself, for the markets that have such things.
 */
export class ObservedMarkets implements MarketLookup {
  readonly #markets = new Map<string, { market: Market; look: number }>();
  #at: number;
  /** Counts the looks; a market observed in an earlier one is observed again when read. */
  #look = 0;

  constructor(
    private readonly feed: MarketFeed,
    at: number,
  ) {
    this.#at = at;
  }

  /** A new look at the market at `at`: every market is observed again when next read (a test's feed may have moved). */
  look(at: number): void {
    this.#at = at;
    this.#look++;
  }

  add(market: Market): void {
    this.#markets.set(market.instrument.symbol, { market, look: -1 });
  }

  has(symbol: string): boolean {
    return this.#markets.has(symbol);
  }

  /** The market as of the latest look. */
  get(symbol: string): Market | undefined {
    const entry = this.#markets.get(symbol);
    if (!entry) return undefined;
    if (entry.look !== this.#look) {
      const { market } = entry;
      market.index = this.feed.index(market.instrument, this.#at);
      market.mark = this.feed.mark(market.instrument, this.#at);
      market.depth.update(market.mark, this.#at);
      entry.look = this.#look;
    }
    return entry.market;
  }

  /** The instrument alone, with no observation. */
  instrument(symbol: string): Instrument | undefined {
    return this.#markets.get(symbol)?.market.instrument;
  }

  /** The markets with resting orders of the core's accounts, as of the latest look: the only ones the market can fill. */
  withRestingOrders(): Market[] {
    const markets: Market[] = [];
    for (const { market } of this.#markets.values())
      if (market.book.bids.length > 0 || market.book.asks.length > 0)
        markets.push(this.get(market.instrument.symbol)!);
    return markets;
  }
}
