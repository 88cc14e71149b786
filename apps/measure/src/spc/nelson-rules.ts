/**
 * Nelson's eight tests for special causes on an individuals chart (spc.md §7.1; Minitab's
 * numbering and default parameters). A point is flagged when it completes a qualifying window;
 * in a longer run every later point of the run is flagged too, earlier points of the window not.
 * Each rule is one linear scan with running counters.
 */

export type RuleNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
export const ALL_RULES: readonly RuleNumber[] = [1, 2, 3, 4, 5, 6, 7, 8];
export const DEFAULT_RULES: readonly RuleNumber[] = [1];

/**
 * Parses the `rules` query parameter: comma-separated integers 1–8, or `all`.
 * Returns the sorted, de-duplicated rule numbers, or null when the text is invalid (→ 422).
 */
export function parseRules(text: string): RuleNumber[] | null {
  const trimmed = text.trim();
  if (trimmed.toLowerCase() === 'all') return [...ALL_RULES];
  const parts = trimmed.split(',').map((part) => part.trim());
  if (parts.length === 0 || parts.length > 8 * 4) return null;
  const rules = new Set<RuleNumber>();
  for (const part of parts) {
    if (!/^[1-8]$/.test(part)) return null;
    rules.add(Number(part) as RuleNumber);
  }
  return [...rules].sort((a, b) => a - b);
}

type Flags = number[];

/** Rule 1: beyond a 3-sigma limit, strictly. */
function beyondLimits(values: Float64Array, lcl: number, ucl: number): Flags {
  const flagged: Flags = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (v > ucl || v < lcl) flagged.push(i);
  }
  return flagged;
}

/** Rule 2: nine (Western Electric: eight) in a row on the same side of the centre; a point on the centre breaks the run. */
function sameSide(values: Float64Array, center: number, length: number): Flags {
  const flagged: Flags = [];
  let side = 0;
  let run = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    const here = v > center ? 1 : v < center ? -1 : 0;
    run = here !== 0 && here === side ? run + 1 : here === 0 ? 0 : 1;
    side = here;
    if (run >= length) flagged.push(i);
  }
  return flagged;
}

/** Rule 3: six points in a row strictly increasing or strictly decreasing (five equal-signed steps). */
function trend(values: Float64Array, points: number): Flags {
  const flagged: Flags = [];
  let direction = 0;
  let steps = 0;
  for (let i = 1; i < values.length; i++) {
    const diff = (values[i] as number) - (values[i - 1] as number);
    const here = Math.sign(diff);
    steps = here !== 0 && here === direction ? steps + 1 : here === 0 ? 0 : 1;
    direction = here;
    if (steps >= points - 1) flagged.push(i);
  }
  return flagged;
}

/** Rule 4: fourteen points in a row alternating up and down (thirteen non-zero, sign-alternating steps). */
function alternating(values: Float64Array, points: number): Flags {
  const flagged: Flags = [];
  let previous = 0;
  let steps = 0;
  for (let i = 1; i < values.length; i++) {
    const here = Math.sign((values[i] as number) - (values[i - 1] as number));
    steps = here === 0 ? 0 : here === -previous ? steps + 1 : 1;
    previous = here;
    if (steps >= points - 1) flagged.push(i);
  }
  return flagged;
}

/**
 * Rules 5 and 6: the point itself is beyond c ± k·σ and at least `needed` of the `window` points
 * ending at it are beyond the same boundary on the same side. Only full windows are tested.
 */
function kOfWindow(
  values: Float64Array,
  upper: number,
  lower: number,
  window: number,
  needed: number,
): Flags {
  const flagged: Flags = [];
  let above = 0;
  let below = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (v > upper) above += 1;
    if (v < lower) below += 1;
    if (i >= window) {
      const leaving = values[i - window] as number;
      if (leaving > upper) above -= 1;
      if (leaving < lower) below -= 1;
    }
    if (i < window - 1) continue;
    if ((v > upper && above >= needed) || (v < lower && below >= needed)) flagged.push(i);
  }
  return flagged;
}

/** Rules 7 and 8: `length` points in a row that are all inside (7) or all outside (8) c ± σ. */
function zoneRun(
  values: Float64Array,
  center: number,
  sigma: number,
  length: number,
  inside: boolean,
): Flags {
  const flagged: Flags = [];
  let run = 0;
  for (let i = 0; i < values.length; i++) {
    const distance = Math.abs((values[i] as number) - center);
    const qualifies = inside ? distance <= sigma : distance > sigma;
    run = qualifies ? run + 1 : 0;
    if (run >= length) flagged.push(i);
  }
  return flagged;
}

export interface ChartLimits {
  center: number;
  sigma: number;
  ucl: number;
  lcl: number;
}

/** Indices flagged by one rule, ascending; `runLength` is rule 2's run (9, or 8 for Western Electric). */
export function evaluateRule(
  rule: RuleNumber,
  values: Float64Array,
  limits: ChartLimits,
  runLength: 8 | 9 = 9,
): number[] {
  const { center: c, sigma: s } = limits;
  switch (rule) {
    case 1:
      return beyondLimits(values, limits.lcl, limits.ucl);
    case 2:
      return sameSide(values, c, runLength);
    case 3:
      return trend(values, 6);
    case 4:
      return alternating(values, 14);
    case 5:
      return kOfWindow(values, c + 2 * s, c - 2 * s, 3, 2);
    case 6:
      return kOfWindow(values, c + s, c - s, 5, 4);
    case 7:
      return zoneRun(values, c, s, 15, true);
    case 8:
      return zoneRun(values, c, s, 8, false);
  }
}

/**
 * A rule set: which rules, and rule 2's run length. Presets: Nelson (all eight, Minitab's defaults)
 * and Western Electric (WE1 = rule 1, WE2 = rule 5, WE3 = rule 6, WE4 = rule 2 with 8 points; spc.md
 * §7.1). Violations are always reported in Nelson's numbering.
 */
export interface RuleSet {
  preset: 'nelson' | 'western_electric' | 'custom';
  rules: RuleNumber[];
  run_length: 8 | 9;
}

export const NELSON: RuleSet = { preset: 'nelson', rules: [...ALL_RULES], run_length: 9 };
export const WESTERN_ELECTRIC: RuleSet = { preset: 'western_electric', rules: [1, 2, 5, 6], run_length: 8 };

/** `rules` text: a preset name (`nelson`, `western_electric`), `all` (= Nelson) or rule numbers; null if invalid. */
export function parseRuleSet(text: string): RuleSet | null {
  const name = text.trim().toLowerCase();
  if (name === 'nelson' || name === 'all') return { ...NELSON, rules: [...NELSON.rules] };
  if (name === 'western_electric') return { ...WESTERN_ELECTRIC, rules: [...WESTERN_ELECTRIC.rules] };
  const rules = parseRules(text);
  return rules && { preset: 'custom', rules, run_length: 9 };
}

export interface PointViolation {
  index: number;
  rules: RuleNumber[];
}

export interface Violations {
  out_of_control_indices: number[];
  rule_violations: Partial<Record<`${RuleNumber}`, number[]>>;
  /** Each flagged point once, with the numbers of every rule it violates (what the chart labels). */
  violations: PointViolation[];
}

/**
 * Every enabled rule on one series with the given centre and sigma: per rule, the union, and per
 * point. Pure; the caller decides when rules apply at all (no rule when σ = 0, spc.md §7.1).
 */
export function ruleViolations(values: Float64Array, limits: ChartLimits, ruleSet: RuleSet): Violations {
  const rule_violations: Partial<Record<`${RuleNumber}`, number[]>> = {};
  const byPoint = new Map<number, RuleNumber[]>();
  for (const rule of [...new Set(ruleSet.rules)].sort((a, b) => a - b)) {
    const flagged = evaluateRule(rule, values, limits, ruleSet.run_length);
    rule_violations[`${rule}`] = flagged;
    for (const index of flagged) {
      const rules = byPoint.get(index);
      if (rules) rules.push(rule);
      else byPoint.set(index, [rule]);
    }
  }
  const out_of_control_indices = [...byPoint.keys()].sort((a, b) => a - b);
  return {
    out_of_control_indices,
    rule_violations,
    violations: out_of_control_indices.map((index) => ({ index, rules: byPoint.get(index) as RuleNumber[] })),
  };
}
