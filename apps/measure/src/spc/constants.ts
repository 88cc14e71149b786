/**
 * Control-chart constants for subgroups of n = 2 … 25 (docs/statistics.md, "Subgrouped data").
 * d2 is the tabulated 3-decimal value Minitab and qcc 2.x use for σ = R̄/d2 (spc.md §5: 1.128, not
 * 2/√π; the exact integral differs in the fourth digit and would not reproduce their limits). d3 is
 * the integral itself to 7 decimals, as qcc 2.x carries it (its R chart of the piston-ring data has
 * UCL 0.04812533, which d3(5) = 0.8641 would miss in the 7th digit); scripts/spc-constants.ts
 * generates it and constants.test.ts recomputes both columns. c4 has a closed form.
 */

export const SUBGROUP_SIZE = { min: 2, max: 25 } as const;

/** d2(n): expected range of n standard normal values, index n. */
const D2: readonly number[] = [
  Number.NaN,
  Number.NaN,
  1.128,
  1.693,
  2.059,
  2.326,
  2.534,
  2.704,
  2.847,
  2.97,
  3.078,
  3.173,
  3.258,
  3.336,
  3.407,
  3.472,
  3.532,
  3.588,
  3.64,
  3.689,
  3.735,
  3.778,
  3.819,
  3.858,
  3.895,
  3.931,
];

/** d3(n): standard deviation of that range, index n; 7 decimals from scripts/spc-constants.ts. */
const D3: readonly number[] = [
  Number.NaN,
  Number.NaN,
  0.8525025,
  0.888368,
  0.8798082,
  0.8640819,
  0.8480397,
  0.8332053,
  0.8198315,
  0.8078343,
  0.7970507,
  0.7873146,
  0.7784783,
  0.7704162,
  0.7630231,
  0.7562114,
  0.7499081,
  0.7440518,
  0.7385909,
  0.7334815,
  0.7286863,
  0.7241733,
  0.7199148,
  0.7158867,
  0.7120682,
  0.7084408,
];

function checked(n: number): number {
  if (!Number.isInteger(n) || n < SUBGROUP_SIZE.min || n > SUBGROUP_SIZE.max) {
    throw new RangeError(`subgroup size must be an integer from 2 to 25, got ${n}`);
  }
  return n;
}

export const d2 = (n: number): number => D2[checked(n)] as number;
export const d3 = (n: number): number => D3[checked(n)] as number;

/** ln Γ(x) for x > 0 (Lanczos, g = 7): 15 significant digits, enough for c4 to the last printed digit. */
function logGamma(x: number): number {
  const g = 7;
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = c[0] as number;
  for (let i = 1; i < g + 2; i++) sum += (c[i] as number) / (z + i);
  const t = z + g + 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** c4(n) = E(s)/σ for n normal values: √(2/(n−1)) · Γ(n/2) / Γ((n−1)/2), as qcc and Minitab compute it. */
export function c4(n: number): number {
  checked(n);
  return Math.sqrt(2 / (n - 1)) * Math.exp(logGamma(n / 2) - logGamma((n - 1) / 2));
}
