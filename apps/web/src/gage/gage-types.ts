/** Wire shapes of the gage R&R study endpoints (apps/measure/src/features/gage-studies). */

export interface GageStudyOperator {
  position: number;
  user_id: number;
  username: string;
  display_name: string;
  recorded: number;
  total: number;
}

export interface GageStudy {
  id: number;
  recipe_id: number;
  recipe_code: string;
  subtask_id: number;
  marker_number: number;
  characteristic: string;
  unit: string;
  name: string;
  parts: number;
  trials: number;
  seed: number;
  tolerance: number | null;
  created_at: string;
  complete: boolean;
  operators: GageStudyOperator[];
}

export interface OperatorCandidate {
  id: number;
  username: string;
  display_name: string;
}

export interface PlannedReading {
  sequence: number;
  part: number;
  trial: number;
}

export interface NextReading {
  study: GageStudy;
  recorded: number;
  total: number;
  next: PlannedReading | null;
}

export interface AnovaRow {
  df: number;
  ss: number;
  ms?: number;
  f?: number | null;
  p?: number | null;
}

export interface AnovaTable {
  part: AnovaRow;
  operator: AnovaRow;
  interaction: AnovaRow | null;
  repeatability: AnovaRow;
  total: AnovaRow;
}

export type GageVerdict = 'acceptable' | 'conditionally_acceptable' | 'unacceptable';

export interface VarianceComponent {
  source: string;
  variance: number;
  std_dev: number;
  study_variation: number;
  percent_contribution: number | null;
  percent_study_variation: number | null;
  percent_tolerance: number | null;
}

export interface GageStudyResult {
  study: GageStudy;
  anova: {
    with_interaction: AnovaTable;
    without_interaction: AnovaTable | null;
    interaction_pooled: boolean;
  };
  components: VarianceComponent[];
  ev: number;
  av: number;
  int: number;
  grr: number;
  pv: number;
  tv: number;
  ndc: number | null;
  verdict: { study_variation: GageVerdict | null; tolerance: GageVerdict | null };
}
