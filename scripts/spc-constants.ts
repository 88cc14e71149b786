/**
 * Generator of the d3 column in apps/measure/src/spc/constants.ts: the standard deviation of the range
 * of n standard normal values, by Simpson's rule on a fine grid (h = 0.004 on x ∈ [−8.5, 8.5] and
 * w ∈ [0, 12]; the integrands are below 1e-15 outside). Prints d2 and d3 for n = 2 … 25 to 7 decimals.
 * Run: `npx tsx scripts/spc-constants.ts` (a few seconds).
 *
 *   d2 = E(R) = ∫ 1 − Φ(x)ⁿ − (1 − Φ(x))ⁿ dx
 *   E(R²) = 2 ∫₀^∞ w·(1 − P(R ≤ w)) dw,  P(R ≤ w) = n ∫ φ(x)·(Φ(x + w) − Φ(x))ⁿ⁻¹ dx
 *   d3 = √(E(R²) − d2²)
 */
import { normalCdf, normalPdf } from '../apps/measure/src/spc/normal.js';

const h = 0.004;
const xCells = Math.round(17 / h); // even: Simpson needs an even number of intervals
const wCells = Math.round(12 / h);
const xs = Array.from({ length: xCells + 1 }, (_, i) => -8.5 + i * h);
const cdf = Array.from({ length: xCells + wCells + 1 }, (_, k) => normalCdf(-8.5 + k * h));
const pdf = xs.map(normalPdf);
const simpson = (i: number, last: number) => (i === 0 || i === last ? 1 : i % 2 === 1 ? 4 : 2);

for (let n = 2; n <= 25; n++) {
  let d2 = 0;
  for (let i = 0; i <= xCells; i++) {
    const p = cdf[i] as number;
    d2 += simpson(i, xCells) * (1 - p ** n - (1 - p) ** n);
  }
  d2 *= h / 3;
  let secondMoment = 0;
  for (let j = 0; j <= wCells; j++) {
    let below = 0;
    for (let i = 0; i <= xCells; i++) {
      below +=
        simpson(i, xCells) * (pdf[i] as number) * ((cdf[i + j] as number) - (cdf[i] as number)) ** (n - 1);
    }
    secondMoment += simpson(j, wCells) * j * h * (1 - (n * below * h) / 3);
  }
  secondMoment *= (2 * h) / 3;
  console.log(
    `n = ${String(n).padStart(2)}  d2 = ${d2.toFixed(7)}  d3 = ${Math.sqrt(secondMoment - d2 * d2).toFixed(7)}`,
  );
}
