/**
 * The market clock of one simulator instance: real time by default (or the fleet's `now`), or manual, where
 * only set() and advance() move it. Tests switch to manual and advance it to make funding fall due and triggers
 * fire without waiting; nothing in the simulators reads time any other way. Rate limits do not use it: they
 * refill on real elapsed time (see limits.ts), so a stopped clock never starves a client.
 */
export class SimClock {
  private manual: number | null = null;
  private readonly listeners = new Set<(now: number) => void>();

  constructor(private readonly base: () => number = Date.now) {}

  now(): number {
    return this.manual ?? this.base();
  }

  get mode(): 'real' | 'manual' {
    return this.manual === null ? 'real' : 'manual';
  }

  /** Stops the clock at `ms` (epoch milliseconds); it stays there until moved. */
  set(ms: number): void {
    if (!Number.isFinite(ms)) throw new Error('the clock needs a finite epoch-millisecond time');
    this.manual = ms;
    this.changed();
  }

  /** Moves the clock forward by `ms`; a real clock is stopped at its current time first. */
  advance(ms: number): void {
    if (!(Number.isFinite(ms) && ms >= 0)) throw new Error('the clock only moves forward');
    this.manual = this.now() + ms;
    this.changed();
  }

  /** Back to the base clock. */
  useRealTime(): void {
    this.manual = null;
    this.changed();
  }

  /** Called after every manual move (the exchange core observes the market then). */
  onChange(listener: (now: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    const now = this.now();
    for (const listener of this.listeners) listener(now);
  }
}
