import { black76Gamma } from './black76.js';
import type { ChainSnapshot } from './chain.js';
import { dealerSign, type SignConvention } from './dealer-sign.js';
import { type ExpiryFilter, selectOptions } from './selection.js';

/**
 * Dealer gamma profile and zero-gamma level (notes §9.2): on a grid of spot levels `X` over
 * `[S(1 − w), S(1 + w)]`, every forward moves proportionally (`F' = F·X/S`), vols stay (sticky strike),
 * and `GEX(X) = Σ s_i Γ_i' OI_i X² 0.01`. Crossings by linear interpolation between bracketing grid points.
 * O(grid × chain).
 */
export interface GammaProfileOptions extends ExpiryFilter {
  signConvention: SignConvention;
  /** w: half-width of the grid as a fraction of spot [gateway convention, default 0.25]. */
  width: number;
  /** Grid points, ends included [gateway convention, default 101]. */
  steps: number;
  /** Leave out the nearest expiry (Perfiliev's variant). */
  excludeNextExpiry?: boolean;
}

export interface GammaProfileResult {
  spot: number;
  levels: Float64Array;
  gex: Float64Array;
  /** Every sign change, ascending. */
  zero_gamma_levels: number[];
  /** The crossing nearest spot; null when GEX keeps one sign over the grid. */
  zero_gamma: number | null;
}

export function gammaProfile(chain: ChainSnapshot, options: GammaProfileOptions): GammaProfileResult {
  const s = chain.spot;
  let used = selectOptions(chain, options);
  if (options.excludeNextExpiry && used.length) {
    const next = Math.min(...used.map((i) => chain.expiry[i]!));
    used = used.filter((i) => chain.expiry[i] !== next);
  }
  // The per-option constants, hoisted out of the grid loop.
  const n = used.length;
  const weight = new Float64Array(n);
  const relForward = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    const i = used[j]!;
    weight[j] = dealerSign(options.signConvention, chain.isCall[i] === 1) * chain.openInterest[i]!;
    relForward[j] = chain.forward[i]! / s;
  }
  const levels = new Float64Array(options.steps);
  const profile = new Float64Array(options.steps);
  const low = s * (1 - options.width);
  const step = options.steps > 1 ? (2 * options.width * s) / (options.steps - 1) : 0;
  for (let g = 0; g < options.steps; g++) {
    const x = low + g * step;
    let sum = 0;
    for (let j = 0; j < n; j++) {
      const i = used[j]!;
      sum += weight[j]! * black76Gamma(relForward[j]! * x, chain.strike[i]!, chain.vol[i]!, chain.years[i]!);
    }
    levels[g] = x;
    profile[g] = sum * x * x * 0.01;
  }
  const crossings = zeroCrossings(levels, profile);
  let nearest: number | null = null;
  for (const level of crossings)
    if (nearest === null || Math.abs(level - s) < Math.abs(nearest - s)) nearest = level;
  return { spot: s, levels, gex: profile, zero_gamma_levels: crossings, zero_gamma: nearest };
}

/** Where y changes sign between consecutive points, linearly interpolated (an exact zero counts once). */
export function zeroCrossings(x: Float64Array, y: Float64Array): number[] {
  const out: number[] = [];
  for (let g = 0; g + 1 < y.length; g++) {
    const a = y[g]!;
    const b = y[g + 1]!;
    if (a === 0 && (g === 0 || y[g - 1] !== 0)) out.push(x[g]!);
    else if (a * b < 0) out.push(x[g]! + ((x[g + 1]! - x[g]!) * a) / (a - b));
  }
  if (y.length && y[y.length - 1] === 0 && y[y.length - 2] !== 0) out.push(x[x.length - 1]!);
  return out;
}
