/**
 * MacKinnon's response surfaces for the Engle–Granger test with a constant in the cointegrating regression and
 * N = 2 variables (notes sentiment.md, tool 9 steps 4–5).
 */

/** MacKinnon (2010), Table 2, τ_c, N = 2: `[β∞, β1, β2, β3]` per level. */
const CRITICAL_2010 = {
  // The paper prints −22.527 for β2 at 1 %; statsmodels carries −33.527, a transcription error (notes).
  '1pct': [-3.89644, -10.9519, -22.527, 0],
  '5pct': [-3.33613, -6.1101, -6.823, 0],
  '10pct': [-3.04445, -4.2412, -2.72, 0],
} as const;

export type CriticalValues = { '1pct': number; '5pct': number; '10pct': number };

/** The critical values at sample size `t` (= number of price observations − 1): `β∞ + β1/T + β2/T² + β3/T³`. */
export function criticalValues(t: number): CriticalValues {
  const at = ([b0, b1, b2, b3]: readonly number[]) => b0! + b1! / t + b2! / t ** 2 + b3! / t ** 3;
  return {
    '1pct': at(CRITICAL_2010['1pct']),
    '5pct': at(CRITICAL_2010['5pct']),
    '10pct': at(CRITICAL_2010['10pct']),
  };
}

/** MacKinnon (1994) asymptotic p-value polynomials, constant case, N = 2, and their domain. */
const TAU_MAX = 0.92;
const TAU_MIN = -18.86;
const TAU_STAR = -2.62;
const SMALL_P = [2.92, 1.5012, 0.039796];
const LARGE_P = [2.1945, 0.64695, -0.29198, -0.042377];

/**
 * The standard normal CDF to about 1e-16 absolute: the Taylor series `Φ(x) = ½ + φ(x) Σ x^{2n+1}/(2n+1)!!`
 * converges for every x; far in the tails Φ is below double precision anyway.
 */
export function normalCdf(x: number): number {
  if (x < -37) return 0;
  if (x > 37) return 1;
  let term = x;
  let sum = x;
  const x2 = x * x;
  for (let n = 1; n < 2000; n++) {
    term *= x2 / (2 * n + 1);
    sum += term;
    if (Math.abs(term) < 1e-17 * Math.abs(sum)) break;
  }
  const value = 0.5 + sum * Math.exp(-0.5 * x2 - 0.5 * Math.log(2 * Math.PI));
  return Math.min(1, Math.max(0, value));
}

/** The approximate p-value of an Engle–Granger τ (asymptotic: no sample-size term). */
export function engleGrangerPValue(tau: number): number {
  if (tau > TAU_MAX) return 1;
  if (tau < TAU_MIN) return 0;
  const coefficients = tau <= TAU_STAR ? SMALL_P : LARGE_P;
  let polynomial = 0;
  for (let i = coefficients.length - 1; i >= 0; i--) polynomial = polynomial * tau + coefficients[i]!;
  return normalCdf(polynomial);
}
