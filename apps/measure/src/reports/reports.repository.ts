/**
 * What the two PDF reports read besides the statistics: group counts, operator names, the rows of
 * each group in print order. Everything a report shows is read inside one snapshot (read-snapshot.ts),
 * so the counts the page plan is built from match the rows that follow.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.types.js';
import { applyFilters } from '../features/measurements/measurements.repository.js';
import type { MeasurementFilters } from '../features/measurements/measurements.schema.js';

export interface GroupRowQueryResult {
  subtask_id: number;
  measured_at: string;
  value: number;
  deviation: number;
  pass_fail: string;
  measured_by: number;
  lot_number: string;
  serial_number: string;
  gauge_code: string | null;
}

export const reportsRepository = {
  /** Rows per subtask in the selection. */
  groupCounts: (db: Kysely<DB>, filters: MeasurementFilters) =>
    applyFilters(
      db.selectFrom('measurements').select((eb) => ['subtask_id', eb.fn.countAll<number>().as('n')]),
      filters,
    ).groupBy('subtask_id'),

  /** Subtasks of the recipe with their task and version, for the group headers and their order. */
  subtasksOfRecipe: (db: Kysely<DB>, recipeId: number) =>
    db
      .selectFrom('subtasks')
      .innerJoin('tasks', 'tasks.id', 'subtasks.task_id')
      .innerJoin('recipe_versions', 'recipe_versions.id', 'subtasks.version_id')
      .select([
        'subtasks.id',
        'subtasks.marker_number',
        'subtasks.description',
        'subtasks.nominal',
        'subtasks.ltl',
        'subtasks.lwl',
        'subtasks.uwl',
        'subtasks.utl',
        'subtasks.unit',
        'tasks.title as task_title',
        'tasks.order_index as task_order',
        'recipe_versions.version_number',
      ])
      .where('recipe_versions.recipe_id', '=', recipeId)
      .orderBy('recipe_versions.version_number')
      .orderBy('tasks.order_index')
      .orderBy('subtasks.marker_number')
      .orderBy('subtasks.id'),

  /** The operators who measured in the selection (for the Operator column). */
  operators: (db: Kysely<DB>, filters: MeasurementFilters) =>
    db
      .selectFrom('users')
      .select(['id', 'username', 'display_name'])
      .where('id', 'in', applyFilters(db.selectFrom('measurements').select('measured_by'), filters)),

  user: (db: Kysely<DB>, id: number) =>
    db.selectFrom('users').select(['id', 'username', 'display_name', 'language_pref']).where('id', '=', id),

  /** One group's rows in time order (index measurements_subtask_series). */
  groupRows: (db: Kysely<DB>, filters: MeasurementFilters, subtaskId: number) =>
    applyFilters(
      db
        .selectFrom('measurements')
        .select([
          'subtask_id',
          'measured_at',
          'value',
          'deviation',
          'pass_fail',
          'measured_by',
          'lot_number',
          'serial_number',
        ])
        .select((eb) =>
          eb
            .selectFrom('gauges')
            .select('gauges.code')
            .whereRef('gauges.id', '=', 'measurements.gauge_id')
            .as('gauge_code'),
        ),
      { ...filters, subtask_id: subtaskId },
    )
      .orderBy('measured_at')
      .orderBy('id'),
};

/** A user's name as a report prints it. */
export const nameOf = (user: { username: string; display_name: string }): string =>
  user.display_name.trim() || user.username;
