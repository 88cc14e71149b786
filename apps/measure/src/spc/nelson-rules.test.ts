import { describe, expect, it } from 'vitest';
import {
  type ChartLimits,
  NELSON,
  parseRuleSet,
  type RuleNumber,
  type RuleSet,
  ruleViolations,
  WESTERN_ELECTRIC,
} from './nelson-rules.js';

/*
 * Reference cases: qcc's own rule tests (github.com/luca-scr/qcc, tests/testthat/test-rules.R, commit
 * bb2089f6), which fix centre 0, σ 1 and limits ±3 and list the violating points (1-based there,
 * 0-based here) for Nelson's eight rules (qccRulesViolatingNEL1–8) and Western Electric's four
 * (WER1–4). Where qcc's rule 8 needs points on both sides of the centre and Minitab's does not (spc.md
 * §7.1), the Minitab reading is expected and the difference is stated.
 */
const UNIT: ChartLimits = { center: 0, sigma: 1, ucl: 3, lcl: -3 };
const only = (rule: RuleNumber, base: RuleSet = NELSON): RuleSet => ({ ...base, rules: [rule] });
const flagged = (values: number[], rule: RuleNumber, base: RuleSet = NELSON) =>
  ruleViolations(Float64Array.from(values), UNIT, only(rule, base)).rule_violations[`${rule}`];
const rep = (value: number, times: number) => Array<number>(times).fill(value);

describe('Nelson rules 1–8: qcc’s reference cases', () => {
  it.each([
    [1, [0, 3.2, -3.4, 3], [1, 2]],
    [2, [...rep(0.5, 10), -0.5, ...rep(-0.5, 9)], [8, 9, 18, 19]],
    [3, [1, 2, 3, 4, 5, 6, 7, 7, 6, 5, 4, 3, 2, 1], [5, 6, 12, 13]],
    [4, [1, 3, 2, 4, 3, 5, 4, 6, 5, 7, 6, 8, 7, 9, 8], [13, 14]],
    [5, [0, 2.3, 0.4, 2.2, -2.4, -0.2, -2.5], [3, 6]],
    [6, [1.2, 1.3, 0.2, 1.4, 1.5, -1.2, -1.3, -0.1, -1.4, -1.5], [4, 9]],
    [7, [...rep(0.3, 16), 1.2], [14, 15]],
    [8, [1.2, -1.3, 1.1, -1.4, 1.5, -1.2, 1.3, -1.1, 0.2], [7]],
  ] as const)('rule %i', (rule, values, expected) => {
    expect(flagged([...values], rule)).toEqual(expected);
  });

  it('rule 8 on eight points all above 1σ: Minitab flags the eighth, qcc 3 (both sides required) none', () => {
    expect(flagged(rep(1.2, 8), 8)).toEqual([7]);
  });
});

describe('Western Electric preset: qcc’s WER1–WER4 cases in Nelson numbering', () => {
  it('WE1 = rule 1, WE2 = rule 5, WE3 = rule 6, WE4 = rule 2 with a run of 8', () => {
    expect(flagged([0, 3.2, -3.5, 2.9], 1, WESTERN_ELECTRIC)).toEqual([1, 2]);
    expect(flagged([0, 2.5, 1.0, 2.6, 0], 5, WESTERN_ELECTRIC)).toEqual([3]);
    expect(flagged([0, 1.2, 1.3, 0.2, 1.4, 1.5], 6, WESTERN_ELECTRIC)).toEqual([5]);
    expect(flagged([...rep(-1, 8), 1], 2, WESTERN_ELECTRIC)).toEqual([7]);
    // the same eight points are no Nelson rule-2 run (nine needed)
    expect(flagged([...rep(-1, 8), 1], 2)).toEqual([]);
  });

  it('reports every rule a point breaks, as qcc’s overlap case (seven at 2.5σ, then 3.2σ)', () => {
    const result = ruleViolations(Float64Array.from([...rep(2.5, 7), 3.2]), UNIT, WESTERN_ELECTRIC);
    expect(result.rule_violations).toEqual({
      '1': [7],
      '2': [7],
      '5': [2, 3, 4, 5, 6, 7],
      '6': [4, 5, 6, 7],
    });
    expect(result.violations.at(-1)).toEqual({ index: 7, rules: [1, 2, 5, 6] });
    expect(result.violations[0]).toEqual({ index: 2, rules: [5] });
    expect(result.out_of_control_indices).toEqual([2, 3, 4, 5, 6, 7]);
  });
});

describe('parseRuleSet', () => {
  it('reads the presets, "all" and rule lists, and refuses anything else', () => {
    expect(parseRuleSet('nelson')).toEqual(NELSON);
    expect(parseRuleSet(' Western_Electric ')).toEqual(WESTERN_ELECTRIC);
    expect(parseRuleSet('all')).toEqual(NELSON);
    expect(parseRuleSet('2,1')).toEqual({ preset: 'custom', rules: [1, 2], run_length: 9 });
    for (const bad of ['', 'we', '0', '9', '1,,2', 'nelson,1']) expect(parseRuleSet(bad)).toBeNull();
  });
});
