import { describe, expect, it } from 'vitest';
import { mapLimit, mapLimitSettled } from './map-limit.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('mapLimit', () => {
  it('keeps input order and never exceeds the limit', async () => {
    let inFlight = 0;
    let peak = 0;
    const result = await mapLimit([5, 1, 4, 2, 3, 0, 6], 3, async (value) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      for (let i = 0; i < value; i++) await tick();
      inFlight--;
      return value * 10;
    });
    expect(result).toEqual([50, 10, 40, 20, 30, 0, 60]);
    expect(peak).toBe(3);
  });

  it('rejects with the first error and starts nothing after it', async () => {
    const started: number[] = [];
    await expect(
      mapLimit([1, 2, 3, 4, 5], 1, async (value) => {
        started.push(value);
        if (value === 2) throw new Error('page 2 failed');
        return value;
      }),
    ).rejects.toThrow('page 2 failed');
    expect(started).toEqual([1, 2]);
  });

  it('handles an empty list and refuses a bad limit', async () => {
    expect(await mapLimit([], 4, async () => 1)).toEqual([]);
    await expect(mapLimit([1], 0, async () => 1)).rejects.toThrow(RangeError);
  });

  it('settled: runs every item and reports each failure in place', async () => {
    const result = await mapLimitSettled(['a', 'b', 'c'], 2, async (value) => {
      if (value === 'b') throw new Error('venue b down');
      return value.toUpperCase();
    });
    expect(result[0]).toEqual({ ok: true, value: 'A' });
    expect(result[1]).toMatchObject({ ok: false });
    expect(result[2]).toEqual({ ok: true, value: 'C' });
  });
});
