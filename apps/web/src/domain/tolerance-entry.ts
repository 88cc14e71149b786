import type { Limits } from '../api/types';
import { decimalsOf } from './classify';

/**
 * How a drawing states a characteristic: nominal with an upper and a lower deviation (ISO 286's es/ei, signed:
 * 30 +0.02/−0.01 is upper 0.02, lower −0.01; 120 ± 0.1 is upper 0.1, lower −0.1), and a warning band as a
 * percentage of the tolerance on each side. Stored as the five limits the API knows.
 */
export interface ToleranceEntry {
  nominal: number;
  upper: number;
  lower: number;
  /** 0–100: how far towards each tolerance limit the warning limit sits. */
  warningPercent: number;
}

/** Rounds to `decimals` places so 120.2 + 0.1 is stored as 120.3, not 120.30000000000001. */
function atResolution(value: number, decimals: number): number {
  return decimals > 15 ? value : Number(value.toFixed(decimals));
}

/** The five limits for a drawing's entry, each at the resolution of the numbers it came from. */
export function limitsFromTolerance({ nominal, upper, lower, warningPercent }: ToleranceEntry): Limits {
  const tolerance = Math.max(decimalsOf(nominal), decimalsOf(upper), decimalsOf(lower));
  const warning = tolerance + decimalsOf(warningPercent / 100);
  const share = warningPercent / 100;
  return {
    nominal,
    ltl: atResolution(nominal + lower, tolerance),
    lwl: atResolution(nominal + lower * share, warning),
    uwl: atResolution(nominal + upper * share, warning),
    utl: atResolution(nominal + upper, tolerance),
  };
}

/**
 * The drawing's entry for stored limits, or null when they cannot be written that way (the warning band sits at
 * different shares of the tolerance on the two sides): such limits are edited as five values.
 */
export function toleranceFromLimits(limits: Limits): ToleranceEntry | null {
  const { nominal } = limits;
  const decimals = Math.max(...[limits.nominal, limits.ltl, limits.utl].map(decimalsOf));
  const upper = atResolution(limits.utl - nominal, decimals);
  const lower = atResolution(limits.ltl - nominal, decimals);
  const shares = [
    upper === 0 ? null : (limits.uwl - nominal) / upper,
    lower === 0 ? null : (limits.lwl - nominal) / lower,
  ].filter((share): share is number => share !== null);
  if (shares.length === 0) return { nominal, upper, lower, warningPercent: 100 };
  const warningPercent = atResolution((shares[0] as number) * 100, 6);
  const entry = { nominal, upper, lower, warningPercent };
  const back = limitsFromTolerance(entry);
  const same = (['ltl', 'lwl', 'uwl', 'utl'] as const).every((field) => back[field] === limits[field]);
  return same ? entry : null;
}
