import { describe, expect, it } from 'vitest';
import { c4, d2, d3 } from './constants.js';
import { normalCdf, normalPdf } from './normal.js';

/**
 * A coarse check of the d2/d3 table (the fine generator is scripts/spc-constants.ts): the moments of the range R of n standard normal values by
 * numerical integration, d2 = E(R) = ∫ 1 − Φ(x)ⁿ − (1 − Φ(x))ⁿ dx and d3² = E(R²) − d2² with
 * E(R²) = 2∫₀^∞ w·P(R > w) dw, P(R ≤ w) = n∫ φ(x)(Φ(x + w) − Φ(x))ⁿ⁻¹ dx (Montgomery, Introduction to
 * Statistical Quality Control, §6.2; the definitions qcc 3's R/constants.R integrates). d2 must
 * round to its 3 printed decimals; d3 must agree within 5e-5 (this midpoint rule is good to about
 * 3e-5, so a wrong digit in the first four decimals cannot pass).
 */
const STEP = 0.025;
const CELLS = 560; // x from −7 to 7; beyond that, and for w > 10, the integrands are below 1e-11
// Φ and φ at the cell midpoints, and Φ at the cell edges: x + w of a midpoint x and a midpoint w is an edge
const midX = Array.from({ length: CELLS }, (_, i) => -7 + (i + 0.5) * STEP);
const cdfMid = midX.map(normalCdf);
const pdfMid = midX.map(normalPdf);
const cdfEdge = Array.from({ length: 2 * CELLS + 2 }, (_, k) => normalCdf(-7 + k * STEP));

/** Midpoint rule on both integrals. */
function rangeMoments(n: number): { mean: number; sd: number } {
  let mean = 0;
  for (const p of cdfMid) mean += (1 - p ** n - (1 - p) ** n) * STEP;
  let secondMoment = 0;
  for (let j = 0; j < 400; j++) {
    const w = (j + 0.5) * STEP;
    let below = 0;
    for (let i = 0; i < CELLS; i++) {
      below += (pdfMid[i] as number) * ((cdfEdge[i + j + 1] as number) - (cdfMid[i] as number)) ** (n - 1);
    }
    secondMoment += 2 * w * (1 - n * below * STEP) * STEP;
  }
  return { mean, sd: Math.sqrt(secondMoment - mean * mean) };
}

describe('control-chart constants', () => {
  it('the d2 and d3 table agrees with the integrals for every n from 2 to 25', () => {
    for (let n = 2; n <= 25; n++) {
      const { mean, sd } = rangeMoments(n);
      expect(Math.abs(d2(n) - mean), `d2(${n})`).toBeLessThanOrEqual(0.0006);
      expect(Math.abs(d3(n) - sd), `d3(${n})`).toBeLessThanOrEqual(0.00005);
    }
  });

  it('keeps the tabulated d2(2) = 1.128 of spc.md §5, not 2/√π', () => {
    expect(d2(2)).toBe(1.128);
    // d3(2) has a closed form: R = |X₁ − X₂| with X₁ − X₂ ~ N(0, 2), so Var R = 2 − 4/π
    expect(d3(2)).toBeCloseTo(Math.sqrt(2 - 4 / Math.PI), 7);
  });

  it('c4 has its closed-form values (Montgomery, Appendix VI: 0.7979, 0.9400, 0.9896 for n = 2, 5, 25)', () => {
    expect(c4(2)).toBeCloseTo(Math.sqrt(2 / Math.PI), 14);
    expect(c4(5)).toBeCloseTo(0.9399856, 7);
    expect(c4(25)).toBeCloseTo(0.9896, 4);
  });

  it('refuses sizes outside 2–25', () => {
    expect(() => d2(1)).toThrow(RangeError);
    expect(() => c4(26)).toThrow(RangeError);
  });
});
