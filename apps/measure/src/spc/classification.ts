/**
 * Per-measurement verdict and deviation (GUIDE.md; spc.md §2).
 *
 * Limits are inclusive and compared on the doubles as stored (no rounding, no epsilon):
 * fail strictly outside [LTL, UTL]; pass inside [LWL, UWL]; warning in between.
 */

export type Verdict = 'pass' | 'warning' | 'fail';

/** A subtask's nominal and limits. A limit may be absent (null) for one-sided characteristics. */
export interface SubtaskLimits {
  nominal: number;
  ltl: number | null;
  lwl: number | null;
  uwl: number | null;
  utl: number | null;
}

/**
 * pass / warning / fail. A missing tolerance limit means no failure on that side; a missing
 * warning limit means an empty warning band on that side (the warning limit falls back to the
 * tolerance limit), so a one-sided characteristic still classifies sensibly.
 */
export function classify(value: number, limits: SubtaskLimits): Verdict {
  const { ltl, utl } = limits;
  if ((ltl !== null && value < ltl) || (utl !== null && value > utl)) return 'fail';
  const lower = limits.lwl ?? ltl;
  const upper = limits.uwl ?? utl;
  if ((lower === null || value >= lower) && (upper === null || value <= upper)) return 'pass';
  return 'warning';
}

/**
 * Decimals of a number's shortest round-trip decimal form (30.004 → 3, 30 → 0, 1.5e-7 → 8): the
 * resolution a value was typed or read at, since a JSON number arrives as that text.
 */
export function decimalsOf(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const [mantissa = '', exponent = '0'] = String(value).split('e');
  const dot = mantissa.indexOf('.');
  const fraction = dot < 0 ? 0 : mantissa.length - dot - 1;
  return Math.max(0, fraction - Number(exponent));
}

/**
 * value − nominal, signed, at the resolution of its operands (docs/decisions.md, "Deviation at the
 * measurement's resolution"). The exact difference of two decimals has at most as many decimals as
 * the finer of them, so rounding the double difference to that many gives the double nearest the
 * exact one: 30.004 − 30 is 0.004, not 0.004000000000001336. toFixed rounds from the double's exact
 * binary value, which is within far less than half a unit of that decimal from the true difference.
 */
export function deviation(value: number, nominal: number): number {
  const difference = value - nominal;
  const decimals = Math.max(decimalsOf(value), decimalsOf(nominal));
  if (decimals > 100 || Math.abs(difference) >= 1e21) return difference;
  return Number(difference.toFixed(decimals));
}

/**
 * True when the limits are ordered LTL ≤ LWL ≤ nominal ≤ UWL ≤ UTL (absent limits skipped).
 * The API answers 422 otherwise; keeping the rule here lets both the validator and the tests use it.
 */
export function limitsAreOrdered(limits: SubtaskLimits): boolean {
  const chain = [limits.ltl, limits.lwl, limits.nominal, limits.uwl, limits.utl].filter(
    (limit): limit is number => limit !== null,
  );
  if (!chain.every(Number.isFinite)) return false;
  return chain.every((limit, i) => i === 0 || (chain[i - 1] as number) <= limit);
}
