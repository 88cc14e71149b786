import { AppError } from '@app/kit';
import { INTERVAL_MS, type Interval } from '../../domain/intervals.js';
import type { CallDeadline } from '../../upstream/call-deadline.js';
import type { CandleSource, Instrument, MarketVenue, VenueListing } from '../market-venue.js';
import type { HyperliquidClient } from './hyperliquid-client.js';
import { PERPDEX_MAX_BARS_PER_CALL } from './hyperliquid-requests.js';
import type { PerpMarket } from './hyperliquid-transforms.js';

/**
 * Hyperliquid has no fixed tick: at price px a perp allows
 * min(6 − szDecimals, max(0, 4 − floor(log10 px))) decimals (5 significant
 * figures). Reported at the current mark; szDecimals stays in `native`.
 */
export function perpTickSize(markPrice: number | null, szDecimals: number): number {
  const maxDecimals = 6 - szDecimals;
  if (markPrice === null || !(markPrice > 0)) return 10 ** -maxDecimals;
  const decimals = Math.min(maxDecimals, Math.max(0, 4 - Math.floor(Math.log10(markPrice))));
  return Number((10 ** -decimals).toFixed(decimals));
}

/** A perp market as the uniform record (notes §2 and §5.3). */
export function fromPerpMarket(market: PerpMarket): Instrument {
  return {
    exchange: 'perpdex',
    symbol: market.asset,
    asset_class: 'crypto',
    type: 'perpetual',
    fees: null,
    history_start: null,
    tick_size: perpTickSize(market.mark_price, market.native.meta.szDecimals),
    native: { ...market.native.meta, context: market.native.context },
  };
}

/** perpdex in the common interface: Hyperliquid's candle snapshots, perp universe and case-sensitive coins. */
export class HyperliquidMarket implements MarketVenue {
  readonly exchange = 'perpdex';
  /** Views derived from a cached answer, computed once per answer rather than once per call. */
  readonly #coins = new WeakMap<object, string[]>();
  readonly #listings = new WeakMap<object, Instrument[]>();

  constructor(private readonly client: HyperliquidClient) {}

  /** Coin names of the perp universe (delisted included: their history may still exist). */
  async coins(toolCall: CallDeadline): Promise<string[]> {
    const meta = await this.client.getMeta(toolCall);
    return derived(this.#coins, meta.data, () => meta.data.universe.map((asset) => asset.name));
  }

  /** Hyperliquid answers an unknown coin with nothing useful: the listing is checked so the caller gets a 404. */
  async candles(toolCall: CallDeadline, symbol: string, interval: Interval): Promise<CandleSource> {
    if (!(await this.coins(toolCall)).includes(symbol))
      throw new AppError(
        404,
        'UNKNOWN_INSTRUMENT',
        `perpdex does not list the coin ${JSON.stringify(symbol)}`,
        {
          details: {
            exchange: 'perpdex',
            instrument: symbol,
            hint: 'coin names are case-sensitive, e.g. BTC, ETH, kPEPE',
          },
        },
      );
    return {
      step: INTERVAL_MS[interval],
      maxBars: PERPDEX_MAX_BARS_PER_CALL,
      fetch: (window) =>
        this.client.getCandles(toolCall, { coin: symbol, interval, startMs: window.from, endMs: window.to }),
    };
  }

  /** Coin names are case-sensitive (`kPEPE`): the canonical coin is matched case-insensitively. */
  async consensusSymbol(toolCall: CallDeadline, coin: string): Promise<string | undefined> {
    try {
      return (await this.coins(toolCall)).find((name) => name.toUpperCase() === coin);
    } catch {
      return coin;
    }
  }

  /** Not an async function: a polled listing is the cached markets' promise and one `then`. */
  listInstruments(toolCall: CallDeadline): Promise<VenueListing> {
    return this.client.getMarkets(toolCall).then((markets) => {
      const listing: VenueListing = {
        instruments: derived(this.#listings, markets.data, () =>
          markets.data.filter((market) => !market.native.meta.isDelisted).map(fromPerpMarket),
        ),
        receivedAt: markets.receivedAt,
      };
      if (markets.stale) listing.stale = true;
      return listing;
    });
  }
}

function derived<T>(views: WeakMap<object, T>, source: object, make: () => T): T {
  let view = views.get(source);
  if (view === undefined) {
    view = make();
    views.set(source, view);
  }
  return view;
}
