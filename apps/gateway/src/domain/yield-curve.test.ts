import { describe, expect, it } from 'vitest';
import {
  curveShape,
  curveSlopes,
  type DatedCurve,
  slopeTrend,
  spreadBp,
  tenorChangesBp,
} from './yield-curve.js';

// The notes' expected parse of 2025-06-13: 10Y 4.41, 2Y 3.96, 3M 4.42 → +45 bp and −1 bp.
const JUNE_13: DatedCurve = {
  date: '2025-06-13',
  yields: { '3M': 4.42, '2Y': 3.96, '5Y': 4.01, '10Y': 4.41 },
};

/** Curves on consecutive days with the given 3M, 2Y, 10Y (percent). */
const series = (points: [number, number, number][]): DatedCurve[] =>
  points.map(([m3, y2, y10], i) => ({
    date: `2025-01-${String(i + 1).padStart(2, '0')}`,
    yields: { '3M': m3, '2Y': y2, '10Y': y10 },
  }));

describe('yield curve slopes', () => {
  it('computes 2s10s and 3m10y in bp by hand from the notes example', () => {
    expect(spreadBp(JUNE_13, '10Y', '2Y')).toBe(45);
    expect(spreadBp(JUNE_13, '10Y', '3M')).toBe(-1);
    expect(spreadBp(JUNE_13, '30Y', '5Y')).toBeNull();
    const slopes = curveSlopes([JUNE_13])!;
    expect(slopes.slope_10y_2y).toMatchObject({ bp: 45, inverted: false, inversion_streak_days: 0 });
    expect(slopes.slope_10y_3m).toMatchObject({ bp: -1, inverted: true, inversion_streak_days: 1 });
    expect(slopes.shape).toBe('partially_inverted');
    expect(slopes.slope_10y_2y.change_1w_bp).toBeNull();
  });

  it('classifies shapes at their thresholds', () => {
    expect(curveShape(-10, -5)).toBe('inverted');
    expect(curveShape(25, 40)).toBe('flat');
    expect(curveShape(-25, 10)).toBe('flat');
    expect(curveShape(100, 120)).toBe('steep');
    expect(curveShape(60, -3)).toBe('partially_inverted');
    expect(curveShape(-40, 10)).toBe('partially_inverted');
    expect(curveShape(26, 30)).toBe('normal');
  });

  it('reads the trend from the 1-month change at ±5 bp', () => {
    expect(slopeTrend(5)).toBe('steepening');
    expect(slopeTrend(-5)).toBe('flattening');
    expect(slopeTrend(4.99)).toBe('stable');
    expect(slopeTrend(null)).toBeNull();
  });

  it('counts the inversion streak and the week and month changes over 22 business days', () => {
    // 2s10s: +30 bp for 18 days, then −10, −20, −15, −5 bp; 3m10y stays +50 bp.
    const points: [number, number, number][] = [];
    for (let i = 0; i < 18; i++) points.push([3.5, 3.7, 4.0]);
    for (const slope of [-0.1, -0.2, -0.15, -0.05]) points.push([3.5, 4.0 - slope, 4.0]);
    const slopes = curveSlopes(series(points))!;
    expect(slopes.date).toBe('2025-01-22');
    expect(slopes.slope_10y_2y).toEqual({
      bp: -5,
      inverted: true,
      inversion_streak_days: 4,
      change_1w_bp: -35, // −5 − (+30), five curves back
      change_1m_bp: -35, // 21 curves back
    });
    expect(slopes.trend).toBe('flattening');
    expect(slopes.shape).toBe('flat'); // |−5| ≤ 25 bp comes before the partial inversion
    expect(slopes.slope_10y_3m.inversion_streak_days).toBe(0);
  });

  it('falls back to the newest curve with 3M, 2Y and 10Y and says so', () => {
    const curves = [JUNE_13, { date: '2025-06-16', yields: { '3M': 4.4, '10Y': 4.45 } }];
    const slopes = curveSlopes(curves)!;
    expect(slopes.date).toBe('2025-06-13');
    expect(slopes.used_previous_complete_curve).toBe(true);
    expect(curveSlopes([{ date: '2025-06-16', yields: { '10Y': 4.45 } }])).toBeNull();
  });

  it('computes tenor changes in bp, null where either end lacks the tenor', () => {
    const changes = tenorChangesBp(
      [
        { date: '2025-06-12', yields: { '2Y': 3.95, '10Y': 4.36, '30Y': 4.84 } },
        { date: '2025-06-13', yields: { '2Y': 3.96, '10Y': 4.41 } },
      ],
      1,
    );
    expect(changes['2Y']).toBe(1);
    expect(changes['10Y']).toBe(5);
    expect(changes['30Y']).toBeNull();
    expect(changes['1M']).toBeNull();
  });
});
