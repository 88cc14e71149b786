import { describe, expect, it } from 'vitest';
import { newYorkTimeMs } from './new-york-time.js';

describe('newYorkTimeMs', () => {
  it('is UTC−4 in summer and UTC−5 in winter', () => {
    expect(new Date(newYorkTimeMs('2025-06-13', 15, 30)).toISOString()).toBe('2025-06-13T19:30:00.000Z');
    expect(new Date(newYorkTimeMs('2025-01-10', 15, 30)).toISOString()).toBe('2025-01-10T20:30:00.000Z');
  });

  it('follows the change of offset on the days it happens', () => {
    // 2025-03-09 02:00 EST → EDT; 2025-11-02 02:00 EDT → EST.
    expect(new Date(newYorkTimeMs('2025-03-09', 15, 30)).toISOString()).toBe('2025-03-09T19:30:00.000Z');
    expect(new Date(newYorkTimeMs('2025-11-02', 15, 30)).toISOString()).toBe('2025-11-02T20:30:00.000Z');
  });
});
