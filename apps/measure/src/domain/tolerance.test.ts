import { describe, expect, it } from 'vitest';
import { classify, deviation, limitsProblem } from './tolerance.js';

const limits = { ltl: 9, lwl: 9.5, nominal: 10, uwl: 10.5, utl: 11 };

describe('classify', () => {
  it.each([
    [10, 'pass'],
    [9.5, 'pass'],
    [10.5, 'pass'],
    [9.49, 'warning'],
    [9, 'warning'],
    [10.51, 'warning'],
    [11, 'warning'],
    [8.99, 'fail'],
    [11.01, 'fail'],
  ])('%d is %s', (value, expected) => {
    expect(classify(value, limits)).toBe(expected);
  });

  it('treats warning limits equal to tolerance limits as having no warning band', () => {
    const tight = { ltl: 9, lwl: 9, nominal: 10, uwl: 11, utl: 11 };
    expect(classify(9, tight)).toBe('pass');
    expect(classify(11.0001, tight)).toBe('fail');
  });
});

describe('deviation', () => {
  it('is value minus nominal', () => {
    expect(deviation(10.25, limits)).toBeCloseTo(0.25);
    expect(deviation(9.75, limits)).toBeCloseTo(-0.25);
  });
});

describe('limitsProblem', () => {
  it('accepts ordered limits, including equal neighbours', () => {
    expect(limitsProblem(limits)).toBeNull();
    expect(limitsProblem({ ltl: 1, lwl: 1, nominal: 1, uwl: 1, utl: 1 })).toBeNull();
  });
  it.each([
    [{ ...limits, ltl: 9.6 }, 'ltl > lwl'],
    [{ ...limits, lwl: 10.1 }, 'lwl > nominal'],
    [{ ...limits, uwl: 9.9 }, 'nominal > uwl'],
    [{ ...limits, utl: 10.4 }, 'uwl > utl'],
  ])('names the pair out of order', (bad, pair) => {
    expect(limitsProblem(bad)).toContain(pair);
  });
});
