import { describe, expect, it } from 'vitest';
import { fullJitterDelay, parseRetryAfter } from './backoff.js';
import { CircuitBreaker } from './circuit-breaker.js';

describe('CircuitBreaker', () => {
  const make = () => {
    let now = 0;
    const breaker = new CircuitBreaker({ failureThreshold: 3, openMs: 1000, now: () => now });
    return { breaker, advance: (ms: number) => (now += ms) };
  };

  it('opens after the threshold of consecutive failures and refuses calls', () => {
    const { breaker } = make();
    breaker.recordFailure();
    breaker.recordFailure();
    breaker.recordSuccess();
    breaker.recordFailure();
    breaker.recordFailure();
    expect(breaker.state).toBe('closed');
    breaker.recordFailure();
    expect(breaker.state).toBe('open');
    expect(breaker.tryAcquire()).toBe(false);
  });

  it('lets one trial through when half-open; success closes, failure reopens', () => {
    const { breaker, advance } = make();
    for (let i = 0; i < 3; i++) breaker.recordFailure();
    advance(1000);
    expect(breaker.state).toBe('half_open');
    expect(breaker.tryAcquire()).toBe(true);
    expect(breaker.tryAcquire()).toBe(false);
    breaker.recordFailure();
    expect(breaker.state).toBe('open');
    advance(999);
    expect(breaker.tryAcquire()).toBe(false);
    advance(1);
    expect(breaker.tryAcquire()).toBe(true);
    breaker.recordSuccess();
    expect(breaker.state).toBe('closed');
    expect(breaker.tryAcquire()).toBe(true);
  });
});

describe('backoff', () => {
  it('draws full jitter below an exponentially growing, capped ceiling', () => {
    expect(fullJitterDelay(1, 100, 2000, () => 0.999)).toBe(99);
    expect(fullJitterDelay(3, 100, 2000, () => 0.5)).toBe(200);
    expect(fullJitterDelay(10, 100, 2000, () => 0.999)).toBe(1998);
    expect(fullJitterDelay(2, 100, 2000, () => 0)).toBe(0);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('0.5', now)).toBe(500);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:10 GMT', now)).toBe(0);
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});
