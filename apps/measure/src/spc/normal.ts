/**
 * Standard normal density and lower-tail probability, accurate in the far tails.
 *
 * Φ(z) for z < 0 is evaluated through erfc of a positive argument, never as 1 − Φ(−z), so that
 * expected-PPM figures stay meaningful beyond z ≈ 8 (spc.md §6.1). erfc uses two algorithms with
 * no fitted constants: a positive-term series for erf below 2.5 and Lentz's continued fraction
 * above; both reach about 1e-14 relative accuracy over the whole range.
 */

const SQRT_PI = Math.sqrt(Math.PI);
const INV_SQRT_2PI = 1 / Math.sqrt(2 * Math.PI);

/** φ(z): the standard normal density. */
export function normalPdf(z: number): number {
  return INV_SQRT_2PI * Math.exp(-0.5 * z * z);
}

/** erf(x) = 2/√π · e^(−x²) · Σ 2ⁿ x^(2n+1) / (1·3·…·(2n+1)); all terms positive, no cancellation. */
function erfSeries(x: number): number {
  let term = x;
  let sum = x;
  for (let n = 1; n < 200; n++) {
    term *= (2 * x * x) / (2 * n + 1);
    sum += term;
    if (term < sum * 1e-17) break;
  }
  return (2 / SQRT_PI) * Math.exp(-x * x) * sum;
}

/** erfc(x) for x > 0 as e^(−x²)/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + …)))), modified Lentz. */
function erfcContinuedFraction(x: number): number {
  const tiny = 1e-300;
  let f = x;
  let c = x;
  let d = 0;
  for (let k = 1; k < 500; k++) {
    const a = k / 2;
    d = x + a * d;
    d = d === 0 ? tiny : 1 / d;
    c = x + a / c;
    if (c === 0) c = tiny;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(-x * x) / (SQRT_PI * f);
}

/** erfc(x) = 1 − erf(x), accurate for large positive x (no cancellation). */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  if (x < 0) return 2 - erfc(-x);
  if (x < 2.5) return 1 - erfSeries(x);
  if (x > 27) return 0; // below the smallest double
  return erfcContinuedFraction(x);
}

/** Φ(z) = P(Z ≤ z), the lower tail of the standard normal distribution. */
export function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2);
}
