import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adfNoConstant } from './adf.js';
import { engleGranger, halfLife, zScore } from './engle-granger.js';
import { criticalValues, engleGrangerPValue, normalCdf } from './mackinnon.js';
import { fitLine, ols } from './ols.js';

interface Fixture {
  cases: {
    name: string;
    y: number[];
    x: number[];
    statistic: number;
    p_value: number;
    critical_values_statsmodels: [number, number, number];
    adf_lags: number;
    alpha: number;
    beta: number;
  }[];
  p_values: { tau: number; p: number }[];
}

// Made by ../../../test/sentiment/fixtures/generate-cointegration.py with statsmodels' coint.
const fixture: Fixture = JSON.parse(
  readFileSync(new URL('../../../test/sentiment/fixtures/cointegration.json', import.meta.url), 'utf8'),
);

describe('Engle–Granger against statsmodels coint (committed fixtures)', () => {
  it('covers cointegrated and non-cointegrated pairs', () => {
    expect(fixture.cases.filter((c) => c.p_value < 0.01).length).toBeGreaterThanOrEqual(3);
    expect(fixture.cases.filter((c) => c.p_value > 0.3).length).toBeGreaterThanOrEqual(3);
  });

  for (const pair of fixture.cases)
    it(`${pair.name}: statistic, p-value, lags, hedge ratio and critical values agree to 1e-6`, () => {
      const result = engleGranger(pair.y, pair.x)!;
      expect(Math.abs(result.tau - pair.statistic)).toBeLessThan(1e-6);
      expect(Math.abs(result.pValue - pair.p_value)).toBeLessThan(1e-6);
      expect(result.adfLags).toBe(pair.adf_lags);
      expect(Math.abs(result.beta - pair.beta)).toBeLessThan(1e-9);
      expect(Math.abs(result.alpha - pair.alpha)).toBeLessThan(1e-9);
      const [cv1, cv5, cv10] = pair.critical_values_statsmodels;
      const t = pair.y.length - 1;
      expect(Math.abs(result.criticalValues['5pct'] - cv5)).toBeLessThan(1e-6);
      expect(Math.abs(result.criticalValues['10pct'] - cv10)).toBeLessThan(1e-6);
      // statsmodels carries −33.527 for the 1 % β2, the paper −22.527: the difference is exactly 11/T².
      expect(Math.abs(result.criticalValues['1pct'] - (cv1 + 11 / t ** 2))).toBeLessThan(1e-6);
    });

  it('p-values agree with statsmodels mackinnonp across both polynomials and the clamps', () => {
    for (const { tau, p } of fixture.p_values)
      expect(Math.abs(engleGrangerPValue(tau) - p)).toBeLessThan(1e-9);
  });
});

describe('the notes’ check values', () => {
  it('MacKinnon 2010 critical values at T = 100, 180, 365', () => {
    const round = (cv: ReturnType<typeof criticalValues>) =>
      [cv['1pct'], cv['5pct'], cv['10pct']].map((v) => Number(v.toFixed(5)));
    expect(round(criticalValues(180))).toEqual([-3.95798, -3.37029, -3.0681]);
    expect(round(criticalValues(100))).toEqual([-4.00821, -3.39791, -3.08713]);
    expect(round(criticalValues(365))).toEqual([-3.92661, -3.35292, -3.05609]);
  });

  it('MacKinnon 1994 p-values', () => {
    expect(engleGrangerPValue(-3.5).toFixed(4)).toBe('0.0324');
    expect(engleGrangerPValue(-3.0).toFixed(4)).toBe('0.1102');
    expect(engleGrangerPValue(-3.33613).toFixed(4)).toBe('0.0500');
    expect(engleGrangerPValue(-3.04445).toFixed(4)).toBe('0.1000');
    expect(engleGrangerPValue(-2.0).toFixed(4)).toBe('0.5286');
    expect(engleGrangerPValue(1)).toBe(1);
    expect(engleGrangerPValue(-19)).toBe(0);
  });

  it('half-life: b = −0.08 gives 8.31 days', () => {
    // e_{t+1} = 0.92 e_t exactly, so the regression Δe = a + b e recovers b = −0.08.
    const spread = Array.from({ length: 50 }, (_, t) => 0.92 ** t);
    expect(halfLife(spread)!.toFixed(2)).toBe('8.31');
    expect(halfLife(Array.from({ length: 50 }, (_, t) => 1.01 ** t))).toBeNull();
  });
});

describe('building blocks', () => {
  it('normalCdf matches known values', () => {
    expect(normalCdf(0)).toBe(0.5);
    expect(Math.abs(normalCdf(1.959963984540054) - 0.975)).toBeLessThan(1e-15);
    expect(Math.abs(normalCdf(-5) - 2.866515718791939e-7)).toBeLessThan(1e-15);
  });

  it('ols and fitLine recover exact coefficients', () => {
    const x = [1, 2, 3, 4, 5, 6];
    const y = x.map((v) => 2 + 3 * v);
    const line = fitLine(x, y)!;
    expect(line.alpha).toBeCloseTo(2, 12);
    expect(line.beta).toBeCloseTo(3, 12);
    const fit = ols([x.map(() => 1), x], y)!;
    expect(fit.coefficients[0]).toBeCloseTo(2, 10);
    expect(fit.coefficients[1]).toBeCloseTo(3, 10);
    expect(fit.ssr).toBeCloseTo(0, 8);
    expect(fitLine([1, 1, 1], [1, 2, 3])).toBeNull();
  });

  it('adf needs enough data; zScore is the last value in standard deviations', () => {
    expect(adfNoConstant([1, 2])).toBeNull();
    expect(zScore([1, 2, 3])).toBeCloseTo(1, 12);
    expect(zScore([5, 5, 5])).toBeNull();
  });
});
