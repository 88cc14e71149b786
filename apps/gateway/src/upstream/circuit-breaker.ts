export type CircuitState = 'closed' | 'open' | 'half_open';

export interface CircuitBreakerOptions {
  /** Consecutive failures that open the circuit. */
  failureThreshold: number;
  /** How long the circuit stays open before one trial request is let through. */
  openMs: number;
  now: () => number;
}

/**
 * Per upstream and environment. Closed: everything passes and consecutive
 * failures are counted. Open: calls fail at once without touching the
 * network until `openMs` has passed. Half-open: one trial call is let
 * through; success closes the circuit, failure opens it again.
 */
export class CircuitBreaker {
  private failures = 0;
  private openedAt = 0;
  private trialInFlight = false;
  private current: CircuitState = 'closed';

  constructor(private readonly options: CircuitBreakerOptions) {}

  get state(): CircuitState {
    if (this.current === 'open' && this.options.now() - this.openedAt >= this.options.openMs) {
      this.current = 'half_open';
      this.trialInFlight = false;
    }
    return this.current;
  }

  /** True when a call may go out now; in half-open only the first caller gets through. */
  tryAcquire(): boolean {
    const state = this.state;
    if (state === 'closed') return true;
    if (state === 'open' || this.trialInFlight) return false;
    this.trialInFlight = true;
    return true;
  }

  /** An acquired call that never went out (its budget refused it): the trial slot is free again. */
  release(): void {
    this.trialInFlight = false;
  }

  recordSuccess(): void {
    this.failures = 0;
    this.trialInFlight = false;
    this.current = 'closed';
  }

  recordFailure(): void {
    this.trialInFlight = false;
    this.failures += 1;
    if (this.current === 'half_open' || this.failures >= this.options.failureThreshold) {
      this.current = 'open';
      this.openedAt = this.options.now();
    }
  }
}
