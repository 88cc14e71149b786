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

/** The default plausibility band: further from nominal than this many tolerance widths asks before it is kept. */
export const PLAUSIBILITY_WIDTHS = 5;

/**
 * Whether a value is too far from the nominal to be believed without asking (a 1200.2 typed for a 120 ± 0.1
 * length): more than `widths` tolerance widths (utl − ltl) away. Such a value is still kept when confirmed.
 */
export function isImplausible(value: number, limits: Limits, widths = PLAUSIBILITY_WIDTHS): boolean {
  const width = limits.utl - limits.ltl;
  return width > 0 && Math.abs(value - limits.nominal) > widths * width;
}

/** Decimals of a number's shortest decimal form (30.004 → 3, 1.5e-7 → 8): the resolution it was typed at. */
export function decimalsOf(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const [mantissa = '', exponent = '0'] = String(value).split('e');
  const dot = mantissa.indexOf('.');
  return Math.max(0, (dot < 0 ? 0 : mantissa.length - dot - 1) - Number(exponent));
}

/**
 * Signed deviation from nominal as the server stores it (apps/measure spc `deviation`): the double
 * difference rounded to the finer resolution of value and nominal, so 30.004 − 30 is exactly 0.004.
 */
export function deviation(value: number, limits: Pick<Limits, 'nominal'>): number {
  const difference = value - limits.nominal;
  const decimals = Math.max(decimalsOf(value), decimalsOf(limits.nominal));
  if (decimals > 100 || Math.abs(difference) >= 1e21) return difference;
  return Number(difference.toFixed(decimals));
}

/** Decimals as typed, trailing zeros included ("120,060" → 3): the resolution the operator or caliper gave. */
export function typedDecimals(text: string): number {
  const normalised = text.trim().replace(',', '.');
  const dot = normalised.indexOf('.');
  return dot < 0 ? 0 : normalised.length - dot - 1;
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
