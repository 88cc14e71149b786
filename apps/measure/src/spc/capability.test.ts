import { describe, expect, it } from 'vitest';
import { capability } from './capability.js';
import type { SubtaskLimits } from './classification.js';
import { seriesOf } from './series.js';

const close = (actual: number | null | undefined, expected: number, tolerance = 1e-9) => {
  expect(actual).not.toBeNull();
  expect(Math.abs((actual as number) - expected)).toBeLessThan(tolerance);
};

const limits = (ltl: number | null, utl: number | null, nominal: number): SubtaskLimits => ({
  nominal,
  ltl,
  lwl: ltl,
  uwl: utl,
  utl,
});

describe('capability: NIST/SEMATECH e-Handbook §6.1.6 example', () => {
  /*
   * NIST/SEMATECH e-Handbook of Statistical Methods, §6.1.6 "What is Process Capability?"
   * (https://www.itl.nist.gov/div898/handbook/pmc/section1/pmc16.htm), example: USL = 20, LSL = 8,
   * process average 16 and standard deviation s = 2 give Cp = (20 − 8)/(6·2) = 1.0; with the
   * midpoint m = 14, k = |m − x̄|/((USL − LSL)/2) = 2/6 = 0.3333 and Cpk = Cp(1 − k) = 0.6667,
   * which equals min(Cpu, Cpl) = min((20 − 16)/(3·2), (16 − 8)/(3·2)) = min(0.6667, 1.3333).
   * Provenance: the page text itself was not available to check; these figures agree with an
   * independent public reproduction of this example (mean 16, s 2, index 1.0 / 0.6667 / 0.6667 /
   * 1.3333, k 0.3333).
   * The handbook states the indices for a given mean and sigma, not for data; the series below
   * alternates 16 ± 1.128 so that its mean is exactly 16 and its within sigma MR̄/d2 = 2.256/1.128 = 2.
   */
  const values = Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? 16 - 1.128 : 16 + 1.128));
  const result = capability(seriesOf(values), limits(8, 20, 14));

  it('reproduces Cp = 1.00 and Cpk = 0.6667 (CPU 0.6667, CPL 1.3333)', () => {
    close(result.mean, 16);
    close(result.sigma_within, 2);
    close(result.cp, 1);
    close(result.cpk, 0.6667, 5e-5);
    close(result.cpu, 0.6667, 5e-5);
    close(result.cpl, 1.3333, 5e-5);
  });

  it('agrees with the handbook’s k-factor route, Cpk = Cp(1 − k) with k = 0.3333', () => {
    const k = Math.abs(14 - (result.mean as number)) / ((20 - 8) / 2);
    close(k, 0.3333, 5e-5);
    close(result.cpk, (result.cp as number) * (1 - k));
  });

  it('uses the sample standard deviation (n − 1, no c4) for Pp and Ppk', () => {
    const stdev = 1.128 * Math.sqrt(50 / 49);
    close(result.stdev, stdev);
    close(result.pp, 12 / (6 * stdev));
    close(result.ppk, 4 / (3 * stdev));
  });
});

describe('capability: overall sigma against qcc’s published output', () => {
  /*
   * Montgomery's aircraft primer paint viscosity, the 20 phase-I batches of qcc 3.0's data/viscosity.txt
   * (github.com/luca-scr/qcc). qcc's vignette (docs/articles/qcc.html, commit af35099934f8) prints
   * `qcc(viscosity[trial], type = "xbar.one", std.dev = "SD")` as standard deviation 0.5769854,
   * which is sd(x)/c4(20) (R/qcc.R, sd.xbar.one). Our stdev is the plain sd(x), without c4
   * (spc.md §4), so it must equal 0.5769854 · c4(20).
   */
  const viscosity = [
    34.05, 34.4, 33.59, 35.96, 34.7, 33.51, 33.79, 34.04, 34.52, 33.75, 33.27, 33.71, 34.03, 34.58, 34.02,
    33.97, 34.05, 34.04, 33.73, 34.05,
  ];

  it('stdev = qcc "SD" × c4(20)', () => {
    // c4(n) = sqrt(2/(n − 1)) · Γ(n/2) / Γ((n − 1)/2); Γ(10) = 9!, Γ(9.5) = 0.5 · 1.5 · … · 8.5 · √π
    let gammaNineAndHalf = Math.sqrt(Math.PI);
    for (let factor = 0.5; factor < 9; factor += 1) gammaNineAndHalf *= factor;
    const c4 = (Math.sqrt(2 / 19) * 362880) / gammaNineAndHalf;
    const result = capability(seriesOf(viscosity), limits(33, 35, 34));
    close(result.stdev, 0.5769854 * c4, 5e-8);
  });
});

describe('capability: hand-computed small case', () => {
  // Worked by hand (and checked with numpy): x̄ = 10.005, s = 0.0244949, MR̄ = 0.27/7 = 0.0385714.
  const values = [10.02, 9.98, 10.01, 10.03, 9.97, 10.0, 10.04, 9.99];
  const result = capability(seriesOf(values), {
    nominal: 10,
    ltl: 9.9,
    lwl: 9.95,
    uwl: 10.05,
    utl: 10.1,
  });

  it('gives mean, both sigmas and all eight indices', () => {
    expect(result.n).toBe(8);
    close(result.mean, 10.005);
    close(result.stdev, 0.024494897427831258);
    close(result.mr_bar, 0.27 / 7);
    close(result.sigma_within, 0.27 / 7 / 1.128);
    close(result.cp, 0.974814814814832, 1e-9);
    close(result.cpk, 0.9260740740740999, 1e-9);
    close(result.pp, 1.3608276348795676, 1e-9);
    close(result.ppk, 1.2927862531356025, 1e-9);
  });

  it('gives Minitab Cpm against the nominal and expected PPM from both tails', () => {
    close(result.cpm, 1.3295400586958, 1e-9);
    close(result.ppm_within?.below_lsl, 1067.9072340444816, 1e-6);
    close(result.ppm_within?.above_usl, 2732.8611916356344, 1e-6);
    close(result.ppm_within?.total, 1067.9072340444816 + 2732.8611916356344, 1e-6);
    expect(result.ppm_observed).toEqual({ below_lsl: 0, above_usl: 0, total: 0 });
  });

  it('gives Bissell 95 % intervals around Cpk and Ppk and warns about the small sample', () => {
    const cpk = result.cpk as number;
    const half = 1.959963984540054 * Math.sqrt(1 / 72 + (cpk * cpk) / 14);
    close(result.cpk_ci95?.lower, cpk - half);
    close(result.cpk_ci95?.upper, cpk + half);
    expect(result.warnings).toContain('fewer than 25 values');
  });

  it('gives chi-square 95 % intervals around Cp and Pp with ν = n − 1', () => {
    /*
     * ν = 7: χ²(0.025) = 1.689869 and χ²(0.975) = 16.012764, R's qchisq(c(0.025, 0.975), 7) (NIST/SEMATECH
     * e-Handbook §1.3.6.7.4 prints 1.690 and 16.013).
     */
    for (const [index, interval] of [
      [result.cp, result.cp_ci95],
      [result.pp, result.pp_ci95],
    ] as const) {
      close(interval?.lower, (index as number) * Math.sqrt(1.689869 / 7), 1e-6);
      close(interval?.upper, (index as number) * Math.sqrt(16.012764 / 7), 1e-6);
    }
  });
});

describe('capability: degenerate data gives null, never NaN or Infinity', () => {
  /** Every number anywhere in the result is finite (JSON would silently turn NaN/Infinity into null). */
  const expectAllFinite = (value: unknown): void => {
    if (typeof value === 'number') expect(Number.isFinite(value)).toBe(true);
    else if (value !== null && typeof value === 'object')
      for (const inner of Object.values(value)) expectAllFinite(inner);
  };

  it('n = 0: every statistic null, n = 0', () => {
    const result = capability(seriesOf([]), limits(9, 11, 10));
    expect(result).toMatchObject({ n: 0, mean: null, stdev: null, cp: null, cpk: null, pp: null, ppk: null });
    expect(result.ppm_observed).toBeNull();
    expectAllFinite(result);
  });

  it('n = 1: mean defined, spread and indices null', () => {
    const result = capability(seriesOf([10.2]), limits(9, 11, 10));
    expect(result).toMatchObject({ n: 1, mean: 10.2, stdev: null, sigma_within: null, cp: null, cpk: null });
    expect(result.cpm).toBeNull();
    expect(result.cpk_ci95).toBeNull();
  });

  it('all values equal: sigmas 0, indices and expected PPM null', () => {
    const result = capability(seriesOf([10, 10, 10, 10]), limits(9, 11, 10));
    expect(result).toMatchObject({ stdev: 0, sigma_within: 0, cp: null, cpk: null, pp: null, ppk: null });
    expect(result.cpm).toBeNull();
    expect(result.ppm_within).toBeNull();
    expect(result.ppm_overall).toBeNull();
    expectAllFinite(result);
  });

  it('one-sided tolerance: cp and pp null, cpk and ppk the available side', () => {
    const series = seriesOf([1.2, 1.4, 1.1, 1.3, 1.25]);
    const upperOnly = capability(series, limits(null, 2, 0));
    expect(upperOnly.cp).toBeNull();
    expect(upperOnly.pp).toBeNull();
    expect(upperOnly.cpl).toBeNull();
    expect(upperOnly.cpk).not.toBeNull();
    expect(upperOnly.cpk).toBe(upperOnly.cpu);
    expect(upperOnly.ppk).toBe(upperOnly.ppu);
    expect(upperOnly.cpm).toBeNull();
    expect(upperOnly.ppm_within?.below_lsl).toBe(0);
    const lowerOnly = capability(series, limits(1, null, 1.25));
    expect(lowerOnly.cpk).toBe(lowerOnly.cpl);
    expect(lowerOnly.warnings).toContain('one-sided tolerance: cp and pp are undefined');
  });

  it('no tolerance at all: every index null, nothing can be out of tolerance', () => {
    const result = capability(seriesOf([1.2, 1.4, 1.1, 1.3]), limits(null, null, 1.25));
    expect(result).toMatchObject({
      cp: null,
      cpk: null,
      pp: null,
      ppk: null,
      cpm: null,
      cpk_ci95: null,
      cp_ci95: null,
      pp_ci95: null,
    });
    expect(result.ppm_overall).toEqual({ below_lsl: 0, above_usl: 0, total: 0 });
    expectAllFinite(result);
  });

  it('a mean outside the tolerance gives a negative Cpk, returned as is', () => {
    const result = capability(seriesOf([12.1, 12.3, 12.2, 12.4]), limits(9, 11, 10));
    expect(result.cpk as number).toBeLessThan(0);
    expect(result.ppm_observed).toEqual({ below_lsl: 0, above_usl: 1e6, total: 1e6 });
  });
});

describe('capability: numerical stability', () => {
  it('keeps full precision on large offset data (74.001 ± 0.01, spc.md §4)', () => {
    const base = [0.003, -0.008, 0.011, 0.0, -0.002, 0.007, -0.011, 0.004, 0.001, -0.005];
    const shifted = capability(seriesOf(base.map((d) => 74.001 + d)), limits(73.95, 74.05, 74));
    const plain = capability(seriesOf(base), limits(-0.051, 0.049, -0.001));
    close(shifted.stdev, plain.stdev as number, 1e-12);
    close(shifted.pp, plain.pp as number, 1e-8);
  });
});
