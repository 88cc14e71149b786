import { describe, expect, it } from 'vitest';
import { normalCdf, normalPdf } from './normal.js';

/** Reference values from scipy.stats.norm.cdf (double precision). */
const reference: [number, number][] = [
  [0, 0.5],
  [-1.96, 0.024997895148220435],
  [-2.7, 0.0034669738030406647],
  [-3, 0.0013498980316300933],
  [-6, 9.865876450376946e-10],
  [-8.5, 9.47953482220325e-18],
  [-10, 7.61985302416047e-24],
  [-20, 2.7536241186061556e-89],
  [-37, 5.7255712225239266e-300],
  [0.3, 0.6179114221889526],
  [1.5, 0.9331927987311419],
  [2.2, 0.9860965524865014],
];

describe('normal distribution', () => {
  it.each(reference)('Φ(%d) matches scipy to 1e-12 relative, even far in the tail', (z, expected) => {
    expect(Math.abs(normalCdf(z) - expected) / expected).toBeLessThan(1e-12);
  });

  it('density at 0 is 1/√(2π) and is symmetric', () => {
    expect(normalPdf(0)).toBeCloseTo(0.3989422804014327, 15);
    expect(normalPdf(1.3)).toBe(normalPdf(-1.3));
  });
});
