import { describe, expect, it } from 'vitest';
import { movingRangeChart } from './moving-range-chart.js';
import { NELSON, parseRuleSet } from './nelson-rules.js';
import { seriesOf } from './series.js';
import { subgroupCharts } from './subgroup-charts.js';

/*
 * Piston-ring inside diameters, Montgomery, Introduction to Statistical Quality Control (Table 6.3),
 * as shipped in qcc (github.com/luca-scr/qcc, data/pistonrings.txt, commit a0fc561b): 25 phase-I
 * samples of 5, in sample order. Expected figures: R's qcc 2.x output for
 * `qcc(diameter[1:25,], type = "xbar" | "R" | "S")`, as recorded by the Python package mistat
 * (Kenett, Zacks, Gedeck 2022, PyPI `mistat`, mistat/qcc/tests, TestComparisonWithR.test_pistonrings):
 * X̄ centre 74.00118, σ (R̄/d2) 0.009785039, limits 73.98805 / 74.0143; R centre 0.02276, UCL
 * 0.04812533, LCL 0; S centre 0.009240037, σ (S̄/c4) 0.009829977, UCL 0.019302416, LCL 0.
 */
const PISTON_RINGS = [
  74.03, 74.002, 74.019, 73.992, 74.008, 73.995, 73.992, 74.001, 74.011, 74.004, 73.988, 74.024, 74.021,
  74.005, 74.002, 74.002, 73.996, 73.993, 74.015, 74.009, 73.992, 74.007, 74.015, 73.989, 74.014, 74.009,
  73.994, 73.997, 73.985, 73.993, 73.995, 74.006, 73.994, 74.0, 74.005, 73.985, 74.003, 73.993, 74.015,
  73.988, 74.008, 73.995, 74.009, 74.005, 74.004, 73.998, 74.0, 73.99, 74.007, 73.995, 73.994, 73.998, 73.994,
  73.995, 73.99, 74.004, 74.0, 74.007, 74.0, 73.996, 73.983, 74.002, 73.998, 73.997, 74.012, 74.006, 73.967,
  73.994, 74.0, 73.984, 74.012, 74.014, 73.998, 73.999, 74.007, 74.0, 73.984, 74.005, 73.998, 73.996, 73.994,
  74.012, 73.986, 74.005, 74.007, 74.006, 74.01, 74.018, 74.003, 74.0, 73.984, 74.002, 74.003, 74.005, 73.997,
  74.0, 74.01, 74.013, 74.02, 74.003, 73.988, 74.001, 74.009, 74.005, 73.996, 74.004, 73.999, 73.99, 74.006,
  74.009, 74.01, 73.989, 73.99, 74.009, 74.014, 74.015, 74.008, 73.993, 74.0, 74.01, 73.982, 73.984, 73.995,
  74.017, 74.013,
];

describe('X̄-R and X̄-S charts: qcc on the piston-ring data', () => {
  const charts = subgroupCharts(PISTON_RINGS, 5, NELSON);

  it('has the 125 values as 25 subgroups of 5', () => {
    expect(PISTON_RINGS).toHaveLength(125);
    expect(charts).toMatchObject({ subgroup_size: 5, count: 25, unused: 0 });
  });

  it('gives qcc’s X̄ and R charts', () => {
    expect(charts?.xbar_r.center_line).toBeCloseTo(74.00118, 5);
    expect(charts?.xbar_r.sigma).toBeCloseTo(0.009785039, 9);
    expect(charts?.xbar_r.lcl).toBeCloseTo(73.98805, 5);
    expect(charts?.xbar_r.ucl).toBeCloseTo(74.0143, 4);
    expect(charts?.r.center_line).toBeCloseTo(0.02276, 10);
    // to 6 decimals: qcc 2.x's d3(5) is 0.864086, 4e-6 off the integral 0.8640819 used here, which moves
    // the UCL by 1e-7 (R̄ and σ above agree to every printed digit)
    expect(charts?.r.ucl).toBeCloseTo(0.04812533, 6);
    expect(charts?.r.lcl).toBe(0);
  });

  it('gives qcc’s S chart and the X̄ limits from S̄/c4', () => {
    expect(charts?.s.center_line).toBeCloseTo(0.009240037, 9);
    expect(charts?.xbar_s.sigma).toBeCloseTo(0.009829977, 9);
    expect(charts?.s.ucl).toBeCloseTo(0.019302416, 8);
    expect(charts?.s.lcl).toBe(0);
    const half = (3 * (charts?.xbar_s.sigma as number)) / Math.sqrt(5);
    expect(charts?.xbar_s.ucl).toBeCloseTo(74.00118 + half, 5);
  });

  it('finds the phase-I samples in control, as qcc does (no point beyond the X̄, R or S limits)', () => {
    expect(charts?.xbar_r.rule_violations['1']).toEqual([]);
    expect(charts?.r.out_of_control_indices).toEqual([]);
    expect(charts?.s.out_of_control_indices).toEqual([]);
  });

  it('leaves an incomplete last subgroup out and needs two complete ones', () => {
    const partial = subgroupCharts(PISTON_RINGS.slice(0, 23), 5, NELSON);
    expect(partial).toMatchObject({ count: 4, unused: 3 });
    expect(partial?.means).toHaveLength(4);
    expect(subgroupCharts([1, 2, 3, 4, 5, 6, 7], 5, NELSON)).toBeNull();
    expect(() => subgroupCharts(PISTON_RINGS, 26, NELSON)).toThrow(RangeError);
  });

  it('applies the rule set to the subgroup means (a shift of every later mean: rule 2)', () => {
    const shifted = PISTON_RINGS.map((v, i) => (i >= 60 ? v + 0.02 : v));
    const ruleSet = parseRuleSet('western_electric');
    const charts = subgroupCharts(shifted, 5, ruleSet ?? NELSON);
    expect(charts?.xbar_r.rule_violations['2']?.length).toBeGreaterThan(0);
  });
});

describe('moving-range chart', () => {
  /*
   * Viscosity, Montgomery p. 242, 15 values; qcc's `qcc(x, type = "xbar.one")` gives σ = MR̄/1.128 =
   * 0.4261651 (recorded in mistat's TestComparisonWithR.test_xbar_one). The MR chart is qcc's R chart of
   * the consecutive pairs: centre MR̄ = 1.128·σ, UCL = MR̄ + 3·d3(2)·σ with d3(2) = √(2 − 4/π) =
   * 0.8525 (the range of two normal values is |X₁ − X₂|, X₁ − X₂ ~ N(0, 2σ²)).
   */
  const d3Of2 = Math.sqrt(2 - 4 / Math.PI);
  const viscosity = [
    33.75, 33.05, 34, 33.81, 33.46, 34.02, 33.68, 33.27, 33.49, 33.2, 33.62, 33.0, 33.54, 33.12, 33.84,
  ];

  it('has MR̄ as its centre, UCL = MR̄ + 3·d3(2)·MR̄/1.128 (3.2673·MR̄) and LCL 0', () => {
    const chart = movingRangeChart(seriesOf(viscosity));
    expect(chart.center_line).toBeCloseTo(1.128 * 0.4261651, 6);
    expect(chart.ucl).toBeCloseTo(1.128 * 0.4261651 + 3 * d3Of2 * 0.4261651, 6);
    expect((chart.ucl as number) / (chart.center_line as number)).toBeCloseTo(3.2673, 4);
    expect(chart.lcl).toBe(0);
    expect(chart.out_of_control_indices).toEqual([]);
  });

  it('flags the point whose moving range jumps above the UCL, numbered like the I chart', () => {
    const chart = movingRangeChart(seriesOf([...viscosity.slice(0, 10), 37, ...viscosity.slice(10)]));
    expect(chart.out_of_control_indices).toEqual([10, 11]);
  });

  it('has no limits for fewer than two values', () => {
    expect(movingRangeChart(seriesOf([5]))).toEqual({
      center_line: null,
      ucl: null,
      lcl: null,
      out_of_control_indices: [],
    });
  });
});
