/**
 * Queries behind /statistics/* and the SPC report. Every selection goes through the measurement
 * list's applyFilters (one definition of each filter, each backed by an index).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.types.js';
import { withoutExcluded } from '../features/exclusions/exclusions.repository.js';
import { applyFilters } from '../features/measurements/measurements.repository.js';
import type { MeasurementFilters } from '../features/measurements/measurements.schema.js';
import type { StatisticsFilters } from './statistics-query.schema.js';

/** The statistics filters in the measurement list's terms (operator_id is the list's measured_by). */
export function toMeasurementFilters(f: StatisticsFilters): MeasurementFilters {
  const out: MeasurementFilters = { recipe_id: f.recipe_id };
  if (f.subtask_id !== undefined) out.subtask_id = f.subtask_id;
  if (f.version_id !== undefined) out.version_id = f.version_id;
  if (f.operator_id !== undefined) out.measured_by = f.operator_id;
  if (f.lot_number !== undefined) out.lot_number = f.lot_number;
  if (f.serial_number !== undefined) out.serial_number = f.serial_number;
  if (f.date_from !== undefined) out.date_from = f.date_from;
  if (f.date_to !== undefined) out.date_to = f.date_to;
  return out;
}

/** GROUP BY pass_fail rows as the three counts summarize() takes. */
export function toVerdictCounts(rows: { pass_fail: string; n: number | string | bigint }[]) {
  const counts = { pass: 0, warning: 0, fail: 0 };
  for (const row of rows) {
    if (row.pass_fail in counts) counts[row.pass_fail as keyof typeof counts] = Number(row.n);
  }
  return counts;
}

export const statisticsRepository = {
  recipe: (db: Kysely<DB>, recipeId: number) =>
    db
      .selectFrom('recipes')
      .leftJoin('recipe_versions', 'recipe_versions.id', 'recipes.current_version_id')
      .select([
        'recipes.id',
        'recipes.code',
        'recipes.name',
        'recipes.current_version_id',
        'recipe_versions.version_number as current_version_number',
      ])
      .where('recipes.id', '=', recipeId)
      .executeTakeFirst(),

  /** The subtask with its task and version, only if it belongs to one of the recipe's versions. */
  subtaskOfRecipe: (db: Kysely<DB>, recipeId: number, subtaskId: number) =>
    db
      .selectFrom('subtasks')
      .innerJoin('tasks', 'tasks.id', 'subtasks.task_id')
      .innerJoin('recipe_versions', 'recipe_versions.id', 'subtasks.version_id')
      .selectAll('subtasks')
      .select(['tasks.title as task_title', 'recipe_versions.version_number'])
      .where('subtasks.id', '=', subtaskId)
      .where('recipe_versions.recipe_id', '=', recipeId)
      .executeTakeFirst(),

  /** The subtasks of one marker number in every version of the recipe, oldest version first. */
  lineage: (db: Kysely<DB>, recipeId: number, markerNumber: number) =>
    db
      .selectFrom('subtasks')
      .innerJoin('recipe_versions', 'recipe_versions.id', 'subtasks.version_id')
      .select([
        'subtasks.id as subtask_id',
        'subtasks.version_id',
        'recipe_versions.version_number',
        'subtasks.nominal',
        'subtasks.ltl',
        'subtasks.lwl',
        'subtasks.uwl',
        'subtasks.utl',
      ])
      .where('recipe_versions.recipe_id', '=', recipeId)
      .where('subtasks.marker_number', '=', markerNumber)
      .orderBy('recipe_versions.version_number')
      .execute(),

  versionOfRecipe: (db: Kysely<DB>, recipeId: number, versionId: number) =>
    db
      .selectFrom('recipe_versions')
      .select(['id', 'version_number'])
      .where('id', '=', versionId)
      .where('recipe_id', '=', recipeId)
      .executeTakeFirst(),

  /** Exact counts per stored verdict (SQL GROUP BY; no row leaves the database), excluded points left out. */
  verdictCountsQuery: (db: Kysely<DB>, filters: MeasurementFilters) =>
    withoutExcluded(
      applyFilters(
        db.selectFrom('measurements').select((eb) => ['pass_fail', eb.fn.countAll<number>().as('n')]),
        filters,
      ),
    ).groupBy('pass_fail'),

  verdictCounts: async (db: Kysely<DB>, filters: MeasurementFilters) =>
    toVerdictCounts(await statisticsRepository.verdictCountsQuery(db, filters).execute()),

  /**
   * One subtask's values in SPC order (spc.md §1: measured_at, then id), to stream from a cursor; points
   * excluded from the statistics are not part of the series.
   */
  seriesQuery: (db: Kysely<DB>, filters: MeasurementFilters, withTimes = true) =>
    withoutExcluded(
      applyFilters(
        db.selectFrom('measurements').select(withTimes ? ['value', 'measured_at'] : ['value']),
        filters,
      ),
    )
      .orderBy('measured_at')
      .orderBy('id'),

  /** Subtask options of one version, in task order, then marker number. */
  subtaskOptions: (db: Kysely<DB>, versionId: number) =>
    db
      .selectFrom('subtasks')
      .innerJoin('tasks', 'tasks.id', 'subtasks.task_id')
      .select([
        'subtasks.id',
        'subtasks.marker_number',
        'subtasks.description',
        'tasks.title as task_title',
        'subtasks.nominal',
        'subtasks.utl',
        'subtasks.ltl',
        'subtasks.uwl',
        'subtasks.lwl',
        'subtasks.unit',
        'subtasks.task_id',
        'subtasks.version_id',
      ])
      .where('subtasks.version_id', '=', versionId)
      .orderBy('tasks.order_index')
      .orderBy('subtasks.marker_number')
      .execute(),
};
