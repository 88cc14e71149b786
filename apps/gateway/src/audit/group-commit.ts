/**
 * Group commit: items handed in while a batch is being made durable wait, and go out together as the next
 * batch. N concurrent records then cost one write and one fdatasync instead of N of each, one after another
 * (docs/decisions.md, "Audit records are group-committed"). A lone item goes out at once: no timer, no wait
 * for company.
 *
 * Batches run one at a time, in the order their items came, so the lines keep the order `add` was called
 * in. `commit` gets the batch's items and must make all of them durable, answering one result per item in
 * order, or throw; every waiter of the batch then settles with that outcome: resolved only once the whole
 * batch is durable, rejected with the batch's error otherwise. A failed batch does not stop the next one.
 */
export class GroupCommit<T, R> {
  #waiting: Waiter<T, R>[] = [];
  /** A flag apart from the promise: a commit that throws at once ends the drain before `add` could store it. */
  #busy = false;
  #running: Promise<void> = Promise.resolve();

  constructor(private readonly commit: (batch: readonly T[]) => Promise<readonly R[]>) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.#waiting.push({ item, resolve, reject });
      if (!this.#busy) {
        this.#busy = true;
        this.#running = this.#drain();
      }
    });
  }

  /** Settles once every item handed in so far has been committed or refused. */
  idle(): Promise<void> {
    return this.#running;
  }

  async #drain(): Promise<void> {
    while (this.#waiting.length > 0) {
      const batch = this.#waiting;
      this.#waiting = [];
      try {
        const results = await this.commit(batch.map((waiter) => waiter.item));
        for (const [i, waiter] of batch.entries()) waiter.resolve(results[i] as R);
      } catch (error) {
        for (const waiter of batch) waiter.reject(error);
      }
    }
    this.#busy = false;
  }
}

interface Waiter<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}
