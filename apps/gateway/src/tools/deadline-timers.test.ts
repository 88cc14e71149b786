import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeadlineTimers } from './deadline-timers.js';

describe('DeadlineTimers', () => {
  let timers: DeadlineTimers;
  beforeEach(() => {
    vi.useFakeTimers();
    timers = new DeadlineTimers(() => Date.now());
  });
  afterEach(() => vi.useRealTimers());

  it('expires each deadline at its own time, among others of its duration started later', () => {
    const expired: string[] = [];
    timers.start(100, () => expired.push('a'));
    vi.advanceTimersByTime(30);
    timers.start(100, () => expired.push('b'));
    vi.advanceTimersByTime(69);
    expect(expired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(expired).toEqual(['a']);
    vi.advanceTimersByTime(29);
    expect(expired).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(expired).toEqual(['a', 'b']);
  });

  it('never expires a deadline that ended, and keeps the later ones on time', () => {
    const expired: string[] = [];
    const first = timers.start(100, () => expired.push('first'));
    vi.advanceTimersByTime(50);
    timers.start(100, () => expired.push('second'));
    timers.end(first);
    vi.advanceTimersByTime(100);
    expect(expired).toEqual(['second']);
  });

  it('keeps durations apart: a short deadline started after a long one expires first', () => {
    const expired: string[] = [];
    timers.start(10_000, () => expired.push('long'));
    timers.start(20, () => expired.push('short'));
    vi.advanceTimersByTime(20);
    expect(expired).toEqual(['short']);
    vi.advanceTimersByTime(9_980);
    expect(expired).toEqual(['short', 'long']);
  });

  it('starts a new timer for a duration whose deadlines all ended or expired', () => {
    const expired: string[] = [];
    timers.end(timers.start(100, () => expired.push('ended')));
    vi.advanceTimersByTime(100);
    expect(vi.getTimerCount()).toBe(0);
    timers.start(100, () => expired.push('again'));
    vi.advanceTimersByTime(100);
    expect(expired).toEqual(['again']);
    expect(vi.getTimerCount()).toBe(0);
  });
});
