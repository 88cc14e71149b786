/**
 * Names for the measurement API's wire shapes. Every shape comes from openapi.d.ts, which `npm run api-types`
 * generates from the server's route schemas (GET /api/openapi.json); a test fails when that file drifts from
 * the server. Do not write a wire shape by hand here: fix the route schema and regenerate.
 */
import type { components, operations } from './openapi';

type Schemas = components['schemas'];
type JsonOf<Response> = Response extends { content: { 'application/json': infer Body } } ? Body : never;
/** The JSON body an operation answers with on success (200 unless given). */
export type ApiAnswer<
  Operation extends keyof operations,
  Status extends keyof operations[Operation]['responses'] = 200 & keyof operations[Operation]['responses'],
> = JsonOf<operations[Operation]['responses'][Status]>;
/** The JSON body an operation takes. */
export type ApiBody<Operation extends keyof operations> = operations[Operation] extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

export type User = Schemas['User'];
export type RoleName = User['roles'][number];
export const ROLE_NAMES: readonly RoleName[] = ['Maker', 'MeasurementTec', 'Metrologist'];

/** A page of a list endpoint (GET /recipes, /measurements/, /history, …): they all page alike. */
export type Paged<T> = Omit<ApiAnswer<'getRecipes'>, 'items'> & { items: T[] };

export type Subtask = Schemas['Subtask'];
export type Limits = Pick<Subtask, 'nominal' | 'utl' | 'uwl' | 'lwl' | 'ltl'>;
export type Task = Schemas['Task'];
export type Annotations = NonNullable<Task['annotations_json']>;
export type Marker = Annotations['markers'][number];

/** GET /recipes/{id}: the recipe with its current version's tasks. */
export type Recipe = ApiAnswer<'getRecipesByRecipeId'>;
/** GET /recipes lists recipes with their current version without its tasks. */
export type RecipeSummary = Schemas['RecipeSummary'];
export type RecipeVersion = Schemas['RecipeVersion'];
export type RecipeVersionSummary = Schemas['RecipeVersionSummary'];

export type Measurement = Schemas['Measurement'];
/** A row of GET /measurements/: who measured it and which point, so a table needs no ids. */
export type MeasurementListItem = Schemas['MeasurementListItem'];
export type Verdict = Measurement['pass_fail'];
/**
 * How this client says a value was entered. The server takes any lower-case word (other clients may send
 * their own), so a stored measurement's `input_method` is a plain string.
 */
export type InputMethod = 'usb_caliper' | 'manual';
/** What the station sends (POST /measurements/batch): always with lot, serial and how it was entered. */
export type MeasurementCreate = ApiBody<'postMeasurements'> &
  Required<Pick<ApiBody<'postMeasurements'>, 'lot_number' | 'serial_number'>> & { input_method: InputMethod };

export type Gauge = Schemas['Gauge'];
export type GaugeStatus = Gauge['status'];
export type Station = Schemas['Station'];
export type StationRecipe = Schemas['StationRecipe'];
export type FileUploadResult = ApiAnswer<'postFilesUpload'>;
export type Settings = ApiAnswer<'getSettings'>;

export type Summary = ApiAnswer<'getStatisticsSummary'>;
export type Capability = ApiAnswer<'getStatisticsCapability'>;
export type Ppm = NonNullable<Capability['ppm_within']>;
export type Interval = NonNullable<Capability['cp_ci95']>;

export type ControlChart = ApiAnswer<'getStatisticsControlChart'>;
export type PointViolation = ControlChart['violations'][number];
export type RuleNumber = PointViolation['rules'][number];
/** `rules` query values the metrologist picks from (the API also takes rule lists). */
export type RuleSetName = '1' | 'western_electric' | 'nelson';
export type MovingRangeChart = ControlChart['moving_range'];
export type ChartComment = ControlChart['comments'][number];
/** Where each recipe version's points lie (one entry, or every version with `across_versions`). */
export type VersionSegment = ControlChart['versions'][number];
/** Points excluded from the statistics, in time order: drawn apart, in no limit or rule. */
export type ExcludedPoint = ControlChart['excluded'][number];
/** A point taken out of the statistics (POST /measurements/{id}/exclusion); reinstating completes it. */
export type Exclusion = Schemas['Exclusion'];
export type Histogram = ApiAnswer<'getStatisticsHistogram'>;
export type SubtaskOption = Schemas['SubtaskOption'];

/** One record of the change history (GET /api/history): who, when, what changed (before → after), why. */
export type ChangeRecord = Schemas['ChangeRecord'];
