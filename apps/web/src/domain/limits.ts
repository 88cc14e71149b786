import type { Limits } from '../api/types';

export type LimitField = keyof Limits;
export type LimitErrors = Partial<Record<LimitField, 'required' | 'order'>>;

/** Order the limits must keep, lowest first (GUIDE: LTL ≤ LWL ≤ nominal ≤ UWL ≤ UTL). */
export const LIMIT_ORDER: readonly LimitField[] = ['ltl', 'lwl', 'nominal', 'uwl', 'utl'];

/**
 * Checks a subtask's limits before they are sent, so the maker sees which field is wrong instead of
 * a 422. Each field out of order with its neighbour is named; an empty warning band is allowed.
 */
export function validateLimits(values: Record<LimitField, number | null>): LimitErrors {
  const errors: LimitErrors = {};
  for (const field of LIMIT_ORDER) {
    const value = values[field];
    if (value === null || !Number.isFinite(value)) errors[field] = 'required';
  }
  for (let i = 1; i < LIMIT_ORDER.length; i++) {
    const lowerField = LIMIT_ORDER[i - 1]!;
    const upperField = LIMIT_ORDER[i]!;
    const lower = values[lowerField];
    const upper = values[upperField];
    if (errors[lowerField] || errors[upperField] || lower === null || upper === null) continue;
    if (lower > upper) {
      errors[lowerField] = 'order';
      errors[upperField] = 'order';
    }
  }
  return errors;
}

/** Symmetric limits around a nominal, the usual starting point when a maker adds a point. */
export function symmetricLimits(nominal: number, tolerance: number, warningShare = 0.5): Limits {
  const warning = tolerance * warningShare;
  return {
    nominal,
    ltl: nominal - tolerance,
    lwl: nominal - warning,
    uwl: nominal + warning,
    utl: nominal + tolerance,
  };
}
