import type { Generated } from 'kysely';

/**
 * Row shapes as stored. Booleans are integers 0/1 and timestamps ISO 8601 UTC
 * text in both dialects (docs/decisions.md), so one set of queries and one
 * mapping layer serve SQLite and PostgreSQL alike.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  display_name: string;
  email: string;
  /** JSON array of role names. */
  roles: string;
  is_admin: number;
  active: number;
  language_pref: string;
  theme_pref: string;
  created_at: string;
}

export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 hex of the key; the key itself is never stored. */
  key_hash: string;
  created_at: string;
}

export interface RecipesTable {
  id: Generated<number>;
  code: string;
  name: string;
  description: string;
  active: number;
  created_by: number;
  created_at: string;
  updated_at: string;
  current_version_id: number | null;
}

export interface RecipeVersionsTable {
  id: Generated<number>;
  recipe_id: number;
  version_number: number;
  change_notes: string;
  created_by: number;
  created_at: string;
}

export interface TasksTable {
  id: Generated<number>;
  version_id: number;
  order_index: number;
  title: string;
  directive: string;
  description: string;
  file_type: string;
  /** JSON text or null. */
  annotations_json: string | null;
  /** The task's image, relative to the upload root; null without one. */
  file_path: string | null;
}

export interface SubtasksTable {
  id: Generated<number>;
  task_id: number;
  /** Denormalised from the task so marker numbers can be unique per version in the schema. */
  version_id: number;
  marker_number: number;
  description: string;
  measurement_type: string;
  nominal: number;
  utl: number;
  uwl: number;
  lwl: number;
  ltl: number;
  unit: string;
}

export interface MeasurementsTable {
  id: Generated<number>;
  subtask_id: number;
  version_id: number;
  /** Denormalised so recipe filters and statistics need no join. */
  recipe_id: number;
  measured_by: number;
  value: number;
  pass_fail: string;
  deviation: number;
  lot_number: string;
  serial_number: string;
  input_method: string;
  measured_at: string;
  synced_to_csv: number;
  /** The idempotent batch (measurement_batches.id) it was submitted in; null without a batch_id. */
  batch_ref: number | null;
  /** The gauge that took the value; null for rows from before the register and clients that send none. */
  gauge_id: number | null;
  /** The station's time of the reading (ISO 8601); null when the client did not send one. */
  taken_at: string | null;
  /** Why it was stored against a version that was no longer current (0013); null for ordinary rows. */
  back_entry_reason: string | null;
}

/** A measuring instrument of the register (0008-gauges). */
export interface GaugesTable {
  id: Generated<number>;
  code: string;
  description: string;
  type: string;
  /** Smallest step the gauge displays, e.g. 0.01 (mm); a value with more decimals is refused. */
  resolution: number;
  serial_number: string;
  /** YYYY-MM-DD. */
  calibrated_on: string;
  /** YYYY-MM-DD, the last day the gauge may be used. */
  calibration_due: string;
  status: string;
  /** When the gauge last entered service (ISO 8601); null if it never was. */
  in_service_from: string | null;
  /** When the gauge last left service; null if it never did. */
  out_of_service_from: string | null;
  notes: string;
  created_by: number;
  created_at: string;
  updated_at: string;
}

/** One period a gauge was in service (0012); a reading must fall in one. */
export interface GaugeServicePeriodsTable {
  id: Generated<number>;
  gauge_id: number;
  /** ISO 8601, inclusive. */
  started_at: string;
  /** ISO 8601, exclusive; null while the gauge is still in service. */
  ended_at: string | null;
}

export interface MeasurementBatchesTable {
  id: Generated<number>;
  /** The client's UUID, lower case. */
  batch_id: string;
  submitted_by: number;
  content_hash: string;
  item_count: number;
  created_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface StationsTable {
  id: Generated<number>;
  code: string;
  name: string;
  location: string | null;
  notes: string | null;
  active: number;
  /** Null for the seed station. */
  created_by: number | null;
  created_at: string;
}

export interface StationRecipesTable {
  id: Generated<number>;
  station_id: number;
  recipe_id: number;
  assigned_by: number;
  assigned_at: string;
}

/** One exclusion of a measurement from the statistics; reinstating it fills reinstated_* (never deleted). */
export interface MeasurementExclusionsTable {
  id: Generated<number>;
  measurement_id: number;
  /** One of the setting `exclusion_reasons` (the assignable causes). */
  reason: string;
  note: Generated<string>;
  excluded_by: number;
  excluded_at: string;
  reinstated_by: number | null;
  reinstated_at: string | null;
  reinstate_note: Generated<string>;
}

/** PostgreSQL only (migration 0010): an uploaded file, thumbnail or logo, by its path under the upload root. */
export interface StoredFilesTable {
  id: Generated<number>;
  path: string;
  size: number;
  created_at: string;
}

/** PostgreSQL only: the bytes of a stored file, in order of `seq` (0, 1, …). */
export interface StoredFileChunksTable {
  file_id: number;
  seq: number;
  data: Buffer;
}

/** A metrologist's comment on a measurement (migration 0011); never edited or deleted. */
export interface MeasurementCommentsTable {
  id: Generated<number>;
  measurement_id: number;
  text: string;
  created_by: number;
  created_at: string;
}

/** A gage R&R study (migration 0009). */
export interface GageStudiesTable {
  id: Generated<number>;
  recipe_id: number;
  subtask_id: number;
  name: string;
  parts: number;
  trials: number;
  seed: number;
  tolerance: number | null;
  created_by: number;
  created_at: string;
}

export interface GageStudyOperatorsTable {
  id: Generated<number>;
  study_id: number;
  /** 1-based: the operator's column in the study. */
  position: number;
  user_id: number;
}

/** One planned reading; `value` is filled once when the operator records it. */
export interface GageStudyTrialsTable {
  id: Generated<number>;
  study_id: number;
  user_id: number;
  sequence: number;
  part: number;
  trial: number;
  value: number | null;
  recorded_at: string | null;
}

/** One change to the configuration or to a point's exclusion (docs/traceability.md); never updated or deleted. */
export interface ChangeRecordsTable {
  id: Generated<number>;
  recorded_at: string;
  /** Null: the service itself (bootstrap). */
  actor_id: number | null;
  entity_type: string;
  entity_id: string;
  action: string;
  recipe_id: number | null;
  version_id: number | null;
  /** JSON array of {field, before, after}. */
  changes: string;
  reason: string | null;
}

export interface DB {
  users: UsersTable;
  api_keys: ApiKeysTable;
  recipes: RecipesTable;
  recipe_versions: RecipeVersionsTable;
  tasks: TasksTable;
  subtasks: SubtasksTable;
  measurements: MeasurementsTable;
  measurement_batches: MeasurementBatchesTable;
  measurement_exclusions: MeasurementExclusionsTable;
  measurement_comments: MeasurementCommentsTable;
  gage_studies: GageStudiesTable;
  gage_study_operators: GageStudyOperatorsTable;
  gage_study_trials: GageStudyTrialsTable;
  gauges: GaugesTable;
  gauge_service_periods: GaugeServicePeriodsTable;
  settings: SettingsTable;
  stations: StationsTable;
  station_recipes: StationRecipesTable;
  stored_files: StoredFilesTable;
  stored_file_chunks: StoredFileChunksTable;
  change_records: ChangeRecordsTable;
}
