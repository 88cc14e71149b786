import { describe, expect, it } from 'vitest';
import fixture from './fixtures/gage-rr-aiag.json' with { type: 'json' };
import { type ComponentName, gageRr, gageVerdict } from './gage-rr.js';
import { type AnovaRow, GageStudyShapeError, gageAnova } from './gage-rr-anova.js';

/**
 * A printed figure is met when the value rounds to it: |actual − printed| ≤ half a unit of the last
 * printed decimal ("0.974" → 0.0005). A p-value printed as 0.000 means below 0.0005.
 */
function expectPrinted(actual: number | null | undefined, printed: string) {
  const decimals = printed.split('.')[1]?.length ?? 0;
  const halfUnit = 0.5 * 10 ** -decimals;
  expect(actual, `printed ${printed}`).not.toBeNull();
  expect(
    Math.abs((actual as number) - Number(printed)),
    `${actual} printed as ${printed}`,
  ).toBeLessThanOrEqual(halfUnit * (1 + 1e-9));
}

/** The fixture is laid out as the AIAG sheet: [appraiser][trial][part]; the module takes [part][operator][trial]. */
const aiag = Array.from({ length: 10 }, (_, part) =>
  fixture.values.map((byTrial) => byTrial.map((byPart) => byPart[part] as number)),
);

function expectRow(
  actual: AnovaRow | { df: number; ss: number; ms?: number },
  printed: Record<string, unknown>,
) {
  expect(actual.df).toBe(printed.df);
  expectPrinted(actual.ss, printed.ss as string);
  if (printed.ms !== undefined) expectPrinted((actual as AnovaRow).ms, printed.ms as string);
  if (printed.f !== undefined) expectPrinted((actual as AnovaRow).f, printed.f as string);
  if (printed.p !== undefined) expectPrinted((actual as AnovaRow).p, printed.p as string);
}

describe('gage R&R: AIAG MSA 4th edition data, Minitab’s printed results (fixtures/gage-rr-aiag.json)', () => {
  const result = gageRr(aiag, fixture.tolerance);
  const printed = fixture.printed;

  it('reproduces the two-way ANOVA table with interaction (DF, SS, MS, F, p)', () => {
    const table = result.anova.withInteraction;
    const expected = printed.anova_with_interaction;
    expectRow(table.part, expected.part);
    expectRow(table.operator, expected.operator);
    expectRow(table.interaction as AnovaRow, expected.interaction);
    expectRow(table.repeatability, expected.repeatability);
    expectRow(table.total, expected.total);
  });

  it('pools the interaction (p = 0.974 > 0.25) and reproduces the table without it', () => {
    expect(result.anova.interactionPooled).toBe(true);
    const table = result.anova.withoutInteraction;
    const expected = printed.anova_without_interaction;
    expect(table).not.toBeNull();
    expectRow(table?.part as AnovaRow, expected.part);
    expectRow(table?.operator as AnovaRow, expected.operator);
    expectRow(table?.repeatability as AnovaRow, expected.repeatability);
    expectRow(table?.total as AnovaRow, expected.total);
    expect(table?.interaction).toBeNull();
  });

  const component = (source: ComponentName) => {
    const found = result.components.find((c) => c.source === source);
    expect(found, source).toBeDefined();
    return found as NonNullable<typeof found>;
  };

  it.each(['gage_rr', 'repeatability', 'reproducibility', 'part', 'total'] as const)(
    'reproduces %s: VarComp, %Contribution, StdDev, Study Var, %Study Var, %Tolerance',
    (source) => {
      const c = component(source);
      expectPrinted(c.variance, printed.var_comp[source]);
      expectPrinted(c.percent_contribution, printed.contribution[source]);
      expectPrinted(c.std_dev, printed.std_dev[source]);
      expectPrinted(c.study_variation, printed.study_var[source]);
      expectPrinted(c.percent_study_variation, printed.percent_study_var[source]);
      expectPrinted(c.percent_tolerance, printed.percent_tolerance[source]);
    },
  );

  it('reports the operator row as all of reproducibility once the interaction is pooled', () => {
    expectPrinted(component('operator').variance, printed.var_comp.operator);
    expect(result.components.some((c) => c.source === 'operator_part')).toBe(false);
    expect(result.int).toBe(0);
  });

  it('gives EV, AV, GRR, PV, TV as standard deviations, ndc 4 and the 10–30 % band', () => {
    expectPrinted(result.ev, printed.std_dev.repeatability);
    expectPrinted(result.av, printed.std_dev.reproducibility);
    expectPrinted(result.grr, printed.std_dev.gage_rr);
    expectPrinted(result.pv, printed.std_dev.part);
    expectPrinted(result.tv, printed.std_dev.total);
    expect(result.ndc).toBe(printed.ndc);
    expect(result.verdict).toEqual({
      study_variation: 'conditionally_acceptable',
      tolerance: 'conditionally_acceptable',
    });
  });
});

describe('gage R&R: a significant interaction stays in the model', () => {
  /*
   * 3 parts × 2 operators × 2 trials, built so each term is known by hand: operator 2 reads part 1
   * high and part 3 low (interaction ±1), trials differ by ±0.1 around each cell mean.
   * Cell means: operator 1 reads 10, 20, 30; operator 2 reads 11, 20, 29. Grand mean 20.
   */
  const cells = [
    [10, 11],
    [20, 20],
    [30, 29],
  ];
  const values = cells.map((row) => row.map((m) => [m - 0.1, m + 0.1]));
  const result = gageRr(values, 40);
  const table = result.anova.withInteraction;

  it('keeps the interaction (p ≤ 0.25), tests main effects against it, components from the full model', () => {
    // SS_part = 4·[(10.5−20)² + 0 + (29.5−20)²] = 722; SS_operator = 6·[(20−20)² + (20−20)²] = 0;
    // interaction residuals ±0.5 on 4 cells and 0 on 2: SS = 2·4·0.25 = 2; SS_error = 12·0.01 = 0.12.
    expect(table.part.ss).toBeCloseTo(722, 9);
    expect(table.operator.ss).toBeCloseTo(0, 9);
    expect(table.interaction?.ss).toBeCloseTo(2, 9);
    expect(table.repeatability.ss).toBeCloseTo(0.12, 9);
    expect(table.interaction?.f).toBeCloseTo(1 / 0.02, 6);
    expect(table.part.f).toBeCloseTo(361 / 1, 6);
    expect(result.anova.interactionPooled).toBe(false);
    expect(result.anova.withoutInteraction).toBeNull();
    // σ²_INT = (1 − 0.02)/2 = 0.49; σ²_operator = max(0, (0 − 1)/6) = 0; σ²_part = (361 − 1)/4 = 90.
    expect(result.int ** 2).toBeCloseTo(0.49, 9);
    expect(result.av).toBe(0);
    expect(result.pv ** 2).toBeCloseTo(90, 9);
    expect(result.grr ** 2).toBeCloseTo(0.02 + 0.49, 9);
    expect(result.components.map((c) => c.source)).toContain('operator_part');
  });
});

describe('gage R&R: pooling threshold and F tail', () => {
  /* 3 parts × 2 operators × 2 trials; SS_int = 0.0120167 (DF 2), SS_error = 0.0141 (DF 6), F = 2.55674. */
  const values = [
    [
      [10.17, 10.11],
      [10.02, 10.13],
    ],
    [
      [11.08, 11.14],
      [11.18, 11.15],
    ],
    [
      [12.05, 12.01],
      [12.15, 12.07],
    ],
  ];

  it('keeps an interaction with p between Minitab’s 0.05 and AIAG’s 0.25 (p = 0.157, scipy f.sf)', () => {
    const anova = gageAnova(values);
    // scipy 1.17.1: f.sf(2.556737588652447, 2, 6) = 0.15736353381843116
    expect(anova.withInteraction.interaction?.f).toBeCloseTo(2.556737588652447, 12);
    expect(anova.withInteraction.interaction?.p).toBeCloseTo(0.15736353381843116, 12);
    expect(anova.interactionPooled).toBe(false);
  });

  it('agrees with scipy’s F upper tail on the AIAG tables (p = 1 − CDF, so below ~1e-16 it is 0)', () => {
    const anova = gageAnova(aiag);
    // scipy 1.17.1: f.sf(0.433721030135103, 18, 60), f.sf(79.40604920082706, 2, 18), f.sf(39.61724570974056, 2, 78)
    expect(anova.withInteraction.interaction?.p).toBeCloseTo(0.9741064043290462, 12);
    expect(anova.withInteraction.operator.p).toBeCloseTo(1.174477606341035e-9, 15);
    expect(anova.withoutInteraction?.operator.p).toBeCloseTo(1.3375946238365052e-12, 15);
    expect(anova.withInteraction.part.p).toBeLessThan(1e-15);
  });
});

describe('gage R&R: edge cases', () => {
  it('refuses unbalanced or too small studies', () => {
    expect(() => gageAnova([[[1, 2]], [[1, 2]]])).toThrow(GageStudyShapeError);
    expect(() =>
      gageAnova([
        [[1, 2], [1]],
        [
          [1, 2],
          [1, 2],
        ],
      ]),
    ).toThrow(/balanced/);
  });

  it('a gauge that repeats exactly and agrees across operators has GRR 0, no ndc and is acceptable', () => {
    const values = [1, 2, 3].map((part) => [
      [part, part],
      [part, part],
    ]);
    const result = gageRr(values, null);
    expect(result.grr).toBe(0);
    expect(result.ndc).toBeNull();
    expect(result.components[0]?.percent_study_variation).toBe(0);
    expect(result.components[0]?.percent_tolerance).toBeNull();
    expect(result.verdict).toEqual({ study_variation: 'acceptable', tolerance: null });
  });

  it('puts the band edges where AIAG does: 10 % and 30 % are conditionally acceptable', () => {
    expect(gageVerdict(9.999)).toBe('acceptable');
    expect(gageVerdict(10)).toBe('conditionally_acceptable');
    expect(gageVerdict(30)).toBe('conditionally_acceptable');
    expect(gageVerdict(30.001)).toBe('unacceptable');
    expect(gageVerdict(null)).toBeNull();
  });
});
