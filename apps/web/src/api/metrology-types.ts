/** Shapes of the metrologist's overview, version comparison and comments (GET /statistics/overview, …). */

export type CapabilityLight = 'green' | 'yellow' | 'red' | 'none';

export interface OverviewRow {
  subtask_id: number;
  marker_number: number;
  task_title: string;
  description: string;
  unit: string;
  nominal: number;
  ltl: number;
  utl: number;
  n: number;
  mean: number | null;
  cpk: number | null;
  ppk: number | null;
  violations: number;
  light: CapabilityLight;
}

export interface CapabilityOverview {
  recipe_id: number;
  version_id: number;
  version_number: number;
  rules: number[];
  rule_set: 'nelson' | 'western_electric' | 'custom';
  characteristics: OverviewRow[];
}

export interface VersionSummary {
  id: number;
  version_number: number;
  change_notes: string;
  created_at: string;
}

export interface FieldChange {
  field: string;
  from: string | number;
  to: string | number;
}

export interface PointRef {
  marker_number: number;
  description: string;
  task_title: string;
}

export interface VersionChanges {
  from_version: number;
  to_version: number;
  tasks: { added: string[]; removed: string[]; changed: { title: string; changes: FieldChange[] }[] };
  points: { added: PointRef[]; removed: PointRef[]; changed: (PointRef & { changes: FieldChange[] })[] };
}

export interface MeasurementComment {
  id: number;
  measurement_id: number;
  text: string;
  created_by: number;
  author: string;
  created_at: string;
}
