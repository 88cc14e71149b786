import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { timestampParser } from './series-source.js';

describe('timestampParser', () => {
  it('agrees with Date.parse on stored ISO timestamps, across day changes and in any order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 253402300799999 }), { minLength: 1, maxLength: 50 }),
        (times) => {
          const parse = timestampParser();
          for (const ms of times) expect(parse(new Date(ms).toISOString())).toBe(ms);
        },
      ),
    );
  });

  it('reads other forms through the general parser (SQLite text without a zone is UTC)', () => {
    const parse = timestampParser();
    expect(parse('2026-03-01 08:00:00')).toBe(Date.parse('2026-03-01T08:00:00Z'));
    expect(parse('2026-03-01T08:00:00+02:00')).toBe(Date.parse('2026-03-01T06:00:00Z'));
    expect(parse('2026-03-01T08:00:00.000Z')).toBe(Date.parse('2026-03-01T08:00:00Z'));
  });
});
