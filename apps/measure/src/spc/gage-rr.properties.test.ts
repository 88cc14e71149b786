import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gageRr } from './gage-rr.js';

/** A balanced study of caliper-like readings: part sizes, operator offsets, interaction and noise. */
const study = fc
  .record({
    parts: fc.integer({ min: 2, max: 10 }),
    operators: fc.integer({ min: 2, max: 4 }),
    trials: fc.integer({ min: 2, max: 3 }),
  })
  .chain(({ parts, operators, trials }) =>
    fc
      .array(fc.integer({ min: -2000, max: 2000 }), {
        minLength: parts * operators * trials,
        maxLength: parts * operators * trials,
      })
      .map((noise) =>
        Array.from({ length: parts }, (_, p) =>
          Array.from({ length: operators }, (_, o) =>
            Array.from(
              { length: trials },
              (_, t) =>
                25 + p * 0.05 + o * 0.003 + (noise[(p * operators + o) * trials + t] as number) / 100000,
            ),
          ),
        ),
      ),
  );

const relativelyEqual = (a: number | null, b: number | null, tolerance = 1e-7) => {
  if (a === null || b === null) return a === b;
  return Math.abs(a - b) <= tolerance * Math.max(1, Math.abs(a), Math.abs(b));
};

describe('gage R&R invariants (fast-check)', () => {
  it('scaling every value (and the tolerance) by a constant leaves every percentage, ndc and verdict unchanged', () => {
    fc.assert(
      fc.property(study, fc.double({ min: 1e-3, max: 1e3, noNaN: true }), (values, factor) => {
        const base = gageRr(values, 0.5);
        const scaled = gageRr(
          values.map((byOperator) => byOperator.map((cell) => cell.map((v) => v * factor))),
          0.5 * factor,
        );
        expect(scaled.anova.interactionPooled).toBe(base.anova.interactionPooled);
        scaled.components.forEach((c, i) => {
          const b = base.components[i];
          expect(c.source).toBe(b?.source);
          expect(relativelyEqual(c.percent_contribution, b?.percent_contribution ?? null)).toBe(true);
          expect(relativelyEqual(c.percent_study_variation, b?.percent_study_variation ?? null)).toBe(true);
          expect(relativelyEqual(c.percent_tolerance, b?.percent_tolerance ?? null)).toBe(true);
        });
        expect(scaled.ndc).toBe(base.ndc);
        expect(scaled.verdict).toEqual(base.verdict);
      }),
      { numRuns: 200 },
    );
  });

  it('data with no operator effect (every operator’s mean equal) gives AV = 0 within rounding', () => {
    fc.assert(
      fc.property(study, (values) => {
        const operators = values[0]?.length as number;
        const all = values.flat(2);
        const grand = all.reduce((s, v) => s + v, 0) / all.length;
        const operatorMean = Array.from({ length: operators }, (_, o) => {
          const xs = values.flatMap((byOperator) => byOperator[o] as number[]);
          return xs.reduce((s, v) => s + v, 0) / xs.length;
        });
        // Shift each operator's readings so that all operator means equal the grand mean.
        const centred = values.map((byOperator) =>
          byOperator.map((cell, o) => cell.map((v) => v - (operatorMean[o] as number) + grand)),
        );
        const result = gageRr(centred, null);
        expect(result.anova.withInteraction.operator.ss).toBeLessThan(
          1e-18 * Math.max(1, result.anova.withInteraction.total.ss),
        );
        expect(result.av).toBeLessThanOrEqual(1e-9 * Math.max(result.tv, 1e-12));
      }),
      { numRuns: 200 },
    );
  });

  it('variance components add up: contributions of repeatability, reproducibility and part make 100 %', () => {
    fc.assert(
      fc.property(study, (values) => {
        const result = gageRr(values, null);
        const byName = new Map(result.components.map((c) => [c.source, c]));
        const sum =
          (byName.get('repeatability')?.percent_contribution ?? 0) +
          (byName.get('reproducibility')?.percent_contribution ?? 0) +
          (byName.get('part')?.percent_contribution ?? 0);
        expect(sum).toBeCloseTo(100, 9);
        expect(result.grr ** 2).toBeCloseTo(result.ev ** 2 + result.av ** 2 + result.int ** 2, 12);
      }),
      { numRuns: 100 },
    );
  });
});
