import type { Candle } from '../../domain/candle.js';
import { lastSettled } from '../../domain/candle-cache.js';
import type { Window } from '../../domain/paging.js';

/**
 * Upstream candle pages shared between requests. The closed-candle cache keeps settled bars only, so every call
 * reaching the present fetched the still-forming bar again from each venue. Here:
 *
 * - single flight: a window of a series already being fetched is not fetched a second time; every request
 *   asking for it meanwhile gets that fetch's page (or its error);
 * - a fetched window holding bars not yet settled (the forming bar, and the one closed less than SETTLE_MS
 *   ago) is kept per series (venue, environment, symbol, step) for min(step, LIVE_SHARE_MS), and serves every
 *   window inside it while the same bar is forming.
 *
 * A page served this way is at most that old; its `receivedAt` says so (data_timestamp).
 */

export interface Page {
  /** Bars of the window (the venue may add neighbours; the caller keeps those inside the window). */
  candles: readonly Candle[];
  /** When the page was obtained upstream, epoch ms. */
  receivedAt: number;
}

/** How long at most a window holding the forming bar is shared (less for shorter bars: min(step, this)). */
export const LIVE_SHARE_MS = 2_000;

interface LivePage {
  window: Window;
  page: Page;
  /** `clock()` when it arrived. */
  at: number;
}

export class SharedPages {
  readonly #inFlight = new Map<string, Promise<Page>>();
  readonly #live = new Map<string, LivePage>();

  /** `clock` is monotonic (performance.now): the age of a shared page does not depend on the data clock. */
  constructor(
    private readonly clock: () => number = () => performance.now(),
    private readonly maxLive = 256,
  ) {}

  /** Series with a shared page of their forming bar. */
  get live(): number {
    return this.#live.size;
  }

  /**
   * The page of `window` of `series`: cut from the series' shared page when that covers it, the fetch in
   * flight for the same window, or `load()`. `now` is the data clock of the request (epoch ms).
   */
  get(series: string, window: Window, step: number, now: number, load: () => Promise<Page>): Promise<Page> {
    const live = this.#live.get(series);
    if (live) {
      if (this.#fresh(live, step, now)) {
        if (live.window.from <= window.from && window.to <= live.window.to)
          return Promise.resolve(pageIn(live.page, window));
      } else this.#live.delete(series);
    }
    const key = `${series}|${window.from}|${window.to}`;
    const pending = this.#inFlight.get(key);
    if (pending) return pending;
    const loading = load()
      .then((page) => {
        if (window.to > lastSettled(page.receivedAt, step)) this.#share(series, window, page, step);
        return page;
      })
      .finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, loading);
    return loading;
  }

  #fresh(live: LivePage, step: number, now: number): boolean {
    const ttl = Math.min(step, LIVE_SHARE_MS);
    const { receivedAt } = live.page;
    return (
      this.clock() - live.at < ttl &&
      now - receivedAt < ttl &&
      // The bar forming now is the one that was forming then: no newer bar is missing from the page.
      Math.floor(now / step) === Math.floor(receivedAt / step)
    );
  }

  #share(series: string, window: Window, page: Page, step: number): void {
    const entry: LivePage = { window, page, at: this.clock() };
    this.#live.delete(series);
    this.#live.set(series, entry);
    if (this.#live.size > this.maxLive) this.#live.delete(this.#live.keys().next().value!);
    // Dropped once stale even if no request comes for the series again (the timer does not keep the process up).
    setTimeout(
      () => {
        if (this.#live.get(series) === entry) this.#live.delete(series);
      },
      Math.min(step, LIVE_SHARE_MS),
    ).unref();
  }
}

function pageIn(page: Page, window: Window): Page {
  return {
    candles: page.candles.filter(
      (candle) => candle.timestamp >= window.from && candle.timestamp <= window.to,
    ),
    receivedAt: page.receivedAt,
  };
}
