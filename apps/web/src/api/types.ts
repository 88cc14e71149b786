/** Wire shapes of the measurement API (docs: shared spec). Field names keep the spec's snake_case. */

export type RoleName = 'Maker' | 'MeasurementTec' | 'Metrologist';
export const ROLE_NAMES: readonly RoleName[] = ['Maker', 'MeasurementTec', 'Metrologist'];

export interface User {
  id: number;
  username: string;
  display_name: string;
  email: string;
  roles: RoleName[];
  is_admin: boolean;
  active: boolean;
  language_pref: string;
  theme_pref: string;
}

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  per_page: number;
  pages: number;
}

export interface Limits {
  nominal: number;
  utl: number;
  uwl: number;
  lwl: number;
  ltl: number;
}

export interface Subtask extends Limits {
  id: number;
  task_id: number;
  marker_number: number;
  description: string;
  measurement_type: string;
  unit: string;
}

export interface Marker {
  marker_number: number;
  x: number;
  y: number;
}

export interface Annotations {
  markers: Marker[];
}

export interface Task {
  id: number;
  version_id: number;
  order_index: number;
  title: string;
  directive: string;
  description: string;
  file_type: string | null;
  /** Relative upload path of the task image (see docs/decisions.md: task image path). */
  file_path?: string | null;
  annotations_json: Annotations | null;
  subtasks: Subtask[];
}

export interface RecipeVersion {
  id?: number;
  version_number: number;
  change_notes: string | null;
  created_at?: string;
  tasks?: Task[];
}

export interface Recipe {
  id: number;
  code: string;
  name: string;
  description: string;
  active: boolean;
  created_at: string;
  updated_at: string;
  created_by: number;
  current_version: RecipeVersion | null;
}

export type Verdict = 'pass' | 'warning' | 'fail';
export type InputMethod = 'usb_caliper' | 'manual';

export interface MeasurementCreate {
  subtask_id: number;
  version_id: number;
  value: number;
  lot_number: string;
  serial_number: string;
  input_method: InputMethod;
  /** The gauge that took the value; absent from parts queued by an older client. */
  gauge_id?: number;
  /** When the value was read at the station: the gauge is judged at this time, not when the part arrives. */
  taken_at?: string;
}

export interface Measurement extends Omit<MeasurementCreate, 'gauge_id' | 'taken_at'> {
  id: number;
  measured_by: number;
  pass_fail: Verdict;
  deviation: number;
  measured_at: string;
  synced_to_csv: boolean;
  gauge_id: number | null;
  taken_at: string | null;
}

export type GaugeStatus = 'in_service' | 'out_of_service' | 'in_calibration' | 'retired';

export interface Gauge {
  id: number;
  code: string;
  description: string;
  type: string;
  resolution: number;
  serial_number: string;
  /** YYYY-MM-DD */
  calibrated_on: string;
  /** YYYY-MM-DD, the last day the gauge may be used (UTC). */
  calibration_due: string;
  status: GaugeStatus;
  in_service_from: string | null;
  out_of_service_from: string | null;
  notes: string;
  created_by: number;
  created_at: string;
  updated_at: string;
}

/** A row of GET /measurements/: who measured it and which point, so a table needs no ids. */
export interface MeasurementListItem extends Measurement {
  operator_name: string;
  marker_number: number;
  subtask_description: string;
  /** The number of the recipe version the value was taken on (version_id is its internal id). */
  version_number: number;
}

export interface Station {
  id: number;
  code: string;
  name: string;
  location: string | null;
  notes: string | null;
  active: boolean;
  created_by: number;
  created_at: string;
}

export interface StationRecipe {
  id: number;
  code: string;
  name: string;
  active: boolean;
}

export interface FileUploadResult {
  file_path: string;
  thumbnail_path?: string;
  file_type: string;
  file_size: number;
}

export type Settings = Record<string, string>;

export interface Summary {
  total: number;
  pass_count: number;
  warning_count: number;
  fail_count: number;
  pass_percentage: number;
  warning_percentage: number;
  fail_percentage: number;
}

export interface Capability {
  n: number;
  mean: number | null;
  stdev: number | null;
  cp: number | null;
  cpk: number | null;
  pp: number | null;
  ppk: number | null;
  /** The extras of spc.md §6.1 (the API always answers them; absent only in hand-built test data). */
  sigma_within?: number | null;
  cpm?: number | null;
  ppm_within?: Ppm | null;
  ppm_overall?: Ppm | null;
  ppm_observed?: Ppm | null;
  cp_ci95?: Interval | null;
  cpk_ci95?: Interval | null;
  pp_ci95?: Interval | null;
  ppk_ci95?: Interval | null;
}

export interface Ppm {
  below_lsl: number;
  above_usl: number;
  total: number;
}

export interface Interval {
  lower: number;
  upper: number;
}

export type RuleNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
/** `rules` query values the metrologist picks from (the API also takes rule lists). */
export type RuleSetName = '1' | 'western_electric' | 'nelson';

export interface PointViolation {
  index: number;
  rules: RuleNumber[];
}

export interface MovingRangeChart {
  center_line: number | null;
  ucl: number | null;
  lcl: number | null;
  out_of_control_indices: number[];
}

export interface ControlChart {
  points: { x: number; y: number; timestamp: string }[];
  ucl: number | null;
  lcl: number | null;
  center_line: number | null;
  out_of_control_indices: number[];
  /** Absent only in hand-built test data; the API always answers them. */
  violations?: PointViolation[];
  moving_range?: MovingRangeChart;
  rule_set?: 'nelson' | 'western_electric' | 'custom';
  /** Where each recipe version's points lie (one entry, or every version with `across_versions`). */
  versions?: VersionSegment[];
  /** Points excluded from the statistics, in time order: drawn apart, in no limit or rule. */
  excluded?: ExcludedPoint[];
  /** Comments on the selection's points, each at its point's position. */
  comments?: ChartComment[];
}

export interface ChartComment {
  measurement_id: number;
  position: number;
  text: string;
  author: string;
  created_at: string;
}

export interface VersionSegment {
  subtask_id: number;
  version_id: number;
  version_number: number;
  /** Index in `points` of the version's first point; `end` is after its last. */
  start: number;
  end: number;
  nominal: number;
  ltl: number;
  lwl: number;
  uwl: number;
  utl: number;
}

/** A point taken out of the statistics (POST /measurements/{id}/exclusion); reinstating completes it. */
export interface Exclusion {
  id: number;
  measurement_id: number;
  reason: string;
  note: string;
  excluded_by: number;
  excluded_at: string;
  reinstated_by: number | null;
  reinstated_at: string | null;
  reinstate_note: string;
  active: boolean;
}

export interface ExcludedPoint {
  measurement_id: number;
  value: number;
  measured_at: string;
  reason: string;
  note: string;
  /** The index it would have in `points` were it counted. */
  position: number;
}

export interface Histogram {
  bins: number[];
  frequencies: number[];
  normal_curve_y: number[];
}

export interface SubtaskOption {
  id: number;
  marker_number: number;
  description: string;
  task_title: string;
  nominal: number;
  utl: number;
  ltl: number;
  uwl: number;
  lwl: number;
  unit: string;
}

/** One record of the change history (GET /api/history): who, when, what changed (before → after), why. */
export interface ChangeRecord {
  id: number;
  recorded_at: string;
  actor_id: number | null;
  actor_username: string | null;
  entity_type: string;
  entity_id: string;
  action: string;
  recipe_id: number | null;
  version_id: number | null;
  changes: { field: string; before: unknown; after: unknown }[];
  reason: string | null;
}
