/**
 * The capability overview's traffic light for one characteristic, from its indices and rule violations.
 * Thresholds are the automotive convention (AIAG SPC manual, 2nd ed.; VDA 4): a process is capable at an
 * index of 1.33 or more and not capable below 1.00. The worse of Cpk (within) and Ppk (overall) decides, so a
 * drifting process (Ppk well below Cpk) does not show green; a special cause flagged by the rule set keeps
 * an otherwise capable characteristic at yellow until it is understood.
 */

export type CapabilityLight = 'green' | 'yellow' | 'red' | 'none';

export const CAPABLE_INDEX = 1.33;
export const MINIMUM_INDEX = 1.0;

export function capabilityLight(cpk: number | null, ppk: number | null, violations: number): CapabilityLight {
  const indices = [cpk, ppk].filter((index): index is number => index !== null);
  // No index (n < 2, zero spread): nothing to judge yet, not a green light.
  if (indices.length === 0) return 'none';
  const worst = Math.min(...indices);
  if (worst < MINIMUM_INDEX) return 'red';
  if (worst < CAPABLE_INDEX || violations > 0) return 'yellow';
  return 'green';
}
