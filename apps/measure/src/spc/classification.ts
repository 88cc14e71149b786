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

/** value − nominal, signed, unrounded (spc.md §2: clients round for display). */
export function deviation(value: number, nominal: number): number {
  return value - nominal;
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
