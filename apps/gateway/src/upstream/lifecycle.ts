/**
 * What clients open and must close with the app: websockets, keep-alive timers, session refreshers. A
 * client registers them here when it opens them; `close` (from the app's onClose) ends them in reverse
 * order, so nothing keeps the process alive or talks to an upstream after shutdown.
 */
export class Lifecycle {
  #hooks: (() => unknown)[] = [];
  #closed = false;

  /** Runs at close, after hooks registered later. */
  onClose(hook: () => unknown): void {
    if (this.#closed) throw new Error('lifecycle already closed');
    this.#hooks.push(hook);
  }

  /** setInterval that is cleared at close. */
  interval(task: () => void, ms: number): NodeJS.Timeout {
    const timer = setInterval(task, ms);
    this.onClose(() => clearInterval(timer));
    return timer;
  }

  /** setTimeout that is cleared at close if it has not fired. */
  timeout(task: () => void, ms: number): NodeJS.Timeout {
    const timer = setTimeout(task, ms);
    this.onClose(() => clearTimeout(timer));
    return timer;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Runs every hook once, last registered first; one hook's failure does not skip the others. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const hooks = this.#hooks.reverse();
    this.#hooks = [];
    const failures: unknown[] = [];
    for (const hook of hooks) {
      try {
        await hook();
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0) throw new AggregateError(failures, 'some upstream resources failed to close');
  }
}
