/**
 * Gage R&R, crossed study, ANOVA method (AIAG MSA 4th edition): variance components from the ANOVA
 * table, EV, AV, INT, GRR, PV, TV as standard deviations, %study variation (6σ, Minitab's default and
 * AIAG's), %tolerance, %contribution, ndc and the AIAG verdict bands. Pure; conventions in
 * docs/statistics.md, "Gage R&R".
 */
import { type AnovaTable, type CrossedValues, type GageAnova, gageAnova } from './gage-rr-anova.js';

/** Study variation = 6 standard deviations (Minitab's default; AIAG 4th edition's TOL/6 convention). */
export const STUDY_VARIATION_MULTIPLIER = 6;
/** AIAG's ndc constant (≈ √2, truncated to 1.41 as the manual prints it). */
export const NDC_FACTOR = 1.41;

export type GageVerdict = 'acceptable' | 'conditionally_acceptable' | 'unacceptable';

export type ComponentName =
  | 'gage_rr'
  | 'repeatability'
  | 'reproducibility'
  | 'operator'
  | 'operator_part'
  | 'part'
  | 'total';

export interface VarianceComponent {
  source: ComponentName;
  variance: number;
  std_dev: number;
  study_variation: number;
  /** Percentages are null when their denominator is zero (no variation at all, or no tolerance). */
  percent_contribution: number | null;
  percent_study_variation: number | null;
  percent_tolerance: number | null;
}

export interface GageRrResult {
  anova: GageAnova;
  components: VarianceComponent[];
  /** The AIAG symbols as standard deviations: EV repeatability, AV operator, INT operator×part. */
  ev: number;
  av: number;
  int: number;
  grr: number;
  pv: number;
  tv: number;
  /** Truncated 1.41·PV/GRR; null when GRR = 0 (the gauge resolves without limit). */
  ndc: number | null;
  tolerance: number | null;
  verdict: { study_variation: GageVerdict | null; tolerance: GageVerdict | null };
}

/** AIAG bands on a %GRR figure: under 10 % acceptable, 10 to 30 % conditionally, over 30 % not. */
export function gageVerdict(percentGrr: number | null): GageVerdict | null {
  if (percentGrr === null) return null;
  if (percentGrr < 10) return 'acceptable';
  if (percentGrr <= 30) return 'conditionally_acceptable';
  return 'unacceptable';
}

interface Variances {
  repeatability: number;
  operator: number;
  operatorPart: number;
  part: number;
}

/** Expected-mean-square solution of the random-effects model; negative estimates are set to 0. */
function variancesOf(anova: GageAnova): Variances {
  const { parts, operators, trials } = anova;
  const table: AnovaTable = anova.withoutInteraction ?? anova.withInteraction;
  const msError = table.repeatability.ms;
  // Reduced model: main effects against the pooled error; full model: against the interaction.
  const msAgainst = table.interaction?.ms ?? msError;
  return {
    repeatability: msError,
    operator: Math.max(0, (table.operator.ms - msAgainst) / (parts * trials)),
    operatorPart: table.interaction ? Math.max(0, (table.interaction.ms - msError) / trials) : 0,
    part: Math.max(0, (table.part.ms - msAgainst) / (operators * trials)),
  };
}

const percent = (part: number, whole: number | null): number | null =>
  whole !== null && whole > 0 ? (100 * part) / whole : null;

/**
 * @param values values[part][operator][trial], balanced, ≥ 2 of each.
 * @param tolerance USL − LSL of the characteristic, or null when it has no two-sided tolerance.
 */
export function gageRr(values: CrossedValues, tolerance: number | null): GageRrResult {
  const anova = gageAnova(values);
  const v = variancesOf(anova);
  const reproducibility = v.operator + v.operatorPart;
  const gage = v.repeatability + reproducibility;
  const total = gage + v.part;
  const usableTolerance = tolerance !== null && tolerance > 0 ? tolerance : null;
  const sdTotal = Math.sqrt(total);
  const component = (source: ComponentName, variance: number): VarianceComponent => {
    const sd = Math.sqrt(variance);
    const studyVariation = STUDY_VARIATION_MULTIPLIER * sd;
    return {
      source,
      variance,
      std_dev: sd,
      study_variation: studyVariation,
      percent_contribution: percent(variance, total),
      percent_study_variation: percent(sd, sdTotal),
      percent_tolerance: percent(studyVariation, usableTolerance),
    };
  };
  const components = [
    component('gage_rr', gage),
    component('repeatability', v.repeatability),
    component('reproducibility', reproducibility),
    component('operator', v.operator),
    ...(anova.interactionPooled ? [] : [component('operator_part', v.operatorPart)]),
    component('part', v.part),
    component('total', total),
  ];
  const grr = components[0] as VarianceComponent;
  return {
    anova,
    components,
    ev: Math.sqrt(v.repeatability),
    av: Math.sqrt(v.operator),
    int: Math.sqrt(v.operatorPart),
    grr: grr.std_dev,
    pv: Math.sqrt(v.part),
    tv: sdTotal,
    ndc: grr.std_dev > 0 ? Math.trunc((NDC_FACTOR * Math.sqrt(v.part)) / grr.std_dev) : null,
    tolerance: usableTolerance,
    verdict: {
      study_variation: gageVerdict(grr.percent_study_variation),
      tolerance: gageVerdict(grr.percent_tolerance),
    },
  };
}
