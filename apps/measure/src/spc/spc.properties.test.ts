import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capability } from './capability.js';
import { classify, type SubtaskLimits } from './classification.js';
import { controlChart } from './control-chart.js';
import { histogram } from './histogram.js';
import { ALL_RULES } from './nelson-rules.js';
import { seriesOf } from './series.js';
import { SummaryAccumulator } from './summary.js';

/** Values like a caliper's: a few decimals around a nominal, with ties and repeats. */
const measurement = fc.integer({ min: -5000, max: 5000 }).map((k) => 25 + k / 1000);
const values = fc.array(measurement, { minLength: 2, maxLength: 300 });
const ordered = fc
  .tuple(
    fc.integer({ min: 1, max: 3000 }),
    fc.integer({ min: 0, max: 3000 }),
    fc.integer({ min: 0, max: 3000 }),
  )
  .map(([band, lowWarn, highWarn]): SubtaskLimits => {
    const nominal = 25;
    const half = band / 1000;
    return {
      nominal,
      ltl: nominal - half,
      lwl: nominal - half + (lowWarn / 3000) * half,
      uwl: nominal + half - (highWarn / 3000) * half,
      utl: nominal + half,
    };
  });

const relativelyEqual = (a: number | null, b: number | null, tolerance = 1e-9) => {
  if (a === null || b === null) return a === b;
  return Math.abs(a - b) <= tolerance * Math.max(1, Math.abs(a), Math.abs(b));
};

describe('SPC invariants (fast-check)', () => {
  it('cpk ≤ cp and ppk ≤ pp whenever both are defined', () => {
    fc.assert(
      fc.property(values, ordered, (xs, limits) => {
        const result = capability(seriesOf(xs), limits);
        if (result.cp !== null && result.cpk !== null)
          expect(result.cpk).toBeLessThanOrEqual(result.cp + 1e-12);
        if (result.pp !== null && result.ppk !== null)
          expect(result.ppk).toBeLessThanOrEqual(result.pp + 1e-12);
      }),
    );
  });

  it('shifting values and limits by a constant leaves cp, cpk, pp, ppk unchanged', () => {
    fc.assert(
      fc.property(values, ordered, fc.integer({ min: -1000, max: 1000 }), (xs, limits, shift) => {
        const moved = (v: number | null) => (v === null ? null : v + shift);
        const before = capability(seriesOf(xs), limits);
        const after = capability(seriesOf(xs.map((x) => x + shift)), {
          nominal: limits.nominal + shift,
          ltl: moved(limits.ltl),
          lwl: moved(limits.lwl),
          uwl: moved(limits.uwl),
          utl: moved(limits.utl),
        });
        // absolute shifts cost digits relative to the spread; 1e-6 relative is far below display precision
        for (const key of ['cp', 'cpk', 'pp', 'ppk'] as const) {
          expect(relativelyEqual(before[key], after[key], 1e-6)).toBe(true);
        }
      }),
    );
  });

  it('scaling values and limits by a positive factor leaves cp, cpk, pp, ppk unchanged', () => {
    fc.assert(
      fc.property(values, ordered, fc.constantFrom(0.001, 0.5, 2, 25.4, 1000), (xs, limits, factor) => {
        const scaled = (v: number | null) => (v === null ? null : v * factor);
        const before = capability(seriesOf(xs), limits);
        const after = capability(seriesOf(xs.map((x) => x * factor)), {
          nominal: limits.nominal * factor,
          ltl: scaled(limits.ltl),
          lwl: scaled(limits.lwl),
          uwl: scaled(limits.uwl),
          utl: scaled(limits.utl),
        });
        for (const key of ['cp', 'cpk', 'pp', 'ppk'] as const) {
          expect(relativelyEqual(before[key], after[key], 1e-9)).toBe(true);
        }
      }),
    );
  });

  it('histogram frequencies sum to n and every value lies inside its bin', () => {
    fc.assert(
      fc.property(values, fc.integer({ min: 5, max: 100 }), (xs, nBins) => {
        const result = histogram(seriesOf(xs), nBins);
        expect(result.frequencies.reduce((a, b) => a + b, 0)).toBe(xs.length);
        expect(result.bins).toHaveLength(nBins + 1);
        expect(result.bins[0]).toBe(Math.min(...xs) === Math.max(...xs) ? xs[0]! - 0.5 : Math.min(...xs));
      }),
    );
  });

  it('pass + warning + fail = total', () => {
    fc.assert(
      fc.property(values, ordered, (xs, limits) => {
        const summary = new SummaryAccumulator();
        for (const x of xs) summary.push(classify(x, limits));
        const result = summary.result();
        expect(result.pass_count + result.warning_count + result.fail_count).toBe(result.total);
        expect(result.total).toBe(xs.length);
      }),
    );
  });

  it('out-of-control indices are sorted, unique, in range, and the union of the rule lists', () => {
    fc.assert(
      fc.property(values, (xs) => {
        const chart = controlChart(seriesOf(xs), { rules: ALL_RULES });
        const indices = chart.out_of_control_indices;
        indices.forEach((index, i) => {
          expect(index).toBeGreaterThanOrEqual(0);
          expect(index).toBeLessThan(xs.length);
          if (i > 0) expect(index).toBeGreaterThan(indices[i - 1] as number);
        });
        const union = new Set(Object.values(chart.rule_violations).flat());
        expect(indices).toEqual([...union].sort((a, b) => a - b));
      }),
    );
  });

  it('the streamed mean and stdev equal a two-pass computation', () => {
    fc.assert(
      fc.property(values, (xs) => {
        const series = seriesOf(xs);
        const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
        const ss = xs.reduce((a, x) => a + (x - mean) ** 2, 0);
        expect(relativelyEqual(series.mean, mean, 1e-12)).toBe(true);
        expect(relativelyEqual(series.stdev, Math.sqrt(ss / (xs.length - 1)), 1e-9)).toBe(true);
      }),
    );
  });
});
