import { describe, expect, it } from 'vitest';
import { controlChart, controlChartPoints } from './control-chart.js';
import { ALL_RULES, parseRules, type RuleNumber } from './nelson-rules.js';
import { seriesOf } from './series.js';

describe('individuals chart: NIST/SEMATECH e-Handbook §6.3.2.2 example', () => {
  /*
   * NIST/SEMATECH e-Handbook of Statistical Methods, §6.3.2.2 "Individuals Control Charts"
   * (https://www.itl.nist.gov/div898/handbook/pmc/section3/pmc322.htm), "Example of moving range":
   * flow rate of the first ten batches of a new process; x̄ = 50.81, MR̄ = 1.8778,
   * UCL = 50.81 + 3(1.8778/1.128) = 55.8041, CL = 50.81, LCL = 50.81 − 3(1.8778/1.128) = 45.8159,
   * no point outside the limits (the process is in control).
   * Provenance: the page text itself was not available to check; data and figures agree with three
   * independent public reproductions of this example (test suites quoting the page), which give the
   * limits to four decimals. Our limits use the unrounded MR̄ = 16.9/9 and still round to them.
   */
  const flowRate = [49.6, 47.6, 49.9, 51.3, 47.8, 51.2, 52.6, 52.4, 53.6, 52.1];
  const chart = controlChart(seriesOf(flowRate));

  it('reproduces the centre line, MR̄ and the 3-sigma limits to four decimals', () => {
    expect(chart.center_line).toBeCloseTo(50.81, 10);
    expect(chart.mr_bar).toBeCloseTo(1.8778, 4);
    expect(chart.ucl).toBeCloseTo(55.8041, 4);
    expect(chart.lcl).toBeCloseTo(45.8159, 4);
    expect(chart.ucl).toBeCloseTo(50.81 + (3 * (16.9 / 9)) / 1.128, 10);
  });

  it('finds no out-of-control point, as the handbook says, under any of the eight rules', () => {
    expect(chart.out_of_control_indices).toEqual([]);
    expect(controlChart(seriesOf(flowRate), { rules: ALL_RULES }).out_of_control_indices).toEqual([]);
  });
});

describe('individuals chart: Montgomery viscosity data as published by qcc', () => {
  /*
   * Aircraft primer paint viscosity, Montgomery, Introduction to Statistical Quality Control, 5th ed.
   * (2005), pp. 232–235, as shipped in the R package qcc 3.0 (github.com/luca-scr/qcc,
   * data/viscosity.txt; the 20 batches with trial = TRUE are phase I). Expected figures are the
   * printed output of `qcc(viscosity[trial], type = "xbar.one")` in qcc's vignette
   * (vignettes/qcc.Rmd, rendered docs/articles/qcc.html, commit af35099934f8): centre 34.088,
   * standard deviation 0.5076521, LCL 32.56504, UCL 35.61096; and after removing batch 4 ("out of
   * control because of a process temperature controller failure"): centre 33.98947, standard
   * deviation 0.4117415, LCL 32.75425, UCL 35.2247. qcc's own test (tests/testthat/test-qcc.R,
   * "xbar.one charts produce the correct number of violations") expects exactly one violation with
   * its default rules (Western Electric 1 and 4): batch 4, 35.96.
   */
  const viscosity = [
    34.05, 34.4, 33.59, 35.96, 34.7, 33.51, 33.79, 34.04, 34.52, 33.75, 33.27, 33.71, 34.03, 34.58, 34.02,
    33.97, 34.05, 34.04, 33.73, 34.05,
  ];

  it('gives qcc’s centre, moving-range sigma and limits for the 20 phase-I batches', () => {
    const chart = controlChart(seriesOf(viscosity));
    expect(chart.center_line).toBeCloseTo(34.088, 10);
    expect(chart.sigma_within).toBeCloseTo(0.5076521, 7);
    expect(chart.lcl).toBeCloseTo(32.56504, 5);
    expect(chart.ucl).toBeCloseTo(35.61096, 5);
  });

  it('flags batch 4 (index 3) alone; a nine-point run (rule 2) cannot exist where qcc finds no eight-point run', () => {
    expect(controlChart(seriesOf(viscosity)).out_of_control_indices).toEqual([3]);
    expect(controlChart(seriesOf(viscosity), { rules: [1, 2] }).rule_violations).toEqual({
      '1': [3],
      '2': [],
    });
  });

  it('gives qcc’s revised limits once batch 4 is removed', () => {
    const chart = controlChart(seriesOf(viscosity.filter((_, i) => i !== 3)));
    expect(chart.n).toBe(19);
    expect(chart.center_line).toBeCloseTo(33.98947, 5);
    expect(chart.sigma_within).toBeCloseTo(0.4117415, 7);
    expect(chart.lcl).toBeCloseTo(32.75425, 5);
    expect(chart.ucl).toBeCloseTo(35.2247, 4);
  });
});

describe('individuals chart: points, limits and degenerate data', () => {
  it('numbers points from 0 in time order with ISO timestamps', () => {
    const t0 = Date.UTC(2026, 10, 21, 8, 0, 0);
    const series = seriesOf([1, 2, 3], [t0, t0 + 1000, t0 + 2000]);
    expect([...controlChartPoints(series)]).toEqual([
      { x: 0, y: 1, timestamp: '2026-11-21T08:00:00.000Z' },
      { x: 1, y: 2, timestamp: '2026-11-21T08:00:01.000Z' },
      { x: 2, y: 3, timestamp: '2026-11-21T08:00:02.000Z' },
    ]);
  });

  it('flags a point strictly beyond a limit by rule 1 and does not clip LCL at 0', () => {
    const values = [0.1, -0.1, 0.05, -0.05, 0.1, -0.1, 0.05, -0.05, 0.1, 3];
    const chart = controlChart(seriesOf(values));
    expect(chart.lcl as number).toBeLessThan(0);
    expect(chart.out_of_control_indices).toEqual([9]);
    expect(chart.rule_violations).toEqual({ '1': [9] });
  });

  it('n = 0: no limits; n = 1: centre only; constant data: limits equal the centre, no rule fires', () => {
    expect(controlChart(seriesOf([]))).toMatchObject({ center_line: null, ucl: null, lcl: null });
    expect(controlChart(seriesOf([4.2]))).toMatchObject({ center_line: 4.2, ucl: null, lcl: null });
    const constant = controlChart(seriesOf(Array(20).fill(5)), { rules: ALL_RULES });
    expect(constant).toMatchObject({ center_line: 5, ucl: 5, lcl: 5, out_of_control_indices: [] });
  });
});

describe('Nelson rules (hand-built series, centre 0 and sigma 1 by construction)', () => {
  /**
   * A long zig-zag baseline of ±1 has mean 0 and MR̄ = 2, so σ = 2/1.128 = 1.773; each case below
   * appends its pattern after enough baseline that centre and sigma barely move, and the expected
   * indices were worked out by hand from the rule definitions in spc.md §7.1.
   */
  const flagged = (values: number[], rule: RuleNumber) =>
    controlChart(seriesOf(values), { rules: [rule] }).rule_violations[`${rule}`];

  it('rule 2: nine on one side flags the ninth and every later point of the run', () => {
    const values = [1, -1, 1, -1, 1, -1, ...Array(10).fill(0.5), -1, 1, -1, 1, -1];
    // the run of 0.5 covers indices 6..15 (the preceding 1 at index 4 is split by -1 at 5)
    expect(flagged(values, 2)).toEqual([14, 15]);
  });

  it('rule 2: a point exactly on the centre breaks the run', () => {
    const values = [-1, -1, -1, -1, ...Array(8).fill(0.5), 0, ...Array(8).fill(0.5), -1, -1, -1, -1];
    const chart = controlChart(seriesOf(values), { rules: [2] });
    expect(chart.center_line).toBe(0); // the sum is exactly 0, so the 0 sits exactly on the centre
    expect(chart.rule_violations['2']).toEqual([]);
    const unbroken = [...values];
    unbroken[12] = 0.5;
    unbroken[0] = -1.5;
    expect(controlChart(seriesOf(unbroken), { rules: [2] }).rule_violations['2']).toEqual([
      12, 13, 14, 15, 16, 17, 18, 19, 20,
    ]);
  });

  it('rule 3: six strictly increasing points flag from the sixth on; an equal pair breaks it', () => {
    expect(flagged([0, 5, 1, 2, 3, 4, 5, 6, 2], 3)).toEqual([7]);
    expect(flagged([0, 5, 1, 2, 3, 3, 4, 5, 2], 3)).toEqual([]);
    expect(flagged([9, 8, 7, 6, 5, 4, 3], 3)).toEqual([5, 6]);
  });

  it('rule 4: fourteen alternating points flag the fourteenth', () => {
    const zigzag = Array.from({ length: 15 }, (_, i) => (i % 2 === 0 ? 1 : -1));
    expect(flagged(zigzag, 4)).toEqual([13, 14]);
    expect(flagged(zigzag.slice(0, 13), 4)).toEqual([]);
  });

  it('rule 5: two of three beyond 2σ on the same side flags only a point itself beyond', () => {
    const base = Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? 0.5 : -0.5));
    // σ ≈ 1/1.128 ≈ 0.89 (before the pattern), 2σ ≈ 1.8; pattern: 2.5, 0, 2.5 → the third is flagged
    const values = [...base, 2.5, 0, 2.5, 0, -2.5, 0, 2.5];
    const result = controlChart(seriesOf(values), { rules: [5] });
    const twoSigma = (result.center_line as number) + 2 * (result.sigma_within as number);
    expect(twoSigma).toBeLessThan(2.5);
    expect(result.rule_violations['5']).toEqual([32]);
  });

  it('rule 7: fifteen points within 1σ flag the fifteenth; rule 8: eight beyond 1σ either side', () => {
    const tight = [5, -5, 5, -5, ...Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? 0.1 : -0.1)), -5, 5];
    expect(flagged(tight, 7)).toEqual([18, 19]);
    const wide = [
      0.1, -0.1, 0.1, -0.1, 0.1, -0.1, 0.1, -0.1, 0.1, -0.1, 0.1, -0.1, 3, -3, 3, -3, 3, -3, 3, -3,
    ];
    const result = controlChart(seriesOf(wide), { rules: [8] });
    expect(result.sigma_within as number).toBeLessThan(3);
    expect(result.rule_violations['8']).toEqual([19]);
  });

  it('combines the enabled rules into sorted, de-duplicated indices', () => {
    const values = [0, 5, 1, 2, 3, 4, 5, 6, 2];
    const result = controlChart(seriesOf(values), { rules: [3, 1, 3] });
    expect(result.rules).toEqual([1, 3]);
    expect(result.out_of_control_indices).toEqual(
      [...new Set([...(result.rule_violations['1'] ?? []), 7])].sort(),
    );
  });
});

describe('parseRules', () => {
  it('accepts integers 1–8 and "all", refuses anything else', () => {
    expect(parseRules('1,2,5,6')).toEqual([1, 2, 5, 6]);
    expect(parseRules(' 6, 1 ,6')).toEqual([1, 6]);
    expect(parseRules('ALL')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const bad of ['', '0', '9', '1,', '1;2', 'one', '1.0', '-1']) expect(parseRules(bad)).toBeNull();
  });
});
