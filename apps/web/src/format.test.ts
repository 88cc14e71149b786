import { describe, expect, it } from 'vitest';
import { formatDeviation, formatNumber } from './format';

describe('a stored deviation in the measurement table', () => {
  it('shows the decimals of its value, not the noise of a value computed before it was sent', () => {
    // 30 + 0.0008 in binary arithmetic, as an API client may send it; the server keeps its deviation at the
    // value's resolution, which is then 15 decimals of noise
    const value = 30 + 0.0008;
    expect(formatNumber(value)).toBe('30.0008');
    expect(formatDeviation(0.00079999999999999, value)).toBe('+0.0008');
    expect(formatDeviation(-0.0022, 29.9978)).toBe('-0.0022');
    expect(formatDeviation(0.004, 30.004)).toBe('+0.004');
    expect(formatDeviation(0.01, 30.01)).toBe('+0.01');
    expect(formatDeviation(0.01 + 4e-17, 30 + 0.01 + 4e-15)).toBe('+0.01');
    expect(formatDeviation(4e-17, 0.1 + 0.2)).toBe('0');
  });

  it('keeps the nominal’s decimals where they are finer than the value’s', () => {
    expect(formatDeviation(0.0005, 30)).toBe('+0.0005');
    expect(formatDeviation(0, 30)).toBe('0');
  });
});
