import { describe, expect, it } from 'vitest';
import { allocateGreeks, black76Delta, black76Gamma, black76Greeks, yearsTo } from './black76.js';
import fixtures from './fixtures/black76.fixtures.json' with { type: 'json' };

const FIELDS = ['price', 'delta', 'gamma', 'vega', 'theta', 'vanna', 'charm'] as const;

/** 1e-9 relative; values that underflow to 0 in SciPy must be as tiny here. */
const close = (actual: number, expected: number) =>
  Math.abs(actual - expected) <= 1e-9 * Math.abs(expected) + 1e-290;

describe('Black-76 against SciPy (fixtures/generate_black76.py)', () => {
  const cases = fixtures.cases;
  const n = cases.length;
  const columns = {
    forward: Float64Array.from(cases, (c) => c.forward),
    strike: Float64Array.from(cases, (c) => c.strike),
    vol: Float64Array.from(cases, (c) => c.vol),
    years: Float64Array.from(cases, (c) => c.years),
    isCall: Uint8Array.from(cases, (c) => (c.type === 'call' ? 1 : 0)),
  };
  const out = black76Greeks(columns, allocateGreeks(n));

  it('covers moneyness 0.5–2, one day to two years, 15–150 % vol, calls and puts', () => {
    expect(n).toBeGreaterThan(800);
  });

  for (const field of FIELDS) {
    it(`${field} agrees to 1e-9 relative on every case`, () => {
      const misses = cases.filter((c, i) => !close(out[field][i]!, c[field]));
      expect(misses.map((c) => ({ ...c, got: out[field][cases.indexOf(c)] }))).toEqual([]);
    });
  }

  it('the scalar gamma and delta match the column kernel', () => {
    for (let i = 0; i < n; i += 7) {
      const c = cases[i]!;
      expect(close(black76Gamma(c.forward, c.strike, c.vol, c.years), out.gamma[i]!)).toBe(true);
      expect(black76Delta(c.forward, c.strike, c.vol, c.years, c.type === 'call')).toBe(out.delta[i]);
    }
  });
});

describe('the live ticker of the notes (§7, BTC-26JUN26-100000-C)', () => {
  it('reproduces delta 0.71138, gamma 0.00001, vega 389.29, theta −25.13 and mark 0.2425 BTC', () => {
    const years = yearsTo(1782460800000, 1752057345721);
    const forward = 116086.34;
    const out = black76Greeks(
      {
        forward: Float64Array.of(forward),
        strike: Float64Array.of(100000),
        vol: Float64Array.of(0.4543),
        years: Float64Array.of(years),
        isCall: Uint8Array.of(1),
      },
      allocateGreeks(1),
    );
    expect(out.delta[0]!.toFixed(5)).toBe('0.71138');
    expect(out.gamma[0]!.toFixed(5)).toBe('0.00001');
    expect(out.vega[0]!.toFixed(2)).toBe('389.29');
    expect(out.theta[0]!.toFixed(2)).toBe('-25.13');
    expect((out.price[0]! / forward).toFixed(4)).toBe('0.2425');
  });

  it('an expired option is worth its intrinsic value', () => {
    const out = black76Greeks(
      {
        forward: Float64Array.of(110, 110),
        strike: Float64Array.of(100, 100),
        vol: Float64Array.of(0.5, 0.5),
        years: Float64Array.of(0, 0),
        isCall: Uint8Array.of(1, 0),
      },
      allocateGreeks(2),
    );
    expect([...out.price]).toEqual([10, 0]);
    expect([...out.delta]).toEqual([1, 0]);
  });
});
