import type { Verdict } from './classification.js';

/** The Summary shape of the API (spec "Statistics shapes"; spc.md §3). */
export interface Summary {
  total: number;
  pass_count: number;
  warning_count: number;
  fail_count: number;
  pass_percentage: number;
  warning_percentage: number;
  fail_percentage: number;
}

/**
 * 100 · count / total rounded to 2 decimals, half away from zero; 0 when total is 0.
 * Math.round(count · 10000 / total) / 100 rounds true ties correctly (spc.md §3): a tie is exactly
 * representable and a non-tie lies at least 1/(2·total) away from one.
 */
export function percentage(count: number, total: number): number {
  if (total === 0) return 0;
  return Math.round((count * 10000) / total) / 100;
}

/** Builds the Summary from the three counts (for example from a SQL GROUP BY pass_fail). */
export function summarize(counts: { pass: number; warning: number; fail: number }): Summary {
  const total = counts.pass + counts.warning + counts.fail;
  return {
    total,
    pass_count: counts.pass,
    warning_count: counts.warning,
    fail_count: counts.fail,
    pass_percentage: percentage(counts.pass, total),
    warning_percentage: percentage(counts.warning, total),
    fail_percentage: percentage(counts.fail, total),
  };
}

/** Counts stored verdicts one row at a time. */
export class SummaryAccumulator {
  private readonly counts = { pass: 0, warning: 0, fail: 0 };

  push(verdict: Verdict): void {
    this.counts[verdict] += 1;
  }

  result(): Summary {
    return summarize(this.counts);
  }
}
