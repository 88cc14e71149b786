import { AppError } from '@app/kit';

/**
 * History requests are admitted against a budget of bars in flight per instance: what a request holds while it
 * is fetched, merged and sent grows with its bars (about 41 bytes a fetched bar on its venue's grid, 57 a
 * consensus bar, plus upstream pages in flight), so the budget bounds the memory of every request running at
 * once. A request states its bars (summed over the venues it reads) and is admitted at once when they fit
 * beside those in flight and nobody waits before it. Otherwise it waits in line (first come, first served: a
 * large request is not overtaken forever by small ones) for at most `maxWaitMs`, then gets 429 BUSY, retryable,
 * with Retry-After. A request larger than the whole budget is admitted alone, when nothing else is in flight.
 * A permit is released once, when the answer has been sent or its client went away.
 */

export interface Permit {
  /** Returns the permit's bars to the budget; later calls do nothing. */
  release(): void;
}

interface Waiter {
  bars: number;
  admit: () => void;
  timer: ReturnType<typeof setTimeout>;
}

const NO_PERMIT: Permit = { release: () => {} };

export class HistoryAdmission {
  #inFlight = 0;
  #running = 0;
  readonly #line: Waiter[] = [];

  constructor(
    readonly budget: number,
    readonly maxWaitMs: number,
  ) {}

  /** Bars held by admitted requests. */
  get inFlight(): number {
    return this.#inFlight;
  }

  /** Requests waiting in line. */
  get waiting(): number {
    return this.#line.length;
  }

  /** A permit for `bars`, at once or after waiting in line; rejects with 429 BUSY when the wait runs out. */
  admit(bars: number): Promise<Permit> {
    if (bars <= 0) return Promise.resolve(NO_PERMIT);
    if (!this.#line.length && this.#fits(bars)) return Promise.resolve(this.#grant(bars));
    if (this.maxWaitMs <= 0) return Promise.reject(this.#busy(bars));
    return new Promise<Permit>((resolve, reject) => {
      const waiter: Waiter = {
        bars,
        admit: () => {
          clearTimeout(waiter.timer);
          resolve(this.#grant(bars));
        },
        timer: setTimeout(() => {
          this.#line.splice(this.#line.indexOf(waiter), 1);
          reject(this.#busy(bars));
          // The one that gave up may have been holding back smaller ones behind it.
          this.#admitWaiting();
        }, this.maxWaitMs),
      };
      this.#line.push(waiter);
    });
  }

  #fits(bars: number): boolean {
    return this.#running === 0 || this.#inFlight + bars <= this.budget;
  }

  #grant(bars: number): Permit {
    this.#inFlight += bars;
    this.#running += 1;
    let held = true;
    return {
      release: () => {
        if (!held) return;
        held = false;
        this.#inFlight -= bars;
        this.#running -= 1;
        this.#admitWaiting();
      },
    };
  }

  #admitWaiting(): void {
    while (this.#line.length && this.#fits(this.#line[0]!.bars)) this.#line.shift()!.admit();
  }

  #busy(bars: number): AppError {
    const retryAfter = Math.max(1, Math.ceil(this.maxWaitMs / 1000));
    return new AppError(
      429,
      'BUSY',
      `history requests in flight hold ${this.#inFlight} of the ${this.budget} bars this instance admits at once; this one needs ${bars} — retry after ${retryAfter} s`,
      {
        retryable: true,
        headers: { 'retry-after': String(retryAfter) },
        details: { bars_requested: bars, bars_in_flight: this.#inFlight, budget: this.budget },
      },
    );
  }
}
