import { describe, expect, it } from 'vitest';
import { classify, decimalsOf, deviation, parseMeasuredValue } from './classify';

const limits = { ltl: 9.8, lwl: 9.9, nominal: 10, uwl: 10.1, utl: 10.2 };

describe('classify', () => {
  it('passes values inside the warning limits, the limits themselves included', () => {
    expect(classify(10, limits)).toBe('pass');
    expect(classify(9.9, limits)).toBe('pass');
    expect(classify(10.1, limits)).toBe('pass');
  });

  it('warns between warning and tolerance limits, the tolerance limits themselves included', () => {
    expect(classify(9.85, limits)).toBe('warning');
    expect(classify(10.15, limits)).toBe('warning');
    expect(classify(9.8, limits)).toBe('warning');
    expect(classify(10.2, limits)).toBe('warning');
  });

  it('fails only strictly outside the tolerance limits', () => {
    expect(classify(9.7999, limits)).toBe('fail');
    expect(classify(10.2001, limits)).toBe('fail');
  });

  it('passes on an empty warning band edge, where lwl equals ltl', () => {
    expect(classify(9.8, { ...limits, lwl: 9.8 })).toBe('pass');
  });
});

describe('deviation', () => {
  it('is value minus nominal, signed', () => {
    expect(deviation(9.9, limits)).toBeCloseTo(-0.1, 9);
    expect(deviation(10.25, limits)).toBeCloseTo(0.25, 9);
  });
});

describe('parseMeasuredValue', () => {
  it('reads decimal points and decimal commas', () => {
    expect(parseMeasuredValue('12.345')).toBe(12.345);
    expect(parseMeasuredValue(' 12,5 ')).toBe(12.5);
    expect(parseMeasuredValue('-0.02')).toBe(-0.02);
    expect(parseMeasuredValue('.5')).toBe(0.5);
  });

  it('refuses anything that is not one number', () => {
    for (const text of ['', 'abc', '1.2.3', '12 mm', '1e5', '--1', ','])
      expect(parseMeasuredValue(text)).toBeNull();
  });
});

describe('deviation', () => {
  it('is the exact decimal difference at the measurement’s resolution, as the server stores it', () => {
    expect(deviation(30.004, { nominal: 30 })).toBe(0.004);
    expect(deviation(119.97, { nominal: 120 })).toBe(-0.03);
    expect(deviation(120.061, { nominal: 120 })).toBe(0.061);
    expect([30, 30.004, 1.5e-7].map(decimalsOf)).toEqual([0, 3, 8]);
  });
});
