import type { Limits, Verdict } from '../api/types';

/**
 * The verdict the server will store (shared spc.md, section 2): fail strictly outside the tolerance
 * limits, pass inside the warning limits (inclusive), warning in between. No rounding, no epsilon.
 */
export function classify(value: number, limits: Limits): Verdict {
  if (value < limits.ltl || value > limits.utl) return 'fail';
  if (value >= limits.lwl && value <= limits.uwl) return 'pass';
  return 'warning';
}

/** Signed deviation from nominal, as the server computes it. */
export function deviation(value: number, limits: Pick<Limits, 'nominal'>): number {
  return value - limits.nominal;
}

/**
 * Reads what an operator or caliper typed: a decimal comma is accepted (German keyboards and
 * calipers set to a German locale send one). Anything that is not one plain number is null.
 */
export function parseMeasuredValue(text: string): number | null {
  const normalised = text.trim().replace(',', '.');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(normalised)) return null;
  const value = Number(normalised);
  return Number.isFinite(value) ? value : null;
}
