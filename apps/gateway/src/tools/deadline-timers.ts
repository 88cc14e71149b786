import { performance } from 'node:perf_hooks';

/** A started deadline: `end` it when the work is done first. */
export interface PendingDeadline {
  readonly at: number;
  readonly expire: () => void;
  /** The deadlines of its duration it waits among. */
  readonly among: Set<PendingDeadline>;
}

/**
 * Deadlines for tool calls, one Node timer per duration instead of one per call. Every read starts a deadline,
 * and nearly all of them end within microseconds (answers from a cache); Node's setTimeout and clearTimeout for
 * each (a Timeout object with its async ids, a list insert, an unenroll) showed in the profile of a polled
 * read as a cost of its own (docs/benchmarks.md). Deadlines of one duration expire in the order they started,
 * so each duration keeps its pending ones in start order and one timer for the oldest; a deadline that ends
 * only leaves its set. The same scheme as undici's fast timers, without their coarse resolution: a timer that
 * finds its oldest deadline still ahead sleeps until exactly then.
 */
export class DeadlineTimers {
  readonly #pending = new Map<number, Set<PendingDeadline>>();
  readonly #now: () => number;

  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
  }

  /** Calls `expire` once `ms` have passed, unless `end` came first. */
  start(ms: number, expire: () => void): PendingDeadline {
    const duration = Math.max(1, Math.ceil(ms));
    let among = this.#pending.get(duration);
    if (among === undefined) {
      among = new Set();
      this.#pending.set(duration, among);
      this.#sleep(duration, among, duration);
    }
    const deadline = { at: this.#now() + duration, expire, among };
    among.add(deadline);
    return deadline;
  }

  end(deadline: PendingDeadline): void {
    deadline.among.delete(deadline);
  }

  #sleep(duration: number, among: Set<PendingDeadline>, ms: number): void {
    // Unreferenced: a call still waiting keeps the process alive through its own sockets, not its deadline.
    setTimeout(() => this.#wake(duration, among), ms).unref();
  }

  #wake(duration: number, among: Set<PendingDeadline>): void {
    const now = this.#now();
    for (const deadline of among) {
      if (deadline.at > now) {
        this.#sleep(duration, among, deadline.at - now);
        return;
      }
      among.delete(deadline);
      deadline.expire();
    }
    // Nothing left of this duration: its timer ends, and the next deadline of it starts a new one.
    this.#pending.delete(duration);
  }
}
