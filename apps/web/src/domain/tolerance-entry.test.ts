import { describe, expect, it } from 'vitest';
import { limitsFromTolerance, toleranceFromLimits } from './tolerance-entry';

describe('limitsFromTolerance', () => {
  it('turns 120 ± 0.1 with a 50 % warning band into the five limits', () => {
    expect(limitsFromTolerance({ nominal: 120, upper: 0.1, lower: -0.1, warningPercent: 50 })).toEqual({
      nominal: 120,
      ltl: 119.9,
      lwl: 119.95,
      uwl: 120.05,
      utl: 120.1,
    });
  });

  it('keeps an asymmetric tolerance asymmetric (30 +0.021/0, an H7 bore)', () => {
    expect(limitsFromTolerance({ nominal: 30, upper: 0.021, lower: 0, warningPercent: 80 })).toEqual({
      nominal: 30,
      ltl: 30,
      lwl: 30,
      uwl: 30.0168,
      utl: 30.021,
    });
  });

  it('stores no floating-point noise', () => {
    const limits = limitsFromTolerance({ nominal: 120.2, upper: 0.1, lower: -0.3, warningPercent: 70 });
    expect(limits).toEqual({ nominal: 120.2, ltl: 119.9, lwl: 119.99, uwl: 120.27, utl: 120.3 });
  });
});

describe('toleranceFromLimits', () => {
  it('reads stored limits back as the drawing wrote them', () => {
    expect(toleranceFromLimits({ nominal: 120, ltl: 119.9, lwl: 119.95, uwl: 120.05, utl: 120.1 })).toEqual({
      nominal: 120,
      upper: 0.1,
      lower: -0.1,
      warningPercent: 50,
    });
    expect(toleranceFromLimits({ nominal: 30, ltl: 30, lwl: 30, uwl: 30.0168, utl: 30.021 })).toEqual({
      nominal: 30,
      upper: 0.021,
      lower: 0,
      warningPercent: 80,
    });
  });

  it('gives up on warning bands at different shares of the two sides', () => {
    expect(toleranceFromLimits({ nominal: 10, ltl: 9.8, lwl: 9.9, uwl: 10.05, utl: 10.2 })).toBeNull();
  });

  it('round-trips whatever it accepts', () => {
    for (const entry of [
      { nominal: 5, upper: 0.05, lower: -0.02, warningPercent: 75 },
      { nominal: 0, upper: 0.4, lower: -0.4, warningPercent: 100 },
      { nominal: 12.5, upper: 0.15, lower: -0.15, warningPercent: 0 },
    ]) {
      expect(toleranceFromLimits(limitsFromTolerance(entry))).toEqual(entry);
    }
  });
});
