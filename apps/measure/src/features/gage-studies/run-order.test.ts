import { describe, expect, it } from 'vitest';
import { runOrder } from './run-order.js';

describe('gage study run order', () => {
  it('has every part once per trial round, trial after trial, numbered 1…parts·trials', () => {
    const order = runOrder(42, 1, 10, 3);
    expect(order.map((r) => r.sequence)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    for (let trial = 1; trial <= 3; trial++) {
      const round = order.slice((trial - 1) * 10, trial * 10);
      expect(round.every((r) => r.trial === trial)).toBe(true);
      expect(round.map((r) => r.part).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    }
  });

  it('is reproducible from the seed and differs between operators and seeds', () => {
    const parts = (seed: number, operator: number) => runOrder(seed, operator, 10, 2).map((r) => r.part);
    expect(parts(7, 1)).toEqual(parts(7, 1));
    expect(parts(7, 1)).not.toEqual(parts(7, 2));
    expect(parts(7, 1)).not.toEqual(parts(8, 1));
    // not the identity order: the parts really are shuffled
    expect(parts(7, 1).slice(0, 10)).not.toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
