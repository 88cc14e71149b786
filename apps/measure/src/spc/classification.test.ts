import { describe, expect, it } from 'vitest';
import { classify, deviation, limitsAreOrdered, type SubtaskLimits } from './classification.js';
import { percentage, SummaryAccumulator, summarize } from './summary.js';

const limits: SubtaskLimits = { nominal: 10, ltl: 9.8, lwl: 9.9, uwl: 10.1, utl: 10.2 };

describe('classify (limits inclusive, spc.md §2)', () => {
  it.each([
    [10, 'pass'],
    [9.9, 'pass'],
    [10.1, 'pass'],
    [9.89, 'warning'],
    [10.11, 'warning'],
    [9.8, 'warning'],
    [10.2, 'warning'],
    [9.79, 'fail'],
    [10.21, 'fail'],
  ] as const)('%d is %s', (value, verdict) => {
    expect(classify(value, limits)).toBe(verdict);
  });

  it('an empty warning band makes the tolerance limit itself a pass', () => {
    const noBand = { nominal: 10, ltl: 9.8, lwl: 9.8, uwl: 10.2, utl: 10.2 };
    expect(classify(9.8, noBand)).toBe('pass');
    expect(classify(9.79, noBand)).toBe('fail');
  });

  it('a missing limit never fails on that side', () => {
    const upperOnly = { nominal: 0, ltl: null, lwl: null, uwl: 0.8, utl: 1 };
    expect(classify(-1000, upperOnly)).toBe('pass');
    expect(classify(0.9, upperOnly)).toBe('warning');
    expect(classify(1.01, upperOnly)).toBe('fail');
  });
});

describe('deviation and limit order', () => {
  it('deviation is value − nominal, unrounded', () => {
    expect(deviation(9.9, 10)).toBe(9.9 - 10);
    expect(deviation(9.9, 10)).toBeCloseTo(-0.1, 9);
  });

  it('accepts LTL ≤ LWL ≤ nominal ≤ UWL ≤ UTL and refuses any other order', () => {
    expect(limitsAreOrdered(limits)).toBe(true);
    expect(limitsAreOrdered({ ...limits, lwl: 9.8 })).toBe(true);
    expect(limitsAreOrdered({ ...limits, lwl: 10.05 })).toBe(false);
    expect(limitsAreOrdered({ ...limits, utl: 10.05 })).toBe(false);
    expect(limitsAreOrdered({ ...limits, utl: Number.NaN })).toBe(false);
  });
});

describe('summary percentages (2 decimals, half away from zero)', () => {
  it('rounds true ties up, unlike toFixed or half-to-even', () => {
    expect(percentage(1, 32)).toBe(3.13);
    expect(percentage(23, 160)).toBe(14.38);
    expect(percentage(0, 0)).toBe(0);
  });

  it('does not force the three percentages to add up to 100', () => {
    expect(summarize({ pass: 30, warning: 1, fail: 1 })).toEqual({
      total: 32,
      pass_count: 30,
      warning_count: 1,
      fail_count: 1,
      pass_percentage: 93.75,
      warning_percentage: 3.13,
      fail_percentage: 3.13,
    });
  });

  it('counts streamed verdicts', () => {
    const accumulator = new SummaryAccumulator();
    for (const verdict of ['pass', 'pass', 'fail', 'warning', 'pass'] as const) accumulator.push(verdict);
    expect(accumulator.result()).toMatchObject({ total: 5, pass_count: 3, pass_percentage: 60 });
    expect(new SummaryAccumulator().result()).toMatchObject({ total: 0, pass_percentage: 0 });
  });
});
