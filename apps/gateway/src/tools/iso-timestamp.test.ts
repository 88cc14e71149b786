import { describe, expect, it } from 'vitest';
import { memoizedIsoTimestamp } from './iso-timestamp.js';

describe('memoizedIsoTimestamp', () => {
  it('formats each timestamp as Date#toISOString does, also when timestamps alternate', () => {
    const iso = memoizedIsoTimestamp();
    const a = Date.parse('2026-01-02T03:04:05.678Z');
    const b = a + 1;
    for (const ms of [a, a, b, a, b, b, 0]) expect(iso(ms)).toBe(new Date(ms).toISOString());
  });

  it('throws on an invalid time and keeps answering correctly afterwards', () => {
    const iso = memoizedIsoTimestamp();
    const a = Date.parse('2026-01-02T03:04:05Z');
    expect(iso(a)).toBe('2026-01-02T03:04:05.000Z');
    expect(() => iso(Number.NaN)).toThrow(RangeError);
    expect(() => iso(Number.NaN)).toThrow(RangeError);
    expect(iso(a)).toBe('2026-01-02T03:04:05.000Z');
  });
});
