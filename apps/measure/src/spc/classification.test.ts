import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classify, decimalsOf, deviation, limitsAreOrdered, type SubtaskLimits } from './classification.js';
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
  it('deviation is value − nominal at the finer resolution of the two, without float noise', () => {
    // the figures: the raw double differences were 0.004000000000001336 and -0.030000000000001137
    expect(30.004 - 30).not.toBe(0.004);
    expect(deviation(30.004, 30)).toBe(0.004);
    expect(deviation(119.97, 120)).toBe(-0.03);
    expect(deviation(9.9, 10)).toBe(-0.1);
    expect(deviation(120.061, 120)).toBe(0.061);
    expect(deviation(25.0125, 25.01)).toBe(0.0025);
    expect(deviation(10, 10)).toBe(0);
    expect(deviation(1.5e-7, 0)).toBe(1.5e-7);
  });

  it('deviation equals the exact decimal difference for any values typed with up to 6 decimals', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.integer({ min: 0, max: 6 }),
        (a, b, decimals) => {
          // a·10⁻ᵈ − b·10⁻ᵈ is exactly (a − b)·10⁻ᵈ; Number() of that text is the double nearest to it
          const exact = Number(`${a - b}e-${decimals}`);
          expect(deviation(Number(`${a}e-${decimals}`), Number(`${b}e-${decimals}`))).toBe(exact);
        },
      ),
    );
  });

  it('decimalsOf reads the resolution of the shortest decimal form', () => {
    expect([30, 30.004, 0.1, 1.5e-7, 1e21, -2.25].map(decimalsOf)).toEqual([0, 3, 1, 8, 0, 2]);
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
