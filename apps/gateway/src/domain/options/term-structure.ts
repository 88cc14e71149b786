import type { ChainSnapshot } from './chain.js';
import { expiryGroups } from './selection.js';
import { atmIv } from './smile.js';

/**
 * ATM term structure (notes §9.9): per expiry ATM IV and DTE; constant-maturity points by linear
 * interpolation of total variance σ²τ between neighbouring expiries (no extrapolation) [gateway convention];
 * shape from the first and last expiry with `threshold` vol points [gateway thresholds].
 */
export const DEFAULT_TENORS = [7, 30, 60, 90, 180] as const;

export type TermShape = 'contango' | 'backwardation' | 'flat' | 'humped';

export interface TermStructureOptions {
  tenors: readonly number[];
  /** Vol points back minus front must exceed to be contango/backwardation (default 1). */
  threshold: number;
  /** Expiries beyond this many days are left out; null = all. */
  maxDte?: number | null;
}

export function termShape(atm: readonly number[], threshold: number): TermShape {
  if (atm.length < 2) return 'flat';
  const front = atm[0]!;
  const back = atm[atm.length - 1]!;
  const max = Math.max(...atm);
  const interiorMax = atm.slice(1, -1).some((v) => v === max) && max - Math.max(front, back) > threshold;
  if (interiorMax) return 'humped';
  if (back - front > threshold) return 'contango';
  if (front - back > threshold) return 'backwardation';
  return 'flat';
}

export function termStructure(chain: ChainSnapshot, options: TermStructureOptions) {
  const points = expiryGroups(chain, { maxDte: options.maxDte ?? null })
    .map((group) => ({
      expiry: group.expiry,
      dte: group.dte,
      forward: group.forward,
      atm_iv: atmIv(chain, group),
    }))
    .filter((point): point is typeof point & { atm_iv: number } => point.atm_iv !== null);
  const constantMaturity = options.tenors.map((tenor) => {
    for (let j = 0; j + 1 < points.length; j++) {
      const a = points[j]!;
      const b = points[j + 1]!;
      if (tenor < a.dte || tenor > b.dte) continue;
      const va = (a.atm_iv / 100) ** 2 * a.dte;
      const vb = (b.atm_iv / 100) ** 2 * b.dte;
      const variance = va + ((vb - va) * (tenor - a.dte)) / (b.dte - a.dte);
      return { dte: tenor, atm_iv: 100 * Math.sqrt(variance / tenor) };
    }
    return { dte: tenor, atm_iv: null };
  });
  return {
    expiries: points,
    constant_maturity: constantMaturity,
    shape: termShape(
      points.map((point) => point.atm_iv),
      options.threshold,
    ),
    front_back_spread: points.length > 1 ? points[points.length - 1]!.atm_iv - points[0]!.atm_iv : null,
  };
}
