/**
 * The change records of task and subtask edits (docs/traceability.md). An edit of a version that has
 * measurements lands in a new version: its record also lists version_number before and after, so the
 * history shows that the edit released the next version rather than changing the measured one.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.types.js';
import { type FieldChange, fieldChanges } from '../history/field-changes.js';
import { recordChange } from '../history/history.repository.js';
import type { EditTarget } from '../recipes/versioning.js';
import type { SubtaskRow, TaskRow } from './tasks.repository.js';

export const TASK_FIELDS = [
  'title',
  'directive',
  'description',
  'file_type',
  'file_path',
  'annotations_json',
] as const;
export const SUBTASK_FIELDS = [
  'marker_number',
  'description',
  'measurement_type',
  'nominal',
  'utl',
  'uwl',
  'lwl',
  'ltl',
  'unit',
] as const;
export const LIMIT_FIELDS = ['nominal', 'utl', 'uwl', 'lwl', 'ltl'] as const;

/** A task as the history shows it: annotations as JSON, not as the text they are stored in. */
const taskView = (row: TaskRow) => ({
  ...row,
  annotations_json: row.annotations_json === null ? null : JSON.parse(row.annotations_json),
});

export const versionChange = (from: { version_number: number }, to: { version_number: number }) =>
  from.version_number === to.version_number
    ? []
    : [{ field: 'version_number', before: from.version_number, after: to.version_number }];

type Where = Pick<EditTarget, 'tx' | 'recipe' | 'version' | 'from'>;

/** One record of an edit to a task; nothing is written when the edit changed nothing. */
export async function recordTaskChange(
  where: Where,
  actorId: number,
  action: 'create' | 'update' | 'delete',
  before: TaskRow | null,
  after: TaskRow | null,
  extra: FieldChange[] = [],
): Promise<void> {
  const changes = [
    ...fieldChanges(before && taskView(before), after && taskView(after), TASK_FIELDS),
    ...extra,
    ...versionChange(where.from, where.version),
  ];
  if (changes.length === 0) return;
  await recordChange(where.tx, {
    actorId,
    entityType: 'task',
    entityId: (after ?? before)?.id as number,
    action,
    recipeId: where.recipe.id,
    versionId: where.version.id,
    changes,
  });
}

/** One record of an edit to a subtask (a characteristic); `reason` is kept when the caller gave one. */
export async function recordSubtaskChange(
  where: Where,
  actorId: number,
  action: 'create' | 'update' | 'delete',
  before: SubtaskRow | null,
  after: SubtaskRow | null,
  reason?: string,
): Promise<void> {
  const changes = [
    ...fieldChanges(before, after, SUBTASK_FIELDS),
    ...versionChange(where.from, where.version),
  ];
  if (changes.length === 0) return;
  await recordChange(where.tx, {
    actorId,
    entityType: 'subtask',
    entityId: (after ?? before)?.id as number,
    action,
    recipeId: where.recipe.id,
    versionId: where.version.id,
    changes,
    reason: reason ?? null,
  });
}

/** The subtasks of a task as its record lists them: marker, limits and unit of each. */
export const subtasksSummary = (rows: SubtaskRow[]) =>
  rows.map(({ marker_number, nominal, ltl, lwl, uwl, utl, unit }) => ({
    marker_number,
    nominal,
    ltl,
    lwl,
    uwl,
    utl,
    unit,
  }));

/**
 * True when a characteristic (a marker number of the recipe, in any version) already has measurements:
 * changing its limits then changes how recorded parts would be judged, so the change needs a reason.
 */
export const characteristicMeasured = async (db: Kysely<DB>, recipeId: number, markerNumber: number) =>
  (await db
    .selectFrom('measurements')
    .innerJoin('subtasks', 'subtasks.id', 'measurements.subtask_id')
    .select('measurements.id')
    .where('measurements.recipe_id', '=', recipeId)
    .where('subtasks.marker_number', '=', markerNumber)
    .limit(1)
    .executeTakeFirst()) !== undefined;

/** A reorder is a change of the version's task order: recorded as the titles in order, before and after. */
export async function recordReorder(
  where: Where,
  actorId: number,
  before: (string | undefined)[],
  after: (string | undefined)[],
): Promise<void> {
  const changes = [
    ...fieldChanges({ task_order: before }, { task_order: after }, ['task_order']),
    ...versionChange(where.from, where.version),
  ];
  if (changes.length === 0) return;
  await recordChange(where.tx, {
    actorId,
    entityType: 'recipe_version',
    entityId: where.version.id,
    action: 'reorder',
    recipeId: where.recipe.id,
    versionId: where.version.id,
    changes,
  });
}
