/**
 * At most `size` calls at once, the others waiting in line (first come, first served): history pages in flight
 * per venue and environment, across all requests of the instance.
 */
export class Slots {
  #free: number;
  readonly #line: (() => void)[] = [];

  constructor(readonly size: number) {
    this.#free = size;
  }

  /** Calls waiting for a slot. */
  get waiting(): number {
    return this.#line.length;
  }

  async run<T>(call: () => Promise<T>): Promise<T> {
    if (this.#free > 0) this.#free -= 1;
    else await new Promise<void>((resolve) => this.#line.push(resolve));
    try {
      return await call();
    } finally {
      const next = this.#line.shift();
      if (next) next();
      else this.#free += 1;
    }
  }
}
