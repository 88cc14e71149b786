/**
 * Tolerance rules of the GUIDE, as pure functions. Limits are in the
 * subtask's unit; boundaries belong to the better class (a value exactly on
 * LWL is a pass, exactly on LTL a warning).
 */
import { deviation as exactDeviation } from '../spc/classification.js';

export interface Limits {
  nominal: number;
  utl: number;
  uwl: number;
  lwl: number;
  ltl: number;
}

export type PassFail = 'pass' | 'warning' | 'fail';
export const PASS_FAIL_VALUES: readonly PassFail[] = ['pass', 'warning', 'fail'];

/** pass when LWL ≤ v ≤ UWL; warning when LTL ≤ v < LWL or UWL < v ≤ UTL; fail otherwise. */
export function classify(value: number, limits: Limits): PassFail {
  if (value >= limits.lwl && value <= limits.uwl) return 'pass';
  if (value >= limits.ltl && value <= limits.utl) return 'warning';
  return 'fail';
}

/** Signed distance from nominal (value − nominal), in the subtask's unit, at the value's resolution (spc). */
export const deviation = (value: number, limits: Limits): number => exactDeviation(value, limits.nominal);

/** Null when LTL ≤ LWL ≤ nominal ≤ UWL ≤ UTL holds, else a message naming the first pair out of order. */
export function limitsProblem(limits: Limits): string | null {
  const chain: [keyof Limits, number][] = [
    ['ltl', limits.ltl],
    ['lwl', limits.lwl],
    ['nominal', limits.nominal],
    ['uwl', limits.uwl],
    ['utl', limits.utl],
  ];
  for (let i = 1; i < chain.length; i++) {
    const [lowName, low] = chain[i - 1] as [string, number];
    const [highName, high] = chain[i] as [string, number];
    if (!(low <= high))
      return `Limits must satisfy ltl ≤ lwl ≤ nominal ≤ uwl ≤ utl (${lowName} > ${highName})`;
  }
  return null;
}
