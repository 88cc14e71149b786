import { describe, expect, it } from 'vitest';
import { cotCacheTtlMs } from './cftc-client.js';
import { cotPublishedAtMs } from './cot-release.js';

const HOUR = 3_600_000;

describe('COT release timing', () => {
  it('estimates publication as the Friday after the Tuesday, 15:30 New York', () => {
    // 2026-11-10 (Tuesday) → Friday 2026-11-13 15:30 EST = 20:30 UTC; in June (EDT) 19:30 UTC.
    expect(new Date(cotPublishedAtMs('2026-11-10')).toISOString()).toBe('2026-11-13T20:30:00.000Z');
    expect(new Date(cotPublishedAtMs('2025-06-10')).toISOString()).toBe('2025-06-13T19:30:00.000Z');
  });

  it('holds a read until the next release plus 30 minutes, at most 6 h', () => {
    // Friday 17:00 UTC: release at 20:30, held until 21:00 → 4 h.
    expect(cotCacheTtlMs(Date.parse('2026-11-20T17:00:00Z'))).toBe(4 * HOUR);
    // Friday 12:34 UTC: 8 h 56 min to 21:00, capped at 6 h; after the release, a week away, capped too.
    expect(cotCacheTtlMs(Date.parse('2026-11-20T12:34:00Z'))).toBe(6 * HOUR);
    expect(cotCacheTtlMs(Date.parse('2026-11-20T21:30:00Z'))).toBe(6 * HOUR);
  });
});
